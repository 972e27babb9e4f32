import CSDL2
import ChatModel
import Foundation
import ReuseKitTestSupport
import SDLSupport
import Testing
import TextEngine

@testable import ChatDemoCore
@testable import ReuseKitSDL

/// The app's window at 2× and 1.5×, on the input path the window runs: a click lands on the
/// character under it, the IME is told where the caret is in the window's own coordinates, and
/// the composer's text is drawn at the scaled size.
@MainActor @Suite struct WindowHiDPITests {
  private static func app(scale: Double) throws -> (ChatApp, SDLRenderer) {
    let (app, renderer, _) = try SoftwareWindowApp.make(
      width: 420, height: 620, scale: scale, transcript: TranscriptGenerator(messages: 6, seed: 5, stickerEvery: 0))
    return (app, renderer)
  }

  @Test(arguments: [2.0, 1.5]) func aClickLandsOnTheCharacterUnderIt(scale: Double) throws {
    let (app, renderer) = try Self.app(scale: scale)
    #expect(renderer.outputSize.width == Int((420 * scale).rounded()))
    #expect(app.windowFrame.width == 420, "the app is laid out in points")
    for character in "hello world" { app.type(character) }
    try app.drawFrame()
    let composer = app.composer
    let origin = app.composerTextFrame.origin
    for offset in [2, 5, 9] {
      // The left part of character `offset`, in window points, then in the window's pixels.
      let rect = try #require(composer.selectionRects(for: offset..<(offset + 1)).first)
      let x = (origin.x + rect.minX + rect.width * 0.25) * scale
      let y = (origin.y + rect.midY + composer.containerToViewY) * scale
      for event in ScenarioEvents.click(x: x, y: y) { app.route(event) }
      #expect(composer.caretOffset == offset, "clicked at pixel (\(Int(x)), \(Int(y)))")
    }
  }

  @Test(arguments: [2.0, 1.5]) func theIMEIsToldWhereTheCaretIsInWindowCoordinates(scale: Double) throws {
    let (app, _) = try Self.app(scale: scale)
    for character in "hi" { app.type(character) }
    try app.drawFrame()
    let caret = try #require(app.composer.caretRect())
    let origin = app.composerTextFrame.origin
    let told = try #require(app.composer.lastTextInputRect)
    #expect(abs(told.minX - (origin.x + caret.minX) * scale) < 0.01)
    #expect(abs(told.minY - (origin.y + caret.minY + app.composer.containerToViewY) * scale) < 0.01)
    #expect(abs(told.height - caret.height * scale) < 0.01)
  }

  @Test func theComposersTextIsDrawnAtTwiceTheSize() throws {
    func inkHeight(at scale: Double) throws -> Int {
      let (app, renderer) = try Self.app(scale: scale)
      for character in "HHHH" { app.type(character) }
      try app.drawFrame()
      let frame = app.composerTextFrame
      let pixels = try renderer.readPixels()
      var rows: [Int] = []
      for y in Int(frame.minY * scale)..<Int(frame.maxY * scale) {
        let dark = (Int(frame.minX * scale)..<Int(frame.maxX * scale)).contains { x in
          let i = (y * pixels.width + x) * 4
          return pixels.pixels[i] < 110 && pixels.pixels[i + 1] < 110 && pixels.pixels[i + 2] < 110
        }
        if dark { rows.append(y) }
      }
      guard let first = rows.first, let last = rows.last else { return 0 }
      return last - first + 1
    }
    let one = try inkHeight(at: 1)
    let two = try inkHeight(at: 2)
    #expect(one >= 8, "the 1× capital H is \(one) pixels tall")
    #expect(abs(two - 2 * one) <= 1, "1×: \(one) px, 2×: \(two) px")
  }
}
