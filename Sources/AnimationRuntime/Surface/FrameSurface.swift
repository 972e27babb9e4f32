import ReuseKitSupport

/// An attachment's rendering surface that shows CPU frames: what the view layer draws by asking for
/// the current frame, without knowing the surface's type (a sticker, or anything that animates).
///
/// A frame is rendered only when asked, and the view layer asks only for surfaces on screen, so a
/// surface off screen does no rendering work. ``lastFrameKey`` lets a texture keep a frame that did
/// not change instead of uploading it again.
///
/// A surface implements one of the two `currentFrame` methods: a square one (a sticker) implements
/// ``currentFrame(pixelSize:)``, and the view layer, which asks for the view's whole frame with
/// ``currentFrame(pixelWidth:pixelHeight:)``, gets a square of the shorter side drawn centred in it;
/// a surface of any other shape (a waveform, a progress bar) implements
/// ``currentFrame(pixelWidth:pixelHeight:)`` and fills its frame. Each method's default calls the
/// other, so a surface that implements neither recurses until the stack runs out.
///
/// An attachment view that is not a `FrameSurface` is drawn by the SDL view as a translucent
/// placeholder box the size of its frame, outlined in red with a cross when it is a
/// `PlaceholderRenderingSurface` with a `failureReason`.
public protocol FrameSurface: AnyObject {
  /// The frame to show now, in a `pixelSize × pixelSize` square, straight alpha (see `RGBAImage`).
  /// The default returns ``currentFrame(pixelWidth:pixelHeight:)`` with both sides `pixelSize`.
  /// - Parameter pixelSize: The display size in physical pixels.
  /// - Returns: The frame, or `nil` when the surface has none at that size (the view layer then
  ///   draws a failed placeholder).
  func currentFrame(pixelSize: Int) -> RGBAImage?

  /// The frame to show now in a `pixelWidth × pixelHeight` rectangle, straight alpha. The view
  /// layer asks with its frame's size and draws the image centred in the frame, scaled down to fit
  /// if it is larger. The default returns the square ``currentFrame(pixelSize:)`` of the shorter side.
  /// - Parameters:
  ///   - pixelWidth: The display width in physical pixels.
  ///   - pixelHeight: The display height in physical pixels.
  /// - Returns: The frame, or `nil` when the surface has none at that size (the view layer then
  ///   draws a failed placeholder).
  func currentFrame(pixelWidth: Int, pixelHeight: Int) -> RGBAImage?

  /// Which frame ``currentFrame(pixelSize:)`` last returned, or `nil` when unknown: equal keys mean
  /// equal pixels, and `nil` means the frame must be uploaded again.
  var lastFrameKey: FrameCacheKey? { get }

  /// The clock time at which the frame to show next changes, or `nil` when it will not (paused,
  /// finished, one frame): a loop that sleeps between frames wakes then. The default is `nil`.
  var nextFrameTime: Double? { get }

  /// Where the frame ``currentFrame(pixelSize:)`` last returned came from. The view layer counts a
  /// ``FrameOrigin/pending`` frame as blank sticker pixels and draws a skeleton for it; the default
  /// is ``FrameOrigin/unknown``.
  var lastFrameOrigin: FrameOrigin { get }
}

extension FrameSurface {
  /// `nil`: the surface's frame changes only when something else changes.
  public var nextFrameTime: Double? { nil }

  /// ``FrameOrigin/unknown``: the surface does not say.
  public var lastFrameOrigin: FrameOrigin { .unknown }

  /// The rectangular frame with both sides `pixelSize`.
  /// - Parameter pixelSize: The display size in physical pixels.
  /// - Returns: `currentFrame(pixelWidth: pixelSize, pixelHeight: pixelSize)`.
  public func currentFrame(pixelSize: Int) -> RGBAImage? {
    currentFrame(pixelWidth: pixelSize, pixelHeight: pixelSize)
  }

  /// The square frame of the shorter side, which the view layer centres in the longer one.
  /// - Parameters:
  ///   - pixelWidth: The display width in physical pixels.
  ///   - pixelHeight: The display height in physical pixels.
  /// - Returns: `currentFrame(pixelSize: min(pixelWidth, pixelHeight))`.
  public func currentFrame(pixelWidth: Int, pixelHeight: Int) -> RGBAImage? {
    currentFrame(pixelSize: min(pixelWidth, pixelHeight))
  }
}
