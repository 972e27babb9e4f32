import ReuseKitSupport

/// An attachment's rendering surface that shows CPU frames: what the view layer draws by asking for
/// the current frame, without knowing the surface's type (a sticker, or anything that animates).
///
/// A frame is rendered only when asked, and the view layer asks only for surfaces on screen, so a
/// surface off screen does no rendering work. ``lastFrameKey`` lets a texture keep a frame that did
/// not change instead of uploading it again.
public protocol FrameSurface: AnyObject {
  /// The frame to show now, in a `pixelSize × pixelSize` square, straight alpha (see `RGBAImage`).
  /// - Parameter pixelSize: The display size in physical pixels.
  /// - Returns: The frame, or `nil` when the surface has none at that size (the view layer then
  ///   draws a failed placeholder).
  func currentFrame(pixelSize: Int) -> RGBAImage?

  /// Which frame ``currentFrame(pixelSize:)`` last returned, or `nil` when unknown: equal keys mean
  /// equal pixels, and `nil` means the frame must be uploaded again.
  var lastFrameKey: FrameCacheKey? { get }

  /// The clock time at which the frame to show next changes, or `nil` when it will not (paused,
  /// finished, one frame): a loop that sleeps between frames wakes then. The default is `nil`.
  var nextFrameTime: Double? { get }
}

extension FrameSurface {
  /// `nil`: the surface's frame changes only when something else changes.
  public var nextFrameTime: Double? { nil }
}
