/// A frame's pixels: 8-bit RGBA in byte order R, G, B, A, **straight (non-premultiplied) alpha**,
/// rows top to bottom with no padding (pitch `width * 4`).
///
/// The view layer uploads it as `SDL_PIXELFORMAT_RGBA32` — which is `SDL_PIXELFORMAT_ABGR8888`
/// on little-endian hosts — and draws it with `SDL_BLENDMODE_BLEND`, which expects straight alpha.
public struct RGBAImage: Equatable, Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height * 4` bytes, R, G, B, A per pixel.
  public var pixels: [UInt8]

  /// Creates an image from its bytes.
  /// - Parameters:
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  ///   - pixels: `width * height * 4` bytes; missing bytes are filled with transparent black, extra ones dropped.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    self.width = max(0, width)
    self.height = max(0, height)
    let count = self.width * self.height * 4
    if pixels.count == count {
      self.pixels = pixels
    } else {
      self.pixels = Array(pixels.prefix(count)) + [UInt8](repeating: 0, count: max(0, count - pixels.count))
    }
  }

  /// A fully transparent image.
  public init(width: Int, height: Int) {
    self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: max(0, width) * max(0, height) * 4))
  }

  /// The bytes the pixels occupy.
  public var byteCount: Int { pixels.count }

  /// One pixel's channels.
  /// - Returns: The pixel at (`x`, `y`), or `nil` outside the image.
  public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    let index = (y * width + x) * 4
    return (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
  }

  /// Whether every pixel is fully transparent.
  /// - Complexity: O(width × height).
  public var isBlank: Bool {
    stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 0 }
  }
}
