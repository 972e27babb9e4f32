import CSDL2
import ReuseKitSupport

/// An `SDL_Texture`, destroyed in `deinit`.
///
/// A texture keeps its renderer alive: SDL destroys a renderer's textures with it, so the
/// renderer must outlive every wrapper.
@MainActor
public final class SDLTexture {
  /// The wrapped texture; valid for the lifetime of this object.
  public let pointer: OpaquePointer
  /// The renderer that created the texture and alone may draw it.
  public let renderer: SDLRenderer
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int

  /// The bytes the texture's pixels take (4 per pixel), for cache accounting.
  public var byteCount: Int { width * height * 4 }

  /// Uploads a surface into a new static texture with alpha blending.
  /// - Parameters:
  ///   - renderer: The renderer that will draw it.
  ///   - surface: The pixels to upload.
  /// - Throws: ``SDLError`` when SDL cannot create the texture.
  public init(renderer: SDLRenderer, surface: SDLSurface) throws(SDLError) {
    guard let texture = SDL_CreateTextureFromSurface(renderer.pointer, surface.pointer) else {
      throw SDLError.fromSDL("SDL_CreateTextureFromSurface(\(surface.width)x\(surface.height))")
    }
    pointer = texture
    self.renderer = renderer
    width = surface.width
    height = surface.height
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
  }

  /// Creates a streaming texture holding `rgba`, for frames that change (sticker animations): its
  /// straight-alpha RGBA bytes uploaded as `SDL_PIXELFORMAT_RGBA32` (`ABGR8888` on little-endian
  /// hosts), drawn with `SDL_BLENDMODE_BLEND`. Premultiplied pixels (rlottie's) are converted with
  /// `RGBAImage(premultipliedARGB:width:height:)` first.
  /// - Parameters:
  ///   - renderer: The renderer that will draw it.
  ///   - rgba: The first frame.
  /// - Throws: ``SDLError`` when SDL cannot create or fill the texture.
  public convenience init(renderer: SDLRenderer, rgba: RGBAImage) throws(SDLError) {
    try self.init(streaming: renderer, format: SDL_PIXELFORMAT_RGBA32, width: rgba.width, height: rgba.height)
    try update(with: rgba)
  }

  /// A blending, linearly scaled streaming texture of `format`, for frames that change.
  private convenience init(streaming renderer: SDLRenderer, format: SDL_PixelFormatEnum, width: Int, height: Int)
    throws(SDLError)
  {
    try self.init(
      renderer, format: format, access: SDL_TEXTUREACCESS_STREAMING, width: width, height: height,
      blend: SDL_BLENDMODE_BLEND, scale: SDL_ScaleModeLinear)
  }

  /// A texture of `format` and `access`, drawn with `blend` and scaled with `scale`.
  private init(
    _ renderer: SDLRenderer, format: SDL_PixelFormatEnum, access: SDL_TextureAccess, width: Int, height: Int,
    blend: SDL_BlendMode, scale: SDL_ScaleMode
  ) throws(SDLError) {
    guard width > 0, height > 0,
      let texture = SDL_CreateTexture(
        renderer.pointer, format.rawValue, Int32(access.rawValue), Int32(width), Int32(height))
    else { throw SDLError.fromSDL("SDL_CreateTexture(\(width)x\(height))") }
    pointer = texture
    self.renderer = renderer
    self.width = width
    self.height = height
    SDL_SetTextureBlendMode(texture, blend)
    SDL_SetTextureScaleMode(texture, scale)
  }

  /// Replaces the pixels of a texture made by ``init(renderer:rgba:)`` with a frame of the same size.
  /// - Parameter rgba: Straight-alpha RGBA bytes.
  /// - Throws: ``SDLError`` when the size differs or SDL cannot upload.
  /// - Complexity: O(pixels).
  public func update(with rgba: RGBAImage) throws(SDLError) {
    guard rgba.width == width, rgba.height == height else {
      throw SDLError(
        context: "SDLTexture.update", detail: "frame is \(rgba.width)x\(rgba.height), texture is \(width)x\(height)")
    }
    try SDLError.check(rgba.pixels.withUnsafeBytes(upload), "SDL_UpdateTexture(RGBA32 \(width)x\(height))")
  }

  /// Uploads a whole frame of 4-byte pixels and returns SDL's status.
  private func upload(_ bytes: UnsafeRawBufferPointer) -> Int32 {
    SDL_UpdateTexture(pointer, nil, bytes.baseAddress, Int32(width * 4))
  }

  /// Multiplies the texture's colour and alpha by `color` when drawn (white, opaque: unchanged).
  public func setModulation(_ color: TextColor) {
    SDL_SetTextureColorMod(pointer, color.red, color.green, color.blue)
    SDL_SetTextureAlphaMod(pointer, color.alpha)
  }

  isolated deinit {
    SDL_DestroyTexture(pointer)
  }
}
