import ReuseKitSupport

/// Decodes the one-frame GIFs ``GIFStructure`` assembles (a canvas of the frame's size, the global
/// color table, the frame's control block, its image block at 0,0) into straight-alpha RGBA, in
/// Swift.
///
/// GIF frames are decoded here rather than by SDL2_image: Debian's SDL2_image 2.6 writes far out of
/// bounds on some LZW streams (a wild write found by the sticker fuzz target, inside the sandboxed
/// worker a crash, in process a memory corruption). Here every table index and output position is
/// checked, and memory is bounded by the frame's size, which the caller has capped.
///
/// Pixels are drawn as browsers draw them: the transparent index (from the control block) and an
/// index past the color table are transparent; pixels the LZW data ends before are transparent; an
/// interlaced frame's rows are put back in order.
enum GIFFrameDecoder {
  /// The most LZW codes a GIF's table holds (12-bit codes).
  private static let tableSize = 4096

  /// The frame in `gif`.
  /// - Parameter gif: A one-frame GIF as ``GIFStructure`` assembles it.
  /// - Returns: The frame, `width × height` of its image block.
  /// - Throws: `StickerError.Reason.malformed(_:)` for a truncated file, a block other than the
  ///   image where the image belongs, or an LZW code used before it is defined.
  /// - Complexity: O(width × height + the file's size).
  static func decode(_ gif: [UInt8]) throws(StickerError.Reason) -> RGBAImage {
    var reader = ByteReader(bytes: gif)
    _ = try reader.take(10)
    let flags = try reader.u8()
    _ = try reader.take(2)
    var palette = flags & 0x80 != 0 ? Array(try reader.take(3 << (Int(flags & 7) + 1))) : []
    var transparent: Int?
    var block = try reader.u8()
    if block == 0x21 {
      _ = try reader.u8()
      let control = Array(try reader.subBlock())
      if control.count >= 4, control[0] & 1 != 0 { transparent = Int(control[3]) }
      try reader.skipSubBlocks()
      block = try reader.u8()
    }
    guard block == 0x2C else {
      throw .malformed("GIF frame: block 0x\(String(block, radix: 16)) where the image belongs")
    }
    _ = try reader.take(4)
    let width = try reader.u16()
    let height = try reader.u16()
    let frameFlags = try reader.u8()
    if frameFlags & 0x80 != 0 { palette = Array(try reader.take(3 << (Int(frameFlags & 7) + 1))) }
    let codeSize = Int(try reader.u8())
    guard (2...8).contains(codeSize) else { throw .malformed("GIF frame: LZW code size \(codeSize)") }
    var data: [UInt8] = []
    while true {
      let chunk = try reader.subBlock()
      if chunk.isEmpty { break }
      data += chunk
    }
    var indices = try lzw(data, codeSize: codeSize, count: width * height)
    if frameFlags & 0x40 != 0 { indices = deinterlaced(indices, width: width, height: height) }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for (position, index) in indices.enumerated() {
      let color = Int(index)
      guard color >= 0, color != transparent, color * 3 + 2 < palette.count else { continue }
      pixels[position * 4] = palette[color * 3]
      pixels[position * 4 + 1] = palette[color * 3 + 1]
      pixels[position * 4 + 2] = palette[color * 3 + 2]
      pixels[position * 4 + 3] = 255
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// The color indices of `count` pixels from GIF LZW data (variable-width codes, least
  /// significant bit first, clear and end codes, a full table kept until the next clear); `-1` for
  /// a pixel the data ends before.
  /// - Throws: `StickerError.Reason.malformed(_:)` for a code past the next one the table defines.
  private static func lzw(_ data: [UInt8], codeSize: Int, count: Int) throws(StickerError.Reason) -> [Int16] {
    var output = [Int16](repeating: -1, count: count)
    var written = 0
    let clear = 1 << codeSize
    let end = clear + 1
    var prefix = [Int](repeating: 0, count: tableSize)
    var suffix = [UInt8](repeating: 0, count: tableSize)
    var first = [UInt8](repeating: 0, count: tableSize)
    var length = [Int](repeating: 1, count: tableSize)
    for code in 0..<clear {
      suffix[code] = UInt8(code)
      first[code] = UInt8(code)
    }
    var width = codeSize + 1
    var next = clear + 2
    var previous: Int?
    var bits = 0
    var bitCount = 0
    var position = 0
    decoding: while written < count {
      while bitCount < width {
        guard position < data.count else { break decoding }
        bits |= Int(data[position]) << bitCount
        position += 1
        bitCount += 8
      }
      let code = bits & (1 << width - 1)
      bits >>= width
      bitCount -= width
      if code == clear {
        width = codeSize + 1
        next = clear + 2
        previous = nil
        continue
      }
      if code == end { break }
      guard let last = previous else {
        guard code < clear else { throw .malformed("GIF frame: LZW code \(code) before any pixel") }
        output[written] = Int16(code)
        written += 1
        previous = code
        continue
      }
      guard code <= next, code < tableSize else { throw .malformed("GIF frame: LZW code \(code) is not defined yet") }
      if next < tableSize {
        // The new string: the previous one and the first pixel of this one (of the previous one
        // when this code is the one being defined).
        prefix[next] = last
        suffix[next] = code == next ? first[last] : first[code]
        first[next] = first[last]
        length[next] = length[last] + 1
        next += 1
        if next == 1 << width, width < 12 { width += 1 }
      }
      var string = code
      for offset in stride(from: length[code] - 1, through: 0, by: -1) {
        if written + offset < count { output[written + offset] = Int16(suffix[string]) }
        string = prefix[string]
      }
      written = min(count, written + length[code])
      previous = code
    }
    return output
  }

  /// The rows of an interlaced image (rows 0, 8, 16, …, then 4, 12, …, then 2, 6, …, then 1, 3, …)
  /// in top-to-bottom order.
  private static func deinterlaced(_ indices: [Int16], width: Int, height: Int) -> [Int16] {
    var rows: [Int] = []
    for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] { rows += stride(from: start, to: height, by: step) }
    var ordered = [Int16](repeating: -1, count: indices.count)
    for (source, row) in rows.enumerated() {
      ordered[row * width..<(row + 1) * width] = indices[source * width..<(source + 1) * width]
    }
    return ordered
  }
}
