import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

@Suite struct TextViewEditingTests {
  private func view(_ text: String, width: Double = 480) -> CountingTextView {
    Fixtures.view(TextContentStorage(AttributedText(text)), size: CGSize(width: width, height: 400))
  }

  private func text(_ view: TextView) -> String {
    (try? view.textContentManager.attributedString(in: 0..<view.textContentManager.length).string) ?? "<error>"
  }

  @Test func typingDeletingAndBreakingLines() throws {
    let view = view("hello")
    try view.setSelectedRange(5..<5)
    view.insertText(" world")
    view.insertParagraphBreak()
    view.insertText("next")
    view.insertLineBreak()
    view.insertText("line")
    #expect(text(view) == "hello world\nnext\u{2028}line")
    view.deleteBackward()
    try view.setSelectedRange(0..<0)
    view.deleteForward()
    #expect(text(view) == "ello world\nnext\u{2028}lin")
    #expect(view.textContentManager.paragraphCount == 2)
  }

  @Test func undoAndRedoRestoreTextAndSelection() throws {
    let view = view("abc\ndef")
    try view.setSelectedRange(1..<5)  // "bc\nd"
    view.deleteBackward()
    #expect(text(view) == "aef")
    view.insertText("Z")
    view.undo()
    view.undo()
    #expect(text(view) == "abc\ndef")
    #expect(view.selectedRange == 1..<5)
    view.redo()
    #expect(text(view) == "aef")
    view.redo()
    #expect(text(view) == "aZef")
    #expect(!view.canRedo)
  }

  @Test func typingUndoesWordByWord() throws {
    let view = view("")
    for character in "hello world" { view.insertText(String(character)) }
    view.undo()
    #expect(text(view) == "hello ")
    view.undo()
    #expect(text(view) == "")
    view.redo()
    view.redo()
    #expect(text(view) == "hello world")
  }

  @Test func aCaretMoveOrTheSettingEndsATypingGroup() throws {
    let view = view("")
    for character in "abc" { view.insertText(String(character)) }
    view.moveLeft()
    view.moveRight()
    for character in "def" { view.insertText(String(character)) }
    view.undo()
    #expect(text(view) == "abc")
    view.coalescesTyping = false
    for character in "xy" { view.insertText(String(character)) }
    view.undo()
    #expect(text(view) == "abcx")
  }

  @Test func undoingTypingAroundAStickerKeepsTheStickerObject() throws {
    let storage = TextContentStorage(Fixtures.text(["ab", "cd"]))
    let view = Fixtures.view(storage, policy: .onEditingInlineParagraphs)
    let sticker = try #require(storage.paragraph(at: 0)?.attributedString.attachments.first)
    try view.setSelectedRange(1..<1)
    let counters = view.instrumentation.measure {
      for character in "xyz" { view.insertText(String(character)) }
      view.undo()
    }
    #expect(text(view) == "ab\u{FFFC}cd")
    #expect(storage.paragraph(at: 0)?.attributedString.attachments.first === sticker)
    #expect(counters.providersCreated == 0 && counters.providersReusedOnEdit == 4)
  }

  @Test func charactersThatJoinAcrossAnEditKeepLengthsAndRunsInStep() throws {
    let flags = view("🇺x🇸")
    try flags.setSelectedRange(2..<2)
    flags.deleteBackward()  // the two flag halves become one character
    #expect(text(flags) == "🇺🇸" && flags.textContentManager.length == 1 && flags.selectedRange == 1..<1)
    #expect(flags.textContentManager.paragraph(at: 0)?.attributedString.runs.map(\.length) == [1])
    let accent = view("cafe")
    try accent.setSelectedRange(4..<4)
    accent.insertText("\u{301}")
    #expect(text(accent) == "café" && accent.textContentManager.length == 4 && accent.selectedRange == 4..<4)
    accent.insertText("!")
    #expect(text(accent) == "café!")
  }

  @Test func undoRedoUndoRestoresTheFirstSelection() throws {
    let view = view("abc")
    try view.setSelectedRange(0..<3)
    view.insertText("x")
    view.undo()
    view.redo()
    view.undo()
    #expect(text(view) == "abc" && view.selectedRange == 0..<3)
  }

  @Test func changingAttributesAcrossMessagesKeepsEachMessagesAttributes() throws {
    let storage = TextContentStorage(paragraphs: [
      (AttributedText("hi"), ["from": "ana"]), (AttributedText("yo"), ["from": "ben"]),
    ])
    let view = Fixtures.view(storage)
    try view.changeAttributes(in: 0..<5) { $0.isBold = true }
    #expect(storage.paragraph(at: 0)?.paragraphAttributes["from"] == "ana")
    #expect(storage.paragraph(at: 1)?.paragraphAttributes["from"] == "ben")
    #expect(storage.paragraph(at: 1)?.attributedString.runs.first?.attributes.isBold == true)
    view.undo()
    #expect(storage.paragraph(at: 1)?.attributedString.runs.first?.attributes.isBold == false)
  }

