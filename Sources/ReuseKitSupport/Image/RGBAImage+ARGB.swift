extension RGBAImage {
  /// An image from straight-alpha 32-bit pixels `0xAARRGGBB` (SDL's `ARGB8888` values), rows top
  /// to bottom.
  /// - Parameters:
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  ///   - argb: `width * height` pixels; missing ones are transparent black, extra ones dropped.
  /// - Complexity: O(width × height).
  public init(width: Int, height: Int, argb: [UInt32]) {
    let count = max(0, width) * max(0, height)
    var bytes = [UInt8](repeating: 0, count: count * 4)
    for (index, word) in argb.prefix(count).enumerated() {
      Self.store(word, at: index * 4, in: &bytes)
    }
    self.init(width: width, height: height, pixels: bytes)
  }

  /// An image whose every pixel is `fill`, `0xAARRGGBB` with straight alpha.
  /// - Complexity: O(width × height).
  public init(width: Int, height: Int, fill: UInt32) {
    self.init(width: width, height: height, argb: Array(repeating: fill, count: max(0, width) * max(0, height)))
  }

  /// The pixel at column `x`, row `y` as `0xAARRGGBB` (straight alpha), the form SDL's `ARGB8888`
  /// and colour literals in tests use. Both must lie inside the image.
  /// - Complexity: O(1).
  public subscript(x: Int, y: Int) -> UInt32 {
    get {
      precondition(x >= 0 && y >= 0 && x < width && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
      let index = (y * width + x) * 4
      return UInt32(pixels[index + 3]) << 24 | UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8
        | UInt32(pixels[index + 2])
    }
    set {
      precondition(x >= 0 && y >= 0 && x < width && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
      Self.store(newValue, at: (y * width + x) * 4, in: &pixels)
    }
  }

  /// Writes `0xAARRGGBB` as R, G, B, A bytes at `offset`.
  private static func store(_ word: UInt32, at offset: Int, in bytes: inout [UInt8]) {
    bytes[offset] = UInt8((word >> 16) & 0xFF)
    bytes[offset + 1] = UInt8((word >> 8) & 0xFF)
    bytes[offset + 2] = UInt8(word & 0xFF)
    bytes[offset + 3] = UInt8(word >> 24)
  }
}
