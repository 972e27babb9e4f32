import CSDL2

/// Owns an `SDL_Surface` and frees it in `deinit`.
final class SDLSurface {
  let pointer: UnsafeMutablePointer<SDL_Surface>

  init(_ pointer: UnsafeMutablePointer<SDL_Surface>) {
    self.pointer = pointer
  }

  deinit { SDL_FreeSurface(pointer) }

  /// `SDL_MUSTLOCK`, re-implemented: RLE-accelerated surfaces must be locked to read pixels.
  var mustLock: Bool { pointer.pointee.flags & UInt32(SDL_RLEACCEL) != 0 }

  /// The surface's pixels as straight RGBA bytes, converting the format when needed.
  /// - Parameters:
  ///   - x: The first column to copy.
  ///   - width: How many columns to copy; the rest of each row when `nil`.
  /// - Throws: ``SDLError`` when conversion or locking fails.
  func rgbaImage(x: Int = 0, width: Int? = nil) throws(SDLError) -> RGBAImage {
    let rgba = UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue)
    let converted: SDLSurface
    if pointer.pointee.format.pointee.format == rgba {
      converted = self
    } else {
      guard let surface = SDL_ConvertSurfaceFormat(pointer, rgba, 0) else { throw SDLError("SDL_ConvertSurfaceFormat") }
      converted = SDLSurface(surface)
    }
    return try converted.copyPixels(x: x, width: width ?? Int(pointer.pointee.w) - x)
  }

  private func copyPixels(x: Int, width: Int) throws(SDLError) -> RGBAImage {
    if mustLock, SDL_LockSurface(pointer) != 0 { throw SDLError("SDL_LockSurface") }
    defer { if mustLock { SDL_UnlockSurface(pointer) } }
    let height = Int(pointer.pointee.h)
    let pitch = Int(pointer.pointee.pitch)
    let surfaceWidth = Int(pointer.pointee.w)
    guard let base = pointer.pointee.pixels, x >= 0, width > 0, x + width <= surfaceWidth else {
      throw SDLError("surface has no pixels in the requested region")
    }
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    bytes.withUnsafeMutableBytes { target in
      for row in 0..<height {
        let source = UnsafeRawPointer(base).advanced(by: row * pitch + x * 4)
        target.baseAddress!.advanced(by: row * width * 4).copyMemory(from: source, byteCount: width * 4)
      }
    }
    return RGBAImage(width: width, height: height, pixels: bytes)
  }
}
