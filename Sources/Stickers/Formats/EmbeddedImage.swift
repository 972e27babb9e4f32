import Foundation

/// An image embedded in a Lottie file as a `data:` URI, sized from its header without decoding pixels.
enum EmbeddedImage {
  /// The bytes the image would decode to (width × height × 4).
  /// - Throws: `StickerError.Reason.malformed(_:)` for a URI that is not base64 PNG, JPEG, GIF
  ///   or WebP, or whose header gives no size; `StickerError.Reason.decodedSizeTooLarge(bytes:limit:)`
  ///   for an image over `StickerLimits.maxEmbeddedImageBytes`.
  static func decodedSize(dataURI: String, limits: StickerLimits) throws(StickerError.Reason) -> Int {
    guard let comma = dataURI.firstIndex(of: ","), dataURI[..<comma].hasSuffix(";base64") else {
      throw .malformed("embedded image is not a base64 data: URI")
    }
    guard let data = Data(base64Encoded: String(dataURI[dataURI.index(after: comma)...])) else {
      throw .malformed("embedded image has invalid base64")
    }
    let bytes = [UInt8](data)
    guard let (width, height) = dimensions(bytes) else {
      throw .malformed("embedded image is not a PNG, JPEG, GIF or WebP with a readable size")
    }
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixels <= limits.maxEmbeddedImageBytes / 4 else {
      throw .decodedSizeTooLarge(bytes: overflow ? .max : pixels * 4, limit: limits.maxEmbeddedImageBytes)
    }
    return pixels * 4
  }

  /// The width and height an image's header declares.
  static func dimensions(_ bytes: [UInt8]) -> (Int, Int)? {
    func u16be(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    func u16le(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    if bytes.starts(with: PNGChunks.signature), bytes.count >= 24 {
      return (PNGChunks.u32(bytes, 16), PNGChunks.u32(bytes, 20))
    }
    if bytes.starts(with: Array("GIF8".utf8)), bytes.count >= 10 { return (u16le(6), u16le(8)) }
    if bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
      // VP8X: 24-bit canvas size minus one; VP8L / VP8: from the bitstream header.
      switch String(decoding: bytes[12..<16], as: UTF8.self) {
      case "VP8X":
        let width = 1 + (Int(bytes[24]) | Int(bytes[25]) << 8 | Int(bytes[26]) << 16)
        let height = 1 + (Int(bytes[27]) | Int(bytes[28]) << 8 | Int(bytes[29]) << 16)
        return (width, height)
      case "VP8L":
        let bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
        return (1 + bits & 0x3FFF, 1 + (bits >> 14) & 0x3FFF)
      case "VP8 ": return (u16le(26) & 0x3FFF, u16le(28) & 0x3FFF)
      default: return nil
      }
    }
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
    // JPEG: walk the segments to the first start-of-frame marker.
    var offset = 2
    while offset + 9 < bytes.count {
      guard bytes[offset] == 0xFF else { return nil }
      let marker = bytes[offset + 1]
      if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
        return (u16be(offset + 7), u16be(offset + 5))
      }
      offset += 2 + u16be(offset + 2)
    }
    return nil
  }
}