  @Test func aKeystrokeInABottomAnchoredViewIsOnePass() throws {
    let view = Fixtures.view(Fixtures.chat(paragraphs: 300, stickerEvery: 3))
    view.wantsBottomAnchoring = true
    view.scrollToBottom()
    try view.setSelectedRange(view.textContentManager.length..<view.textContentManager.length)
    let counters = view.instrumentation.measure { for _ in 0..<5 { view.insertText("z") } }
    #expect(counters.viewportLayoutPasses == 5)
  }

  @Test func undoRestoresParagraphAttributesOfMergedMessages() throws {
    let storage = TextContentStorage(paragraphs: [
      (AttributedText("hi"), ["from": "ana"]), (AttributedText("yo"), ["from": "ben"]),
    ])
    let view = Fixtures.view(storage)
    try view.setSelectedRange(3..<3)
    view.deleteBackward()
    #expect(storage.paragraphCount == 1 && storage.paragraph(at: 0)?.paragraphAttributes["from"] == "ana")
    view.undo()
    #expect(storage.paragraph(at: 1)?.paragraphAttributes["from"] == "ben")
  }

  @Test func arrowsHomeEndAndShiftExtend() throws {
    // 80 pt wide at 8 pt per character: "aaaa bbbb " | "cccc dddd"
    let view = view("aaaa bbbb cccc dddd", width: 80)
    try view.setSelectedRange(2..<2)
    view.moveDown()
    #expect(view.caretOffset == 12)
    view.moveToLineEnd()
    #expect(view.caretOffset == 19)
    view.moveToLineStart(extending: true)
    #expect(view.selectedRange == 10..<19)
    view.moveLeft()
    #expect(view.selectedRange == 10..<10)
    view.moveUp()
    #expect(view.caretOffset == 0)
    view.moveRight(extending: true)
    view.moveRight(extending: true)
    #expect(view.selectedRange == 0..<2)
  }

  @Test func doubleClickSelectsAWord() {
    let view = view("hello, brave world")
    view.selectWord(at: 9)
    #expect(view.selectedRange == 7..<12)
  }

  @Test func hitTestingFindsTheNearestCaretPosition() throws {
    let view = view("first\nsecond line")
    #expect(view.characterOffset(at: CGPoint(x: 17, y: 4)) == 2)
    #expect(view.characterOffset(at: CGPoint(x: 1_000, y: 20)) == 17)
    let caret = try #require(view.caretRect(at: 8))
    #expect(Double(caret.minX) == 16 && Double(caret.minY) == 16)
  }

  @Test func badRangesThrowAndLeaveTheDocumentAndSelectionAlone() throws {
    let view = view("abc")
    try view.setSelectedRange(1..<2)
    #expect(throws: TextEditError.offsetOutOfRange(offset: 10, length: 3)) {
      try view.replaceCharacters(in: 2..<10, with: "x")
    }
    #expect(throws: TextEditError.offsetOutOfRange(offset: 4, length: 3)) { try view.setSelectedRange(0..<4) }
    #expect(text(view) == "abc" && view.selectedRange == 1..<2 && !view.canUndo)
  }

  @Test func selectionRectsCoverTheSelectedLines() throws {
    let view = view("aaaa bbbb cccc", width: 80)
    try view.setSelectedRange(2..<12)
    let rects = view.selectionRects(for: view.selectedRange)
    #expect(rects.count == 2)
    #expect(Double(rects[0].minX) == 16 && Double(rects[1].width) == 16)
  }

  @Test func scrollingToTheBottomShowsTheLastParagraph() throws {
    let view = Fixtures.view(Fixtures.chat(paragraphs: 500, stickerEvery: 4))
    view.wantsBottomAnchoring = true
    view.scrollToBottom()
    let last = try #require(view.textLayoutManager.ensureLayout(forParagraphAt: 499))
    #expect(abs(Double(last.layoutFragmentFrame.maxY) - (view.scrollOffset + 800)) < 1e-6)
    view.appendParagraph("a new message", attributes: ["from": "me"])
    let newest = try #require(view.textLayoutManager.ensureLayout(forParagraphAt: 500))
    #expect(abs(Double(newest.layoutFragmentFrame.maxY) - (view.scrollOffset + 800)) < 1e-6)
  }
}
