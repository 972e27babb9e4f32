import ReuseKit

/// A "typing…" indicator: three dots that pulse, as an inline attachment.
public final class TypingIndicatorAttachment: TextAttachment {
  /// The number of dots.
  public let dots: Int

  /// Creates an indicator of `dots` dots, 36 × 12 points on the baseline.
  public init(dots: Int = 3) {
    self.dots = dots
    super.init(
      fileType: "typing-indicator", bounds: CGRect(x: 0, y: 0, width: 36, height: 12),
      viewProviderType: TypingIndicatorProvider.self)
  }

  /// A subclass with state of its own overrides `copy()`: a paste inserts a copy.
  public override func copy() -> TextAttachment { TypingIndicatorAttachment(dots: dots) }
}

/// Draws a ``TypingIndicatorAttachment``: its view owns the dots' animation.
///
/// It makes an `AnimationState` in `loadView()` and reports nothing: the text view counts the state,
/// and a reset when the attachment had one before.
public final class TypingIndicatorProvider: TextAttachmentViewProvider {
  public override func loadView() throws {
    let dots = (textAttachment as? TypingIndicatorAttachment)?.dots ?? 3
    let state = AnimationState(clock: animationClock, frameCount: dots * 4, frameRate: 8)
    view = TypingIndicatorView(frame: textAttachment?.bounds ?? .zero, animationState: state)
  }
}

/// The indicator's view: its animation pauses while the view waits in the scroll cache.
public final class TypingIndicatorView: TextViewportRenderingSurface, FrameSurface {
  public var frame: CGRect
  /// The dots' animation, made with the view.
  public let animationState: AnimationState
  public private(set) var lastFrameKey: FrameCacheKey?

  init(frame: CGRect, animationState: AnimationState) {
    self.frame = frame
    self.animationState = animationState
  }

  public func surfaceWillEnterReuseCache(keepsAdvancing: Bool) {
    if !keepsAdvancing { animationState.pause() }
  }

  public func surfaceDidLeaveReuseCache() { animationState.resume() }

  /// A square of one colour per frame: dark blue, lighter as the animation goes.
  public func currentFrame(pixelSize: Int) -> RGBAImage? {
    let step = UInt32(animationState.frameIndex * 16 % 256)
    lastFrameKey = FrameCacheKey(asset: "typing", pixelSize: pixelSize, frameIndex: animationState.frameIndex)
    return RGBAImage(width: pixelSize, height: pixelSize, fill: 0xFF20_4080 | step)
  }
}

/// A still "read" mark: a provider whose view has no animation, so it counts no animation state.
public final class ReadMarkProvider: TextAttachmentViewProvider {
  public override func loadView() throws {
    view = PlaceholderRenderingSurface(frame: textAttachment?.bounds ?? .zero)
  }
}
