/// The block structure of a GIF, walked without decoding any pixels, and checked against the caps.
///
/// Each frame is re-assembled as a one-frame GIF of its own region (decoded later by SDL2_image),
/// with its delay, disposal and placement, so frames can be composited — and clipped to the
/// canvas — one at a time at display size. Truncated or broken frames are reported here.
struct GIFStructure {
  let width: Int
  let height: Int
  /// Each frame as a one-frame GIF of its region, with its placement and disposal.
  let frames: [CompositedFrames.Frame]
  /// Each frame's time on screen in seconds; delays of 0 or 1 centisecond play as 10, as browsers do.
  let durations: [Double]

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
    let globalTable = flags & 0x80 != 0 ? Array(try reader.take(3 << (Int(flags & 7) + 1))) : []
    var frames: [CompositedFrames.Frame] = []
    var durations: [Double] = []
    var control: [UInt8] = []
    var totalDelay = 0
    var totalPixels = 0
    blocks: while true {
      switch try reader.u8() {
      case 0x21:
        let label = try reader.u8()
        let first = Array(try reader.subBlock())
        if label == 0xF9, first.count >= 4 { control = first }
        try reader.skipSubBlocks()
      case 0x2C:
        let start = reader.offset
        let (x, y, frameWidth, frameHeight) = (try reader.u16(), try reader.u16(), try reader.u16(), try reader.u16())
        let frameFlags = try reader.u8()
        guard frameWidth >= 1, frameHeight >= 1 else { throw .malformed("frame \(frames.count) is empty") }
        totalPixels += frameWidth * frameHeight
        guard totalPixels <= limits.maxDecodedPixels else {
          throw .decodedSizeTooLarge(bytes: totalPixels * 4, limit: limits.maxDecodedPixels * 4)
        }
        if frameFlags & 0x80 != 0 { _ = try reader.take(3 << (Int(frameFlags & 7) + 1)) }
        let codeSize = try reader.u8()
        guard (2...8).contains(codeSize) else {
          throw .malformed("frame \(frames.count) has LZW code size \(codeSize)")
        }
        try reader.skipSubBlocks()
        let delay = control.isEmpty ? 0 : Int(control[1]) | Int(control[2]) << 8
        // The frame alone: a canvas of its own size, the global table, its control block, then the
        // image block placed at 0,0.
        var gif = Array("GIF89a".utf8)
        gif += [UInt8(frameWidth & 0xFF), UInt8(frameWidth >> 8), UInt8(frameHeight & 0xFF), UInt8(frameHeight >> 8)]
        gif += [flags & 0x87, 0, 0] + globalTable
        if !control.isEmpty { gif += [0x21, 0xF9, 4] + control.prefix(4) + [0] }
        gif += [0x2C, 0, 0, 0, 0] + bytes[start + 4..<reader.offset] + [0x3B]
        let disposal: CompositedFrames.Disposal =
          switch control.isEmpty ? 0 : control[0] >> 2 & 7 {
          case 2: .clear
          case 3: .restorePrevious
          default: .keep
          }
        frames.append(
          CompositedFrames.Frame(
            encoded: gif, x: x, y: y, width: frameWidth, height: frameHeight, blendsOver: true, disposal: disposal))
        durations.append(Double(delay <= 1 ? 10 : delay) / 100)
        totalDelay += delay <= 1 ? 10 : delay
        control = []
      case 0x3B: break blocks
      case let other: throw .malformed("unexpected block 0x\(String(other, radix: 16)) after frame \(frames.count)")
      }
    }
    guard !frames.isEmpty else { throw .malformed("no frames") }
    let seconds = Double(totalDelay) / 100
    guard seconds <= limits.maxDuration else { throw .durationTooLong(seconds: seconds, limit: limits.maxDuration) }
    self.width = width
    self.height = height
    self.frames = frames
    self.durations = durations
  }
}

/// A bounds-checked cursor over bytes; running off the end is a truncation error.
struct ByteReader {
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
