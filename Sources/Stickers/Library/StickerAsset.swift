import Foundation

/// One sticker of a ``StickerLibrary``: a name and a file. Everything else comes from the file's bytes,
/// except what a frame strip's manifest entry describes.
public struct StickerAsset: Equatable, Sendable {
  /// How a sticker file is encoded; always read from the bytes (see ``detect(_:)``), never from the name.
  public typealias Kind = StickerKind

  /// How a frame strip is cut: the frame count and rate a manifest entry gives.
  public typealias StripLayout = StickerStripLayout

  /// The name a ``StickerAttachment`` refers to.
  public var name: String
  /// The file's location.
  public var file: URL
  /// How to cut a PNG into frames; `nil` plays a PNG as one still frame.
  public var strip: StripLayout?
  /// Why the library could not even describe this entry (a bad manifest entry): it loads as the placeholder.
  public var entryError: String?

  /// The sticker `name`, read from `file`; the file is not opened until the sticker is loaded.
  /// - Parameters:
  ///   - name: The name a ``StickerAttachment`` refers to.
  ///   - file: The file's location.
  ///   - strip: How to cut a PNG into frames, or `nil` for one still frame.
  ///   - entryError: Why the entry could not be described, or `nil`; when set, the sticker loads as the
  ///     placeholder.
  public init(name: String, file: URL, strip: StripLayout? = nil, entryError: String? = nil) {
    self.name = name
    self.file = file
    self.strip = strip
    self.entryError = entryError
  }

  /// The format of `bytes`, read from their first bytes.
  /// - Returns: `nil` when the bytes are no sticker format.
  /// - Complexity: O(1) except for PNG, where chunks are walked up to the first `IDAT`.
  public static func detect(_ bytes: [UInt8]) -> Kind? {
    if bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B { return .tgs }
    if bytes.count >= 4, bytes[0] == 0x50, bytes[1] == 0x4B, bytes[2] == 3, bytes[3] == 4 { return .dotLottie }
    if bytes.starts(with: Array("GIF8".utf8)) { return .gif }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
      return .webp
    }
    if bytes.starts(with: PNGChunks.signature) {
      return PNGChunks.hasAnimationControl(bytes) ? .apng : .frameStrip
    }
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    if start < bytes.count, bytes[start] == UInt8(ascii: "{") { return .lottie }
    return nil
  }
}
