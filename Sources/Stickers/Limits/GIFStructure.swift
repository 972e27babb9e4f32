/// The block structure of a GIF, walked without decoding any pixels, and checked against the caps.
///
/// It counts image blocks and sums their delays so frame count, duration and decoded size are
/// known before SDL2_image allocates anything; truncated or broken frames are reported here.
struct GIFStructure {
  let width: Int
  let height: Int
  /// Each frame's delay in centiseconds, as written (0 when a frame has no graphic control block).
  let delays: [Int]

  /// Walks and checks `bytes`.
  /// - Throws: The first cap or format problem found.
  /// - Complexity: O(n).
  init(bytes: [UInt8], limits: StickerLimits) throws(StickerError.Reason) {
    var reader = ByteReader(bytes: bytes)
    let signature = Array(try reader.take(6))
    guard signature == Array("GIF89a".utf8) || signature == Array("GIF87a".utf8) else {
      throw .malformed("not a GIF signature")
    }
    let width = try reader.u16()
    let height = try reader.u16()
    let flags = try reader.u8()
    _ = try reader.take(2)
    guard width >= 1, height >= 1 else { throw .malformed("empty canvas") }
    guard width <= limits.maxCanvasSide, height <= limits.maxCanvasSide else {
      throw .canvasTooLarge(width: width, height: height, limit: limits.maxCanvasSide)
    }
    if flags & 0x80 != 0 { _ = try reader.take(3 << (Int(flags & 7) + 1)) }
    var delays: [Int] = []
    var pendingDelay = 0
    var totalDelay = 0
    blocks: while true {
      switch try reader.u8() {
      case 0x21:
        let label = try reader.u8()
        let first = Array(try reader.subBlock())
        if label == 0xF9, first.count >= 3 { pendingDelay = Int(first[1]) | Int(first[2]) << 8 }
        try reader.skipSubBlocks()
      case 0x2C:
        let (x, y, frameWidth, frameHeight) = (try reader.u16(), try reader.u16(), try reader.u16(), try reader.u16())
        let frameFlags = try reader.u8()
        guard frameWidth >= 1, frameHeight >= 1, x + frameWidth <= width, y + frameHeight <= height else {
          throw .malformed("frame \(delays.count) (\(frameWidth)×\(frameHeight) at \(x),\(y)) lies outside the canvas")
        }
        if frameFlags & 0x80 != 0 { _ = try reader.take(3 << (Int(frameFlags & 7) + 1)) }
        let codeSize = try reader.u8()
        guard (2...8).contains(codeSize) else {
          throw .malformed("frame \(delays.count) has LZW code size \(codeSize)")
        }
        try reader.skipSubBlocks()
        delays.append(pendingDelay)
        totalDelay += pendingDelay <= 1 ? 10 : pendingDelay
        pendingDelay = 0
        guard delays.count <= limits.maxFrameCount else {
          throw .tooManyFrames(count: delays.count, limit: limits.maxFrameCount)
        }
      case 0x3B: break blocks
      case let other: throw .malformed("unexpected block 0x\(String(other, radix: 16)) after frame \(delays.count)")
      }
    }
    guard !delays.isEmpty else { throw .malformed("no frames") }
    let seconds = Double(totalDelay) / 100
    guard seconds <= limits.maxDuration else { throw .durationTooLong(seconds: seconds, limit: limits.maxDuration) }
    let decoded = delays.count * width * height * 4
    guard decoded <= limits.maxDecodedBytes else {
      throw .decodedSizeTooLarge(bytes: decoded, limit: limits.maxDecodedBytes)
    }
    self.width = width
    self.height = height
    self.delays = delays
  }
}

/// A bounds-checked cursor over bytes; running off the end is a truncation error.
private struct ByteReader {
  let bytes: [UInt8]
  var offset = 0

  mutating func take(_ count: Int) throws(StickerError.Reason) -> ArraySlice<UInt8> {
    guard count >= 0, offset + count <= bytes.count else { throw .malformed("truncated at offset \(bytes.count)") }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }

  mutating func u8() throws(StickerError.Reason) -> UInt8 { try take(1).first ?? 0 }

  mutating func u16() throws(StickerError.Reason) -> Int {
    let pair = try take(2)
    return Int(pair[pair.startIndex]) | Int(pair[pair.startIndex + 1]) << 8
  }

  mutating func subBlock() throws(StickerError.Reason) -> ArraySlice<UInt8> {
    try take(Int(try u8()))
  }

  mutating func skipSubBlocks() throws(StickerError.Reason) {
    while true {
      let length = Int(try u8())
      if length == 0 { return }
      _ = try take(length)
    }
  }
}
