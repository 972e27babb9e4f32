import CSDL2
import CSDL2Image

/// Decodes raster stickers from bytes already read and checked, through SDL2_image.
enum SDLImageDecoder {
  /// Decodes every frame of a GIF with `IMG_LoadAnimation_RW`.
  /// - Returns: The frames at canvas size and their delays in milliseconds.
  static func animation(from bytes: [UInt8]) throws(SDLError) -> (frames: [RGBAImage], delays: [Int]) {
    let result: Result<([RGBAImage], [Int]), SDLError> = bytes.withUnsafeBytes { buffer in
      guard let stream = SDL_RWFromConstMem(buffer.baseAddress, Int32(buffer.count)) else {
        return .failure(SDLError("SDL_RWFromConstMem"))
      }
      guard let animation = IMG_LoadAnimation_RW(stream, 1) else { return .failure(SDLError("IMG_LoadAnimation_RW")) }
      defer { IMG_FreeAnimation(animation) }
      let count = Int(animation.pointee.count)
      var frames: [RGBAImage] = []
      var delays: [Int] = []
      for index in 0..<count {
        guard let surface = animation.pointee.frames[index] else { return .failure(SDLError("frame \(index) missing")) }
        let borrowed = SDLSurface(surface)
        surface.pointee.refcount += 1  // the animation frees its frames; the wrapper's free only drops this reference
        do throws(SDLError) {
          frames.append(try borrowed.rgbaImage())
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
        return .failure(SDLError("SDL_RWFromConstMem"))
      }
      guard let surface = IMG_Load_RW(stream, 1) else { return .failure(SDLError("IMG_Load_RW")) }
      return .success(SDLSurface(surface))
    }
    return try result.get()
  }
}
