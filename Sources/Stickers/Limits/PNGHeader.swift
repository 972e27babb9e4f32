/// A PNG's dimensions, read from its `IHDR` chunk and checked against the caps before decoding.
struct PNGHeader {
  let width: Int
  let height: Int

  /// Reads and checks the header of a frame strip of `frameCount` frames laid out left to right.
  /// - Throws: The first cap or format problem found.
  init(bytes: [UInt8], frameCount: Int, limits: StickerLimits) throws(StickerError.Reason) {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 33, Array(bytes.prefix(8)) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
      throw .malformed("not a PNG with an IHDR header")
    }
    func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    let width = u32(16)
    let height = u32(20)
    guard frameCount >= 1 else { throw .malformed("frame strip declares no frames") }
    guard frameCount <= limits.maxFrameCount else {
      throw .tooManyFrames(count: frameCount, limit: limits.maxFrameCount)
    }
    guard width >= frameCount, height >= 1, width % frameCount == 0 else {
      throw .malformed("strip width \(width) is not \(frameCount) equal frames")
    }
    guard width / frameCount <= limits.maxCanvasSide, height <= limits.maxCanvasSide else {
      throw .canvasTooLarge(width: width / frameCount, height: height, limit: limits.maxCanvasSide)
    }
    guard width * height * 4 <= limits.maxDecodedBytes else {
      throw .decodedSizeTooLarge(bytes: width * height * 4, limit: limits.maxDecodedBytes)
    }
    self.width = width
    self.height = height
  }
}
