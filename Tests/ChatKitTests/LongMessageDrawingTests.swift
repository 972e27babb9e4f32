import ChatKit
import Foundation
import Testing
import TextEngine

@testable import ReuseKitSDL

/// A frame draws the lines on screen, whatever a message's length.
@MainActor
@Suite struct LongMessageDrawingTests {
  @Test func linesDrawnPerFrameAreBoundedByTheViewportHeight() throws {
    let fixture = try ChatFixture()
    for words in [2_000, 40_000] {
      let text = (0..<words).map { "word\($0 % 97)" }.joined(separator: " ")
      let storage = TextContentStorage(paragraphs: [
        fixture.message("ana", "09:00", [.text("before")]),
        fixture.message("me", "09:01", [.text(text)]),
        fixture.message("ana", "09:02", [.text("after")]),
      ])
      let view = try fixture.view(storage, width: 360, height: 560)
      let lineHeight = view.glyphMeasurer.lineMetrics(for: TextAttributes()).lineHeight
      try view.scroll(toParagraphAt: 1, position: .center)
      let lines = try #require(view.textLayoutManager.ensureLayout(forParagraphAt: 1)).textLineFragments.count
      #expect(lines > 100)
      for _ in 0..<5 {
        let before = view.textRenderer.linesDrawn
        try view.renderFrame()
        let drawn = view.textRenderer.linesDrawn - before
        #expect(drawn > 0)
        #expect(Double(drawn) <= (560 / lineHeight).rounded(.up) + 1, "\(words) words: \(drawn) lines drawn")
        view.scroll(by: 200)
      }
    }
  }
}
