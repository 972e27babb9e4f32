import CZlib

/// The chunks of a PNG, walked without decoding pixels; every length is checked against the bytes.
struct PNGChunks {
  /// One chunk: its four-letter type and where its data lies.
  struct Chunk {
    let type: String
    let data: Range<Int>
  }

  /// The eight-byte PNG signature.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  let chunks: [Chunk]

  /// Walks every chunk up to `IEND`.
  /// - Throws: `StickerError.Reason.malformed(_:)` for a bad signature, a chunk running past the
  ///   end, a missing `IHDR` or `IEND`.
  /// - Complexity: O(number of chunks).
  init(bytes: [UInt8]) throws(StickerError.Reason) {
    guard bytes.starts(with: Self.signature) else { throw .malformed("not a PNG signature") }
    var chunks: [Chunk] = []
    var offset = 8
    while true {
      guard offset + 12 <= bytes.count else { throw .malformed("truncated at offset \(offset): no IEND chunk") }
      let length = Self.u32(bytes, offset)
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      let (end, overflow) = (offset + 8).addingReportingOverflow(length)
      guard !overflow, end + 4 <= bytes.count else {
        throw .malformed("truncated: chunk \(type) at offset \(offset) claims \(length) bytes")
      }
      chunks.append(Chunk(type: type, data: offset + 8..<end))
      offset = end + 4
      if type == "IEND" { break }
    }
    guard chunks.first?.type == "IHDR", chunks[0].data.count == 13 else { throw .malformed("no IHDR chunk first") }
    self.chunks = chunks
  }

  /// The canvas size from `IHDR`.
  func size(in bytes: [UInt8]) -> (width: Int, height: Int) {
    (Self.u32(bytes, chunks[0].data.lowerBound), Self.u32(bytes, chunks[0].data.lowerBound + 4))
  }

  /// Whether `bytes` hold an `acTL` chunk before the first `IDAT` (an APNG). Never throws: a broken
  /// PNG is simply not animated here, and its error comes from the decoder.
  static func hasAnimationControl(_ bytes: [UInt8]) -> Bool {
    var offset = 8
    while offset + 8 <= bytes.count {
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      if type == "acTL" { return true }
      if type == "IDAT" || type == "IEND" { return false }
      let (next, overflow) = (offset + 12).addingReportingOverflow(u32(bytes, offset))
      guard !overflow else { return false }
      offset = next
    }
    return false
  }

  /// A big-endian 32-bit value at `offset` (the caller checked the bounds).
  static func u32(_ bytes: [UInt8], _ offset: Int) -> Int {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
  }

  /// A whole chunk (length, type, data, CRC) with a fresh CRC.
  static func chunk(_ type: String, _ data: ArraySlice<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(data.count + 12)
    let length = UInt32(data.count)
    out += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
    out += Array(type.utf8)
    out += data
    let crc = out[4...].withUnsafeBufferPointer { buffer in
      UInt32(crc32(0, buffer.baseAddress, UInt32(buffer.count)))
    }
    out += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    return out
  }
}
