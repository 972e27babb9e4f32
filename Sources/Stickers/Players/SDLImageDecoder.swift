import CSDL2
import CSDL2Image
import ReuseKitSupport
import SDLSupport

/// Decodes raster stickers from bytes already read and checked, through SDL2_image.
enum SDLImageDecoder {
  /// Decodes a single image (a PNG, or one GIF frame re-assembled as a GIF) with `IMG_Load_RW`.
  static func surface(from bytes: [UInt8]) throws(SDLError) -> SDLSurface {
    let result: Result<SDLSurface, SDLError> = bytes.withUnsafeBytes { buffer in
      guard let stream = SDL_RWFromConstMem(buffer.baseAddress, Int32(buffer.count)) else {
        return .failure(SDLError.fromSDL("SDL_RWFromConstMem"))
      }
      guard let surface = IMG_Load_RW(stream, 1) else { return .failure(SDLError.fromSDL("IMG_Load_RW")) }
      return Result { () throws(SDLError) in try SDLSurface(adopting: surface, context: "IMG_Load_RW") }
    }
    return try result.get()
  }
}
