import ReuseKitSupport

/// Decodes one sticker's frames at a requested pixel size.
public protocol StickerPlayer: AnyObject {
  /// The content hash of the file: the frame cache's asset key.
  var contentKey: String { get }
  /// Frames per loop.
  var frameCount: Int { get }
  /// Each frame's duration in seconds, or `nil` when every frame lasts `1 / frameRate`.
  var frameDurations: [Double]? { get }
  /// Frames per second.
  var frameRate: Double { get }
  /// Renders `frame` fitted into a `pixelSize × pixelSize` square.
  func render(frame: Int, pixelSize: Int) -> RGBAImage
}

extension StickerPlayer {
  /// A new animation state at frame 0 that follows this player's timing.
  public func makeAnimationState(clock: any AnimationClock) -> AnimationState {
    if let frameDurations { return AnimationState(clock: clock, frameDurations: frameDurations) }
    return AnimationState(clock: clock, frameCount: frameCount, frameRate: frameRate)
  }
}
