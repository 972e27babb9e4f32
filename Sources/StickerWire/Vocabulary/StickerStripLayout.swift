/// How a frame strip is cut: the frame count and rate a manifest entry gives.
public struct StickerStripLayout: Equatable, Sendable {
  /// Frames laid out left to right.
  public var frameCount: Int
  /// Frames per second.
  public var frameRate: Double

  /// A strip of `frameCount` frames played at `frameRate` frames per second.
  /// - Parameters:
  ///   - frameCount: Frames laid out left to right.
  ///   - frameRate: Frames per second.
  public init(frameCount: Int, frameRate: Double) {
    self.frameCount = frameCount
    self.frameRate = frameRate
  }
}
