/// An animated PNG split into its frames: each frame re-assembled as a PNG of its own, with its
/// region, delay and dispose/blend operations (Debian's libpng has no APNG support).
struct APNGStructure {
  let width: Int
  let height: Int
  /// Each frame as a PNG of its region, with its placement, blending and disposal.
  let frames: [CompositedFrames.Frame]
  /// Each frame's time on screen in seconds; delays of 10 ms or less play as 0.1 s, as browsers do.
  let durations: [Double]

  /// Splits `bytes` and checks them against `limits`.
  /// - Throws: The first cap or format problem found, naming the frame.
  /// - Complexity: O(n) plus one copy of the image data.
  init(bytes: [UInt8], limits: StickerLimits) throws(StickerError.Reason) {
    let walked = try PNGChunks(bytes: bytes)
    let (width, height) = walked.size(in: bytes)
    guard width >= 1, height >= 1 else { throw .malformed("empty canvas") }
    guard let control = walked.chunks.first(where: { $0.type == "acTL" }), control.data.count == 8 else {
      throw .malformed("no acTL chunk: not an animated PNG")
    }
    let declared = PNGChunks.u32(bytes, control.data.lowerBound)
    let fcTLCount = walked.chunks.lazy.filter { $0.type == "fcTL" }.count
    guard declared >= 1, declared == fcTLCount else {
      throw .malformed("acTL declares \(declared) frames but the file holds \(fcTLCount)")
    }
    // Chunks every frame's PNG shares: everything before the image data but the animation chunks.
    var shared: [UInt8] = []
    var frames: [CompositedFrames.Frame] = []
    var durations: [Double] = []
    var pending: (control: Range<Int>, data: [UInt8])?
    var seenImageData = false
    var totalDelay = 0.0
    var totalPixels = 0

    func finish(_ item: (control: Range<Int>, data: [UInt8])) throws(StickerError.Reason) {
      let at = item.control.lowerBound
      let frameWidth = PNGChunks.u32(bytes, at + 4)
      let frameHeight = PNGChunks.u32(bytes, at + 8)
      let x = PNGChunks.u32(bytes, at + 12)
      let y = PNGChunks.u32(bytes, at + 16)
      let numerator = Int(bytes[at + 20]) << 8 | Int(bytes[at + 21])
      let denominator = Int(bytes[at + 22]) << 8 | Int(bytes[at + 23])
      let index = frames.count
      guard frameWidth >= 1, frameHeight >= 1, x + frameWidth <= width, y + frameHeight <= height else {
        throw .malformed("frame \(index) (\(frameWidth)×\(frameHeight) at \(x),\(y)) lies outside the canvas")
      }
      guard !item.data.isEmpty else { throw .malformed("frame \(index) has no image data") }
      // 32-bit sides: their product and the running total can overflow Int; saturate instead.
      let (pixels, overflow) = frameWidth.multipliedReportingOverflow(by: frameHeight)
      let (sum, overflowSum) = totalPixels.addingReportingOverflow(pixels)
      totalPixels = overflow || overflowSum ? Int.max : sum
      guard totalPixels <= limits.maxDecodedPixels else {
        throw .decodedSizeTooLarge(
          bytes: totalPixels.multipliedReportingOverflow(by: 4).overflow ? Int.max : totalPixels * 4,
          limit: limits.maxDecodedPixels * 4)
      }
      let delay = Double(numerator) / Double(denominator == 0 ? 100 : denominator)
      totalDelay += delay
      var header = Array(bytes[walked.chunks[0].data])
      for (offset, value) in [(0, frameWidth), (4, frameHeight)] {
        for byte in 0..<4 { header[offset + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte)) }
      }
      var png = PNGChunks.signature + PNGChunks.chunk("IHDR", header[...]) + shared
      png += PNGChunks.chunk("IDAT", item.data[...])
      png += PNGChunks.chunk("IEND", [])
      // A first frame asking to restore the previous canvas clears it, per the APNG spec.
      let disposal: CompositedFrames.Disposal =
        switch min(bytes[at + 24], 2) {
        case 1: .clear
        case 2: index == 0 ? .clear : .restorePrevious
        default: .keep
        }
      frames.append(
        CompositedFrames.Frame(
          encoded: png, x: x, y: y, width: frameWidth, height: frameHeight, blendsOver: bytes[at + 25] >= 1,
          disposal: disposal))
      durations.append(delay <= 0.01 ? 0.1 : delay)
    }

    for chunk in walked.chunks.dropFirst() {
      switch chunk.type {
      case "acTL": continue
      case "fcTL":
        guard chunk.data.count == 26 else { throw .malformed("fcTL chunk of \(chunk.data.count) bytes") }
        if let item = pending { try finish(item) }
        pending = (chunk.data, [])
      case "IDAT":
        seenImageData = true
        // Image data before any fcTL is a default image outside the animation.
        if pending != nil { pending?.data += bytes[chunk.data] }
      case "fdAT":
        guard chunk.data.count > 4, pending != nil else { throw .malformed("fdAT chunk outside a frame") }
        pending?.data += bytes[chunk.data.dropFirst(4)]
      case "IEND": break
      default:
        if !seenImageData {
          shared += PNGChunks.chunk(chunk.type, bytes[chunk.data])
        }
      }
    }
    if let item = pending { try finish(item) }
    guard totalDelay <= limits.maxDuration else {
      throw .durationTooLong(seconds: totalDelay, limit: limits.maxDuration)
    }
    self.width = width
    self.height = height
    self.frames = frames
    self.durations = durations
  }
}
