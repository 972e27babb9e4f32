import CSDL2
import CSDL2Image
import ReuseKitSupport
import SDLSupport

/// Decodes raster stickers from bytes already read and checked, through SDL2_image.
enum SDLImageDecoder {
  /// Decodes every frame of a GIF with `IMG_LoadAnimation_RW`.
  /// - Returns: The frames at canvas size and their delays in milliseconds.
  static func animation(from bytes: [UInt8]) throws(SDLError) -> (frames: [RGBAImage], delays: [Int]) {
    let result: Result<([RGBAImage], [Int]), SDLError> = bytes.withUnsafeBytes { buffer in
      guard let stream = SDL_RWFromConstMem(buffer.baseAddress, Int32(buffer.count)) else {
        return .failure(SDLError.fromSDL("SDL_RWFromConstMem"))
      }
      guard let animation = IMG_LoadAnimation_RW(stream, 1) else {
        return .failure(SDLError.fromSDL("IMG_LoadAnimation_RW"))
      }
      defer { IMG_FreeAnimation(animation) }
      var frames: [RGBAImage] = []
      var delays: [Int] = []
      for index in 0..<Int(animation.pointee.count) {
        guard let frame = animation.pointee.frames[index] else {
          return .failure(SDLError(context: "IMG_LoadAnimation_RW", detail: "frame \(index) missing"))
        }
        do throws(SDLError) {
          frames.append(try SDLSurface.retaining(frame, context: "GIF frame \(index)").rgbaImage())
        } catch {
          return .failure(error)
        }
        delays.append(Int(animation.pointee.delays[index]))
      }
      return .success((frames, delays))
    }
    return try result.get()
  }

  /// Decodes a single image (a frame strip) with `IMG_Load_RW`.
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
