import CSDL2
import CSDL2Image
import CSDL2TTF

/// Keeps SDL, SDL2_ttf and SDL2_image initialised while anything that needs them is alive.
///
/// Every wrapper that needs a subsystem holds its context strongly, so a font is always
/// closed before `TTF_Quit` runs. SDL and SDL2_ttf count their initialisations, so several
/// contexts may coexist (tests create one each). SDL2_image is initialised for PNG and never
/// quit: `IMG_Quit` is not reference-counted and would break other live contexts.
@MainActor
public final class SDLContext {
  /// Whether this context initialised the video subsystem (windows need it; offscreen rendering does not).
  public let hasVideo: Bool

  /// Initialises SDL (optionally with video), SDL2_ttf and PNG support in SDL2_image.
  /// - Parameter video: Whether to initialise `SDL_INIT_VIDEO`. Offscreen rendering works without it.
  /// - Throws: ``SDLError`` with `SDL_GetError()` when a library fails to start.
  public init(video: Bool = false) throws(SDLError) {
    let flags: UInt32 = video ? SDL_INIT_VIDEO : 0
    try SDLError.check(SDL_InitSubSystem(flags), "SDL_InitSubSystem(\(video ? "video" : "none"))")
    if TTF_Init() < 0 {
      let error = SDLError.fromSDL("TTF_Init")
      SDL_QuitSubSystem(flags)
      throw error
    }
    let png = Int32(IMG_INIT_PNG.rawValue)
    if IMG_Init(png) & png == 0 {
      let error = SDLError.fromSDL("IMG_Init(PNG)")
      TTF_Quit()
      SDL_QuitSubSystem(flags)
      throw error
    }
    hasVideo = video
  }

  isolated deinit {
    TTF_Quit()
    SDL_QuitSubSystem(hasVideo ? SDL_INIT_VIDEO : 0)
  }
}
