import AnimationRuntime
import ChatKit
import Foundation
import SDLTestSupport
import Testing
import TextEngine

@testable import ReuseKitSDL

/// Golden images of bidirectional text and an input method's composition in the chat view.
/// Re-record with `make record-goldens` (the suite's name matches its filter), then look at the PNGs.
@Suite @MainActor struct ChatBidiGoldenImageTests {
  private func verify(_ view: ChatTextView, named name: String) throws {
    let verifier = GoldenImageVerifier(directory: SDLTestEnvironment.goldensDirectory())
    let outcome = verifier.verify(try view.screenshot(), named: name)
    #expect(outcome.passed, "\(outcome.message)")
  }

  private func bidiConversation(_ fixture: ChatFixture) -> TextContentStorage {
    TextContentStorage(paragraphs: [
      fixture.message("dana", "10:01", [.text("שלום! ניפגש ב-8 ")]),
      fixture.message("me", "10:02", [.text("Sure, see you at 8")]),
      fixture.message("dana", "10:03", [.text("הבאתי "), .sticker("party"), .text(" cake (ו-2 בלונים)")]),
      fixture.message("me", "10:04", [.text("abc אבגד efg 123")]),
      fixture.message("dana", "10:05", [.text("כן")]),
    ])
  }

  /// A right-to-left message (right-aligned in its bubble, the bubble on its sender's side) and a
  /// mixed line with a sticker, Latin and numbers.
  @Test func mixedBidirectionalLineHoldingASticker() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(bidiConversation(fixture), height: 360)
    try view.renderFrame()
    fixture.clock.advance(by: 0.5)
    try view.renderFrame()
    try verify(view, named: "chat-bidi-sticker")
  }

  /// "c אב" selected in "abc אבגד efg 123": the highlight is two rectangles on one line.
  @Test func selectionAcrossADirectionBoundary() throws {
    let fixture = try ChatFixture()
    let storage = bidiConversation(fixture)
    let view = try fixture.view(storage, height: 360)
    let start = try storage.startOffset(ofParagraphAt: 3)
    try view.setSelectedRange((start + 2)..<(start + 6))
    let rects = view.selectionRects(for: view.selectedRange)
    #expect(rects.count == 2)
    try view.renderFrame()
    try verify(view, named: "chat-bidi-selection")
  }

  /// A composition ("nihao", its caret after "ni") drawn inline at the caret, underlined.
  @Test func imePreeditAtTheCaret() throws {
    let fixture = try ChatFixture()
    let storage = bidiConversation(fixture)
    let view = try fixture.view(storage, height: 360)
    view.caretBlinkInterval = 0
    view.setCaret(try storage.startOffset(ofParagraphAt: 1) + 4)
    view.handle(.composition("nihao", cursor: 2))
    try view.renderFrame()
    try verify(view, named: "chat-ime-preedit")
  }

  /// Composing creates no fragment and no provider and leaves storage alone; committing is one edit.
  @Test func compositionEventsAreNotEdits() throws {
    let fixture = try ChatFixture()
    let storage = bidiConversation(fixture)
    let view = try fixture.view(storage, height: 360)
    view.setCaret(try storage.startOffset(ofParagraphAt: 2) + 3)
    try view.renderFrame()
    let before = try storage.attributedString(in: 0..<storage.length)
    let counters = try view.instrumentation.measure {
      for (text, cursor) in [("k", 1), ("ka", 2), ("kan", 3), ("かん", 2), ("漢", 1)] {
        view.handle(.composition(text, cursor: cursor))
        try view.renderFrame()
      }
    }
    #expect(counters.layoutFragmentsCreated == 0 && counters.providersCreated == 0)
    #expect(counters.providersDiscarded == 0 && counters.providersReusedOnEdit == 0)
    #expect(try storage.attributedString(in: 0..<storage.length) == before)
    let commit = try view.instrumentation.measure {
      view.handle(.text("漢"))
      try view.renderFrame()
    }
    #expect(!view.hasMarkedText)
    #expect(commit.layoutFragmentsCreated == 1)  // the edit (its sticker's provider follows the view's policy)
    #expect(try storage.attributedString(in: 0..<storage.length).string.contains("הבא漢תי"))
  }

  /// With the real fonts, a click at every caret position of a mixed message lands on that offset.
  @Test func clickingEachCaretOfAMixedMessageGivesItsOffset() throws {
    let fixture = try ChatFixture()
    let storage = bidiConversation(fixture)
    let view = try fixture.view(storage, height: 360)
    try view.renderFrame()
    for paragraph in [0, 2, 3] {
      let start = try storage.startOffset(ofParagraphAt: paragraph)
      let length = try #require(storage.paragraph(at: paragraph)).length
      for offset in start...(start + length) {
        let caret = view.viewRect(fromContainer: try #require(view.caretRect(at: offset)))
        #expect(view.characterOffset(atViewPoint: CGPoint(x: caret.minX, y: caret.midY)) == offset)
      }
    }
  }

  /// Arrow keys move in logical order: Right goes one character on, which is leftwards in Hebrew.
  @Test func arrowKeysMoveInLogicalOrder() throws {
    let fixture = try ChatFixture()
    let storage = bidiConversation(fixture)
    let view = try fixture.view(storage, height: 360)
    let start = try storage.startOffset(ofParagraphAt: 3)  // "abc אבגד efg 123"
    view.setCaret(start + 5)  // between א and ב
    let before = try #require(view.caretRect())
    view.handle(.key(.right, []))
    #expect(view.caretOffset == start + 6)
    #expect(try #require(view.caretRect()).minX < before.minX)  // on screen, the caret went left
    view.handle(.key(.left, []))
    view.handle(.key(.left, []))
    #expect(view.caretOffset == start + 4)
  }

  /// A short Hebrew reply, narrower than its bubble's name and time, ends at the bubble's right.
  @Test func aShortRightToLeftReplyIsRightAlignedInsideItsBubble() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(bidiConversation(fixture), height: 360)
    try view.renderFrame()
    for index in [0, 4] {  // two messages from "dana": on the left
      let fragment = try #require(view.textLayoutManager.ensureLayout(forParagraphAt: index))
      let bubble = try #require(view.bubbleFrame(of: fragment))
      let line = try #require(fragment.textLineFragments.last)
      #expect(fragment.baseWritingDirection == .rightToLeft)
      #expect(Double(line.typographicBounds.maxX) == Double(bubble.maxX) - view.style.bubblePaddingX)
      #expect(Double(bubble.minX) == view.style.sideMargin)  // the bubble stays on its sender's side
    }
  }
}
