import AnimationRuntime
import CSDL2
import ChatKit
import ChatModel
import Foundation
import ReuseKitSDL
import ReuseKitTestSupport
import SDLSupport
import SDLTestSupport
import Stickers
import Testing
import TextEngine

@testable import ChatDemoCore

/// The window's frames built by damage (the views' damage, the chrome, the palette's buttons, the
/// banner over the transcript, the composer's hint) equal the same frames drawn whole.
@MainActor @Suite struct WindowDamageTests {
  @Test func windowFramesBuiltByDamageEqualWholeFrames() throws {
    setenv("SDL_VIDEODRIVER", "dummy", 0)
    let sdl = try SDLContext(video: true)
    let window = try SDLWindow(context: sdl, title: "damage", width: 420, height: 620)
    let renderer = try SDLRenderer(window: window, software: true, vsync: false)
    let clock = ManualClock()
    let runtime = StickerRuntime(clock: clock, library: try StickerLibrary(directory: RepositoryAssets.stickers))
    let stickers = StickerFactory(runtime: runtime)
    let transcript = TranscriptGenerator(messages: 40, seed: 5, stickerEvery: 3).generate()
    let storage = transcript.storage(stickers: stickers)
    let configuration = ChatApp.Configuration(
      storage: storage, stickers: stickers, sdl: sdl, fonts: try SDLFontSet(context: sdl), clock: clock,
      today: { nil }, timeOfDay: { "12:00" }, clipboard: MemoryClipboard())
    let app = try ChatApp(configuration, surface: .window(window, renderer))
    try app.drawFrame()
    var drawnByDamage = 0
    /// Draws the frame by damage, then whole, and compares them.
    func expectWholeFrame(_ what: String) throws {
      if try app.drawFrame() { drawnByDamage += 1 }
      let built = try renderer.readPixels()
      app.windowDamage.drawnGeneration = -1  // as after an expose: everything again
      try app.drawFrame()
      let whole = try renderer.readPixels()
      var differing = 0
      for y in 0..<built.height { for x in 0..<built.width where built[x, y] != whole[x, y] { differing += 1 } }
      #expect(differing == 0, "\(what): \(differing) pixels differ from the frame drawn whole")
    }
    clock.advance(by: 0.2)
    try expectWholeFrame("stickers and the palette moved on")
    for event in ScenarioEvents.typing("h") + ScenarioEvents.typing("i") { app.route(event) }
    try expectWholeFrame("typed into the composer (its hint went)")
    app.show("Saved", seconds: 1)
    try expectWholeFrame("a banner came")
    app.route(ScenarioEvents.wheel(scrollingBy: -96, step: TextInputEvent.wheelStep))
    clock.advance(by: 0.1)
    try expectWholeFrame("scrolled up under the banner, stickers moving")
    clock.advance(by: 1)
    try expectWholeFrame("the banner went")
    for event in ScenarioEvents.press(SDLK_BACKSPACE) + ScenarioEvents.press(SDLK_BACKSPACE) { app.route(event) }
    try expectWholeFrame("the composer emptied (its hint came back)")
    #expect(drawnByDamage >= 5, "frames drawn by damage: \(drawnByDamage)")
    #expect(try !app.drawFrame(), "nothing changed: nothing drawn")
  }
}
