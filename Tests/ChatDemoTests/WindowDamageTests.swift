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
/// banner over the transcript, the composer's hint) equal the same frames drawn whole, and what a
/// frame changed is what it pushes to the screen.
@MainActor @Suite struct WindowDamageTests {
  /// At 1×, and at 1.5× and 2× (where a scroll of whole points that is not whole pixels draws anew).
  @Test(arguments: [1.0, 1.5, 2.0]) func windowFramesBuiltByDamageEqualWholeFrames(scale: Double) throws {
    let (app, renderer, clock) = try Self.makeWindowApp(scale: scale)
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
    app.route(ScenarioEvents.wheel(scrollingBy: -1, step: TextInputEvent.wheelStep))
    try expectWholeFrame("scrolled by a point (1.5 pixels at 1.5×)")
    #expect(drawnByDamage >= 5, "frames drawn by damage: \(drawnByDamage)")
    #expect(try !app.drawFrame(), "nothing changed: nothing drawn")
  }

  /// The software window pushes to the screen what each frame changed and no more: every pixel
  /// that differs from the frame before lies in a pushed rectangle, and a frame in which only the
  /// stickers moved pushes their rectangles, not the window.
  @Test func theSoftwareWindowPushesWhatChanged() throws {
    let (app, renderer, clock) = try Self.makeWindowApp()
    try app.drawFrame()
    let window = CGRect(x: 0, y: 0, width: 420, height: 620)
    #expect(renderer.presentStatistics.lastRects == [window], "the first frame is pushed whole")
    var before = try renderer.readPixels()
    var animationPixels: [Int] = []
    /// Draws a frame and checks that every changed pixel was pushed.
    func expectChangesPushed(_ what: String) throws {
      guard try app.drawFrame() else { return }
      let after = try renderer.readPixels()
      let pushed = renderer.presentStatistics.lastRects
      var missed = 0
      for y in 0..<after.height {
        for x in 0..<after.width where after[x, y] != before[x, y] {
          if !pushed.contains(where: { $0.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) }) { missed += 1 }
        }
      }
      #expect(missed == 0, "\(what): \(missed) changed pixels were not pushed")
      before = after
    }
    for _ in 0..<6 {
      clock.advance(by: 1.0 / 30)
      try expectChangesPushed("stickers and the palette moved on")
      animationPixels.append(renderer.presentStatistics.lastPixels)
    }
    for event in ScenarioEvents.typing("h") { app.route(event) }
    try expectChangesPushed("typed into the composer")
    app.route(ScenarioEvents.wheel(scrollingBy: -96, step: TextInputEvent.wheelStep))
    clock.advance(by: 0.1)
    try expectChangesPushed("scrolled up")
    app.show("Saved", seconds: 1)
    try expectChangesPushed("a banner came")
    clock.advance(by: 1.5)
    try expectChangesPushed("the banner went")
    let most = animationPixels.max() ?? 0
    #expect(most > 0 && most < Int(window.width * window.height) / 4, "animation frames pushed \(animationPixels)")
  }

  /// A 420 × 620 software window on SDL's dummy driver showing 40 messages, a sticker every third.
  private static func makeWindowApp(scale: Double = 1) throws -> (ChatApp, SDLRenderer, ManualClock) {
    try SoftwareWindowApp.make(
      width: 420, height: 620, scale: scale, transcript: TranscriptGenerator(messages: 40, seed: 5, stickerEvery: 3))
  }
}
