import CSDL2

/// A render-target texture that a window's renderer keeps for itself: its retained frame, and the
/// scratch a scroll moves pixels through.
///
/// Unlike ``SDLTexture`` it does not keep its renderer alive: the renderer keeps it, so a strong
/// reference back would be a cycle that frees neither the renderer nor its window and OpenGL
/// context. The renderer drops these before `SDL_DestroyRenderer`, which destroys every texture
/// of the renderer.
@MainActor
final class RendererTargetTexture {
  /// The wrapped texture; valid for the lifetime of this object.
  let pointer: OpaquePointer
  /// Width in pixels.
  let width: Int
  /// Height in pixels.
  let height: Int

  /// A texture `renderer` can draw into (`SDL_TEXTUREACCESS_TARGET`), copied without blending or scaling.
  /// - Parameters:
  ///   - renderer: The SDL renderer that keeps the texture.
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  /// - Throws: ``SDLError`` when the renderer cannot make render targets.
  init(renderer: OpaquePointer, width: Int, height: Int) throws(SDLError) {
    guard width > 0, height > 0,
      let texture = SDL_CreateTexture(
        renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(width),
        Int32(height))
    else { throw SDLError.fromSDL("SDL_CreateTexture(target \(width)x\(height))") }
    pointer = texture
    self.width = width
    self.height = height
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
    SDL_SetTextureScaleMode(texture, SDL_ScaleModeNearest)
  }

  isolated deinit {
    SDL_DestroyTexture(pointer)
  }
}
