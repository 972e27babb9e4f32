import AnimationRuntime
import ChatKit
import ChatModel
import Foundation
import ReuseKitSDL
import ReuseKitTestSupport
import SDLSupport
import Stickers

@testable import ChatDemoCore

/// The window app on SDL's dummy video driver and software renderer, on the manual clock: what
/// the window tests draw frames and count presents with.
@MainActor
enum SoftwareWindowApp {
  /// Opens a `width` × `height` window showing `transcript`.
  /// - Returns: The app, its window's renderer and its clock.
  static func make(width: Int, height: Int, transcript: TranscriptGenerator) throws -> (
    ChatApp, SDLRenderer, ManualClock
  ) {
    setenv("SDL_VIDEODRIVER", "dummy", 0)
    let sdl = try SDLContext(video: true)
    let window = try SDLWindow(context: sdl, title: "window test", width: width, height: height)
    let renderer = try SDLRenderer(window: window, software: true, vsync: false)
    let clock = ManualClock()
    let runtime = StickerRuntime(clock: clock, library: try StickerLibrary(directory: RepositoryAssets.stickers))
    let stickers = StickerFactory(runtime: runtime)
    let configuration = ChatApp.Configuration(
      storage: transcript.generate().storage(stickers: stickers), stickers: stickers, sdl: sdl,
      fonts: try SDLFontSet(context: sdl), clock: clock, today: { nil }, timeOfDay: { "12:00" },
      clipboard: MemoryClipboard())
    return (try ChatApp(configuration, surface: .window(window, renderer)), renderer, clock)
  }
}
