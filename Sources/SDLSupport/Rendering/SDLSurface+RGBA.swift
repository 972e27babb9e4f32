import CSDL2
import ReuseKitSupport

extension SDLSurface {
  /// Takes a copy of a surface SDL still owns (for example a frame of an `IMG_Animation`).
  /// - Parameters:
  ///   - surface: A live surface; it is not freed.
  ///   - context: The call that produced it, for errors.
  /// - Returns: A new `ARGB8888` surface this process owns.
  /// - Throws: ``SDLError`` when SDL cannot convert it.
  package static func copying(_ surface: UnsafeMutablePointer<SDL_Surface>, context: String) throws(SDLError)
    -> SDLSurface
  {
    guard let copy = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
      throw SDLError.fromSDL("SDL_ConvertSurfaceFormat(\(context))")
    }
    return try SDLSurface(adopting: copy, context: context)
  }

  /// Columns of the surface as straight RGBA bytes (the sticker runtime's frame format).
  /// - Parameters:
  ///   - x: The first column to copy.
  ///   - width: How many columns to copy; the rest of each row when `nil`.
  /// - Returns: A `width × height` image.
  /// - Throws: ``SDLError`` when the region lies outside the surface.
  /// - Complexity: O(width × height).
  package func rgbaImage(x: Int = 0, width: Int? = nil) throws(SDLError) -> RGBAImage {
    let columns = width ?? self.width - x
    guard x >= 0, columns > 0, x + columns <= self.width else {
      throw SDLError(context: "SDLSurface.rgbaImage(x: \(x), width: \(columns))", detail: "region outside the surface")
    }
    let argb = pixelImage()
    var bytes = [UInt8](repeating: 0, count: columns * height * 4)
    for row in 0..<height {
      for column in 0..<columns {
        let pixel = argb.pixels[row * argb.width + x + column]
        let index = (row * columns + column) * 4
        bytes[index] = UInt8(truncatingIfNeeded: pixel >> 16)
        bytes[index + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
        bytes[index + 2] = UInt8(truncatingIfNeeded: pixel)
        bytes[index + 3] = UInt8(truncatingIfNeeded: pixel >> 24)
      }
    }
    return RGBAImage(width: columns, height: height, pixels: bytes)
  }
}
