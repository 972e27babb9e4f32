import Foundation

/// One sticker of a ``StickerLibrary``, as its manifest describes it.
public struct StickerAsset: Equatable, Sendable {
  /// How a sticker file is encoded.
  public enum Kind: String, Codable, Sendable {
    /// Lottie JSON, played by rlottie.
    case lottie
    /// An animated GIF, decoded by SDL2_image's `IMG_LoadAnimation_RW`.
    case gif
    /// A PNG strip of equal square-or-not frames laid out left to right, decoded by `IMG_Load_RW`.
    case frameStrip
  }

  /// The name a ``StickerAttachment`` refers to.
  public var name: String
  /// The file's location.
  public var file: URL
  /// The file's encoding.
  public var kind: Kind
  /// The canvas size the manifest declares, in pixels.
  public var naturalSize: CGSize
  /// Frames per loop, as the manifest declares (the player uses the file's own count).
  public var frameCount: Int
  /// Frames per second, as the manifest declares.
  public var frameRate: Double

  public init(name: String, file: URL, kind: Kind, naturalSize: CGSize, frameCount: Int, frameRate: Double) {
    self.name = name
    self.file = file
    self.kind = kind
    self.naturalSize = naturalSize
    self.frameCount = frameCount
    self.frameRate = frameRate
  }
}
