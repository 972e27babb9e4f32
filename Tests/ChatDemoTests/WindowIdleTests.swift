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

/// The window at rest, counted in presents and pushed pixels on the manual clock rather than in
/// CPU time: what P13.window measures in seconds, a test can hold without depending on the machine.
@MainActor @Suite struct WindowIdleTests {
  /// A 480 × 860 software window on SDL's dummy driver showing 50 text messages, and its clock.
  private static func makeApp() throws -> (ChatApp, SDLRenderer, ManualClock) {
    try SoftwareWindowApp.make(
      width: 480, height: 860,
      transcript: TranscriptGenerator(messages: 50, seed: 3, stickerEvery: 0, averageLength: 60))
  }

  /// Runs the loop's rule for `seconds` at 60 Hz: it sleeps until the time ``ChatApp/nextFrameTime()``
  /// gave, then draws a frame.
  /// - Returns: The presents made, and the pixels they pushed.
  private static func rest(_ app: ChatApp, _ renderer: SDLRenderer, _ clock: ManualClock, seconds: Double) throws -> (
    presents: Int, pixels: Int
  ) {
    let start = renderer.presentStatistics
    for _ in 0..<Int(seconds * 60) {
      let due = app.nextFrameTime()  // what the loop sleeps until
      clock.advance(by: 1.0 / 60)
      if let due, due <= clock.now { try app.drawFrame() }
    }
    return (renderer.presentStatistics.presents - start.presents, renderer.presentStatistics.pixels - start.pixels)
  }

  @Test func nothingAnimatingPresentsNothingOnceTheCaretStops() throws {
    let (app, renderer, clock) = try Self.makeApp()
    app.pausesPalette = true
    try app.drawFrame()
    let blinking = try Self.rest(app, renderer, clock, seconds: 11)
    #expect(blinking.presents > 0 && blinking.presents <= 25, "the caret blinks: \(blinking.presents) presents")
    #expect(blinking.pixels <= blinking.presents * 4 * 40, "a blink pushes the caret: \(blinking.pixels) px")
    let still = try Self.rest(app, renderer, clock, seconds: 5)
    #expect(still.presents == 0, "at rest: \(still.presents) presents")
  }

  @Test func thePaletteAnimatingPushesItsThumbnailsNotTheWindow() throws {
    let (app, renderer, clock) = try Self.makeApp()
    app.pausesPalette = true
    try app.drawFrame()
    _ = try Self.rest(app, renderer, clock, seconds: 11)
    app.pausesPalette = false
    let palette = try Self.rest(app, renderer, clock, seconds: 2)
    let window = 480 * 860
    let paletteArea = Int(app.state.layout.paletteRect.width * app.state.layout.paletteRect.height)
    #expect(palette.presents > 0, "the palette animates")
    #expect(
      palette.pixels <= palette.presents * paletteArea,
      "\(palette.pixels) px in \(palette.presents) presents; the palette is \(paletteArea) px")
    #expect(palette.pixels / max(1, palette.presents) < window / 20)
  }
}
