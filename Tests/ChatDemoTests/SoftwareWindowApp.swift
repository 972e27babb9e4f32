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
  /// Opens a window of `width` × `height` points showing `transcript`, `scale` pixels a point.
  /// - Returns: The app, its window's renderer and its clock.
  static func make(width: Int, height: Int, scale: Double = 1, transcript: TranscriptGenerator) throws -> (
    ChatApp, SDLRenderer, ManualClock
  ) {
    setenv("SDL_VIDEODRIVER", "dummy", 0)
    let sdl = try SDLContext(video: true)
    let window = try SDLWindow(
      context: sdl, title: "window test", width: Int((Double(width) * scale).rounded()),
      height: Int((Double(height) * scale).rounded()))
    let renderer = try SDLRenderer(window: window, software: true, vsync: false)
    renderer.scale = scale
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
