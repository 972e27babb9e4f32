/// Identifies one rendered frame: which file (by content hash), at which pixel size, which frame.
public struct FrameCacheKey: Hashable, Sendable {
  /// The content hash of the sticker file, so equal files share frames across libraries and views.
  public var asset: String
  /// The side of the rendered square, in pixels.
  public var pixelSize: Int
  /// The frame within the loop.
  public var frameIndex: Int

  /// The key of frame `frameIndex` of the file whose content hash is `asset`, rendered `pixelSize` pixels square.
  /// - Parameters:
  ///   - asset: The sticker file's content hash.
  ///   - pixelSize: The side of the rendered square, in pixels.
  ///   - frameIndex: The frame within the loop.
  public init(asset: String, pixelSize: Int, frameIndex: Int) {
    self.asset = asset
    self.pixelSize = pixelSize
    self.frameIndex = frameIndex
  }
}
