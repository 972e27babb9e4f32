/// A CPU-side image of 32-bit pixels `0xAARRGGBB` (SDL's `ARGB8888`), row-major, no padding.
///
/// Captured frames, loaded PNGs and sticker frames all travel as `PixelImage`.
/// ``alpha`` says how colour relates to alpha: SDL's `SDL_BLENDMODE_BLEND` expects
/// *straight* alpha, so ``SDLTexture`` converts premultiplied images (what rlottie renders)
/// to straight alpha when it uploads them.
public struct PixelImage: Equatable, Sendable {
  /// How the colour channels relate to alpha.
  public enum Alpha: Equatable, Sendable {
    /// Colour channels are independent of alpha (SDL's convention, and PNG's).
    case straight
    /// Colour channels are already multiplied by alpha (rlottie's and Cairo's convention).
    case premultiplied
  }

  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height` pixels, `0xAARRGGBB`, rows top to bottom.
  public var pixels: [UInt32]
  /// How colour relates to alpha in ``pixels``.
  public var alpha: Alpha

  /// Creates an image from existing pixels.
  /// - Parameters:
  ///   - width: Width in pixels, at least 0.
  ///   - height: Height in pixels, at least 0.
  ///   - pixels: Exactly `width * height` pixels, `0xAARRGGBB`.
  ///   - alpha: How colour relates to alpha.
  public init(width: Int, height: Int, pixels: [UInt32], alpha: Alpha = .straight) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height, "pixel count must be width * height")
    self.width = width
    self.height = height
    self.pixels = pixels
    self.alpha = alpha
  }

  /// Creates an image filled with one pixel value.
  /// - Parameters:
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  ///   - fill: The `0xAARRGGBB` value of every pixel.
  public init(width: Int, height: Int, fill: UInt32) {
    self.init(width: width, height: height, pixels: Array(repeating: fill, count: width * height))
  }

  /// The pixel at column `x`, row `y`.
  public subscript(x: Int, y: Int) -> UInt32 {
    get { pixels[y * width + x] }
    set { pixels[y * width + x] = newValue }
  }

  /// The same image with straight alpha.
  /// - Complexity: O(pixels) when the image is premultiplied, O(1) otherwise.
  public func straightened() -> PixelImage {
    guard alpha == .premultiplied else { return self }
    return PixelImage(width: width, height: height, pixels: pixels.map(Self.unpremultiply), alpha: .straight)
  }

  /// Divides a premultiplied pixel's colour by its alpha, rounding to nearest.
  /// - Parameter pixel: A premultiplied `0xAARRGGBB` pixel.
  /// - Returns: The straight-alpha pixel.
  package static func unpremultiply(_ pixel: UInt32) -> UInt32 {
    let a = pixel >> 24
    if a == 255 { return pixel }
    if a == 0 { return 0 }
    func channel(_ shift: UInt32) -> UInt32 {
      let c = (pixel >> shift) & 0xFF
      return min(255, (c * 255 + a / 2) / a) << shift
    }
    return a << 24 | channel(16) | channel(8) | channel(0)
  }
}
