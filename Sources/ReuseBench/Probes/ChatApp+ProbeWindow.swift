import AnimationRuntime
import ChatDemoCore
import ChatKit
import Foundation
import SDLSupport
import Stickers
import TextEngine

extension ChatApp {
  /// The app's window as the probes open it: a 480×800 transcript over `storage` (the composer
  /// and palette under it), its first frame drawn. Without `display`, on SDL's dummy video driver
  /// and software renderer; with one, a real X window there, on the renderer the app picks.
  /// - Parameters:
  ///   - title: The window's title.
  ///   - storage: The transcript (in memory, or a chat store's manager).
  ///   - runtime: The sticker runtime its stickers play in.
  ///   - clock: The app's clock.
  ///   - display: An X display (an Xvfb `reuse-bench` started), or `nil` for the dummy driver.
  /// - Returns: The app, its first frame drawn; in a real window its `rendererSummary` names the
  ///   renderer, as the app's own window does.
  /// - Throws: When SDL, the fonts or the window cannot be had.
  static func probeWindow(
    title: String, storage: TextContentManager, runtime: StickerRuntime, clock: any AnimationClock,
    display: String? = nil
  ) throws -> ChatApp {
    if let display {
      setenv("SDL_VIDEODRIVER", "x11", 1)
      setenv("DISPLAY", display, 1)
    } else {
      setenv("SDL_VIDEODRIVER", "dummy", 1)
    }
    let sdl = try SDLContext(video: true)
    let height = 800 + Int(ChatApp.chromeHeight)
    let window = try SDLWindow(context: sdl, title: title, width: 480, height: height)
    let renderer: SDLRenderer
    var summary: String?
    if display != nil {
      let choice = SDLRendererChoice.automatic.resolved(environment: ProcessInfo.processInfo.environment)
      let selection = try SDLRenderer.make(
        window: window, choice: choice, vsync: false, probe: BenchCommand.probeRenderer)
      renderer = selection.renderer
      summary = "X11 window, " + selection.summary
    } else {
      renderer = try SDLRenderer(window: window, software: true, vsync: false)
    }
    let app = try ChatApp.fixed(
      window: window, renderer: renderer, sdl: sdl, storage: storage, stickers: StickerFactory(runtime: runtime),
      clock: clock)
    if let summary { app.rendererSummary = summary }
    try app.drawFrame()
    return app
  }
}
