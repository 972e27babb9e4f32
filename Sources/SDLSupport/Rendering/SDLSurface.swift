import CSDL2

/// An `SDL_Surface` in `ARGB8888`, freed in `deinit`.
///
/// Offscreen rendering draws into one (see ``SDLRenderer/init(surface:)``); captures, PNG files and
/// rendered text pass through surfaces, and `RGBAImage`s go in and out of them (`SDLSurface+RGBA.swift`).
public final class SDLSurface {
  /// The wrapped surface; valid for the lifetime of this object.
  let pointer: UnsafeMutablePointer<SDL_Surface>

  /// Width in pixels.
  public var width: Int { Int(pointer.pointee.w) }
  /// Height in pixels.
  public var height: Int { Int(pointer.pointee.h) }

  /// Creates a transparent `ARGB8888` surface.
  /// - Parameters:
  ///   - width: Width in pixels, at least 1.
  ///   - height: Height in pixels, at least 1.
  /// - Throws: ``SDLError`` when SDL cannot allocate it.
  public init(width: Int, height: Int) throws(SDLError) {
    guard width > 0, height > 0, width <= 16_384, height <= 16_384 else {
      throw SDLError(context: "SDLSurface(\(width)x\(height))", detail: "size must be 1...16384 in both directions")
    }
    guard
      let surface = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
    else { throw SDLError.fromSDL("SDL_CreateRGBSurfaceWithFormat(\(width)x\(height))") }
    pointer = surface
  }

  /// Takes ownership of a surface SDL returned, converting it to `ARGB8888` if needed.
  /// - Parameters:
  ///   - surface: A surface this object will free.
  ///   - context: The call that produced it, for errors.
  /// - Throws: ``SDLError`` when the conversion fails (the original is freed either way).
  public init(adopting surface: UnsafeMutablePointer<SDL_Surface>, context: String) throws(SDLError) {
    if surface.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue {
      pointer = surface
      return
    }
    let converted = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
    SDL_FreeSurface(surface)
    guard let converted else { throw SDLError.fromSDL("SDL_ConvertSurfaceFormat(\(context))") }
    pointer = converted
  }

  /// Runs `body` with the pixel memory, locking the surface when `SDL_MUSTLOCK` says so.
  func withLockedPixels<Result>(_ body: (UnsafeMutableRawPointer, Int) -> Result) -> Result {
    let mustLock = SDLMacros.mustLock(pointer)
    if mustLock { SDL_LockSurface(pointer) }
    defer { if mustLock { SDL_UnlockSurface(pointer) } }
    return body(pointer.pointee.pixels, Int(pointer.pointee.pitch))
  }

  deinit {
    SDL_FreeSurface(pointer)
  }
}
