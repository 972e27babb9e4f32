import AnimationRuntime
import ChatDemoCore
import ChatKit
import Foundation
import SDLSupport
import Stickers
import TextEngine

extension ChatApp {
  /// The app's window as the probes open it: SDL's dummy video driver, the software renderer, a
  /// 480×800 transcript over `storage` (the composer and palette under it), its first frame drawn.
  /// - Parameters:
  ///   - title: The window's title.
  ///   - storage: The transcript (in memory, or a chat store's manager).
  ///   - runtime: The sticker runtime its stickers play in.
  ///   - clock: The app's clock.
  /// - Returns: The app, its first frame drawn.
  /// - Throws: When SDL, the fonts or the window cannot be had.
  static func probeWindow(
    title: String, storage: TextContentManager, runtime: StickerRuntime, clock: any AnimationClock
  ) throws -> ChatApp {
    setenv("SDL_VIDEODRIVER", "dummy", 1)
    let sdl = try SDLContext(video: true)
    let height = 800 + Int(ChatApp.chromeHeight)
    let window = try SDLWindow(context: sdl, title: title, width: 480, height: height)
    let renderer = try SDLRenderer(window: window, software: true, vsync: false)
    let app = try ChatApp.fixed(
      window: window, renderer: renderer, sdl: sdl, storage: storage, stickers: StickerFactory(runtime: runtime),
      clock: clock)
    try app.drawFrame()
    return app
  }
}
