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

/// Typing in a long chat message re-breaks a few of its lines, not all of them.
@MainActor
@Suite struct LongMessageTypingTests {
  @Test func aKeystrokeInALongMessageReBreaksAFewLines() throws {
    let fixture = try ChatFixture()
    let text = (0..<40_000).map { "w\(String(repeating: "o", count: $0 * 7 % 11))" }.joined(separator: " ")
    let storage = TextContentStorage(paragraphs: [
      fixture.message("ana", "09:00", [.text("before")]),
      fixture.message("me", "09:01", [.text(text)]),
      fixture.message("ana", "09:02", [.text("after")]),
    ])
    let view = try fixture.view(storage, width: 360, height: 560)
    try view.scroll(toParagraphAt: 1, position: .center)
    let start = try storage.startOffset(ofParagraphAt: 1)
    try view.setSelectedRange((start + 100_000)..<(start + 100_000))
    try view.renderFrame()
    let lines = try #require(view.textLayoutManager.ensureLayout(forParagraphAt: 1)).textLineFragments.count
    for key in 0..<10 {
      if key.isMultiple(of: 2) { view.insertText("k") } else { view.deleteBackward() }
      try view.renderFrame()
      let fragment = try #require(view.textLayoutManager.ensureLayout(forParagraphAt: 1))
      #expect(fragment.linesBroken < 20, "key \(key): \(fragment.linesBroken) of \(lines) lines broken")
    }
  }
}
