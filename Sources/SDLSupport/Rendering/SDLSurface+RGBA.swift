import CSDL2
import ReuseKitSupport

extension SDLSurface {
  /// Shares a surface SDL still owns (for example a frame of an `IMG_Animation`) by taking a
  /// reference of its own: SDL frees the surface when the last reference goes.
  /// - Parameters:
  ///   - surface: A live surface.
  ///   - context: The call that produced it, for errors.
  /// - Returns: The surface itself when it is `ARGB8888`, else a converted copy.
  /// - Throws: ``SDLError`` when SDL cannot convert it.
  static func retaining(_ surface: UnsafeMutablePointer<SDL_Surface>, context: String) throws(SDLError)
    -> SDLSurface
  {
    surface.pointee.refcount += 1  // released by this wrapper's SDL_FreeSurface (or by a conversion)
    return try SDLSurface(adopting: surface, context: context)
  }

  /// Creates a surface holding a copy of `image`.
  /// - Parameter image: The pixels to copy (straight alpha).
  /// - Throws: ``SDLError`` when SDL cannot allocate the surface or convert the pixels.
  /// - Complexity: O(pixels), one conversion from RGBA bytes to `ARGB8888`.
  public convenience init(rgba image: RGBAImage) throws(SDLError) {
    try self.init(width: image.width, height: image.height)
    let (width, height) = (image.width, image.height)
    let status = withLockedPixels { base, pitch in
      image.pixels.withUnsafeBytes { source in
        SDL_ConvertPixels(
          Int32(width), Int32(height), SDL_PIXELFORMAT_RGBA32.rawValue, source.baseAddress, Int32(width * 4),
          SDL_PIXELFORMAT_ARGB8888.rawValue, base, Int32(pitch))
      }
    }
    try SDLError.check(status, "SDL_ConvertPixels(\(width)x\(height))")
  }

  /// Columns of the surface as straight RGBA bytes (the sticker runtime's frame format, and what
  /// captures and PNG files are read as).
  /// - Parameters:
  ///   - x: The first column to copy.
  ///   - width: How many columns to copy; the rest of each row when `nil`.
  /// - Returns: A `width × height` image.
  /// - Throws: ``SDLError`` when the region lies outside the surface.
  /// - Complexity: O(width × height): only the requested columns are read, in one conversion.
  public func rgbaImage(x: Int = 0, width: Int? = nil) throws(SDLError) -> RGBAImage {
    let columns = width ?? self.width - x
    guard x >= 0, columns > 0, x + columns <= self.width else {
      throw SDLError(context: "SDLSurface.rgbaImage(x: \(x), width: \(columns))", detail: "region outside the surface")
    }
    var bytes = [UInt8](repeating: 0, count: columns * height * 4)
    let status = withLockedPixels { base, pitch in
      bytes.withUnsafeMutableBytes { target in
        // One conversion of just the requested columns, straight from ARGB8888 to R, G, B, A bytes.
        SDL_ConvertPixels(
          Int32(columns), Int32(height), SDL_PIXELFORMAT_ARGB8888.rawValue, base + x * 4, Int32(pitch),
          SDL_PIXELFORMAT_RGBA32.rawValue, target.baseAddress, Int32(columns * 4))
      }
    }
    try SDLError.check(status, "SDL_ConvertPixels(\(columns)x\(height))")
    return RGBAImage(width: columns, height: height, pixels: bytes)
  }
}
