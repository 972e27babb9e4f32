import AnimationRuntime
import ChatKit
import ChatModel
import Foundation
import Stickers
import Testing
import TextEngine

@testable import ReuseKitSDL

/// Editing, composition, clipboard, mouse and scrolling through the text view's input events.
@Suite @MainActor struct SDLTextViewInputTests {
  private let ctrl = TextInputEvent.KeyModifiers.control
  private let shift = TextInputEvent.KeyModifiers.shift

  private func text(_ view: SDLTextView) throws -> String {
    try view.textContentManager.attributedString(in: 0..<view.textContentManager.length).string
  }

  /// A click at the caret position before `offset`, in view pixels.
  private func point(before offset: Int, in view: SDLTextView) throws -> (x: Double, y: Double) {
    let rect = view.viewRect(fromContainer: try #require(view.caretRect(at: offset)))
    return (rect.minX + 0.4, rect.midY)
  }

  @Test func typingBackspaceDeleteAndUndoRedoShortcuts() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(TextContentStorage(paragraphs: [fixture.message("me", "9:00", [.text("ab")])]))
    view.setCaret(2)
    #expect(view.handle(.text("cd")))
    #expect(try text(view) == "abcd")
    view.handle(.key(.backspace, []))
    #expect(try text(view) == "abc")
    view.handle(.key(.home, []))
    view.handle(.key(.delete, []))
    #expect(try text(view) == "bc")
    view.handle(.key(.character("z"), ctrl))
    #expect(try text(view) == "abc")
    view.handle(.key(.character("z"), ctrl))
    #expect(try text(view) == "abcd")
    view.handle(.key(.character("z"), ctrl.union(shift)))
    #expect(try text(view) == "abc")
    view.handle(.key(.character("y"), ctrl))
    #expect(try text(view) == "bc")
  }

  @Test func enterSplitsTheMessageAndShiftEnterBreaksTheLine() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(TextContentStorage(paragraphs: [fixture.message("ana", "9:00", [.text("onetwo")])]))
    view.setCaret(3)
    view.handle(.key(.enter, shift))
    #expect(view.textContentManager.paragraphCount == 1)
    #expect(try text(view) == "one\u{2028}two")
    view.handle(.key(.enter, []))
    #expect(view.textContentManager.paragraphCount == 2)
    #expect(view.textContentManager.paragraph(at: 1)?.paragraphAttributes[ChatMessage.senderKey] == "ana")
  }

  @Test func arrowsHomeEndAndShiftExtendTheSelection() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(TextContentStorage(paragraphs: [fixture.message("me", "9:00", [.text("hello world")])]))
    view.setCaret(5)
    view.handle(.key(.right, shift))
    view.handle(.key(.right, shift))
    #expect(view.selectedRange == 5..<7)
    view.handle(.key(.left, []))
    #expect(view.selectedRange == 5..<5)
    view.handle(.key(.end, shift))
    #expect(view.selectedRange == 5..<11)
    view.handle(.key(.home, []))
    #expect(view.selectedRange == 0..<0)
    view.handle(.key(.character("a"), ctrl))
    #expect(view.selectedRange == 0..<11)
  }

  @Test func compositionIsShownInlineButStaysOutOfTheDocumentUntilCommitted() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(TextContentStorage(paragraphs: [fixture.message("ana", "9:00", [.text("say ")])]))
    view.handle(.mouseDown(x: 0, y: 0, clickCount: 1, modifiers: []))  // shows the caret
    view.setCaret(4)
    try view.renderFrame()
    let before = try view.screenshot()
    #expect(view.handle(.composition("nihao", cursor: 2)))
    #expect(view.markedText == "nihao")
    #expect(try text(view) == "say ")
    view.handle(.key(.backspace, []))  // the IME owns keys while composing
    #expect(try text(view) == "say ")
    try view.renderFrame()
    let composing = try view.screenshot()
    let caret = view.viewRect(fromContainer: try #require(view.caretRect(at: 4)))
    let background = view.colors.compositionBackground
    let expected = 0xFF00_0000 | UInt32(background.red) << 16 | UInt32(background.green) << 8 | UInt32(background.blue)
    let row = Int(caret.minY + 2)
    let highlighted = (Int(caret.minX)..<Int(caret.minX) + 40).filter { composing[$0, row] == expected }
    #expect(highlighted.count > 10, "the composition's highlight is drawn at the caret")
    #expect(before[Int(caret.minX) + 20, row] != expected)
    view.handle(.text("你好"))
    #expect(view.markedText.isEmpty)
    #expect(try text(view) == "say 你好")
  }

  @Test func copyAndPasteKeepAttachmentsWhileTheClipboardIsOurs() throws {
    let fixture = try ChatFixture()
    let storage = TextContentStorage(paragraphs: [
      fixture.message("ana", "9:00", [.text("hi "), .sticker("party"), .text(" you")])
    ])
    let view = try fixture.view(storage)
    let clipboard = MemoryClipboard()
    view.clipboard = clipboard
    try view.setSelectedRange(0..<4)
    view.handle(.key(.character("c"), ctrl))
    #expect(clipboard.text == "hi :party:")
    view.handle(.key(.end, []))
    view.handle(.key(.character("v"), ctrl))
    let attachments = storage.paragraph(at: 0)?.attributedString.attachments ?? []
    #expect(attachments.count == 2)
    #expect(attachments[0] !== attachments[1], "a pasted attachment is a new attachment")
    #expect(attachments[1] is StickerAttachment)

    clipboard.text = "from another app\r\nsecond line"
    view.handle(.key(.character("v"), ctrl))
    #expect(storage.paragraphCount == 1, "the chat keeps a pasted line break inside the message")
    #expect(try text(view).hasSuffix("from another app\u{2028}second line"))
    #expect((storage.paragraph(at: 0)?.attributedString.attachments.count) == 2)
  }

  @Test func cutPutsTextOnTheClipboardAndRemovesIt() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(TextContentStorage(paragraphs: [fixture.message("me", "9:00", [.text("keep cut")])]))
    let clipboard = MemoryClipboard()
    view.clipboard = clipboard
    try view.setSelectedRange(4..<8)
    view.handle(.key(.character("x"), ctrl))
    #expect(clipboard.text == " cut")
    #expect(try text(view) == "keep")
  }

  @Test func clickPlacesTheCaretDragSelectsAndDoubleClickSelectsAWord() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(
      TextContentStorage(paragraphs: [fixture.message("ana", "9:00", [.text("alpha beta gamma")])]))
    try view.renderFrame()
    let start = try point(before: 6, in: view)
    view.handle(.mouseDown(x: start.x, y: start.y, clickCount: 1, modifiers: []))
    #expect(view.selectedRange == 6..<6)
    #expect(view.showsCaret)
    let end = try point(before: 10, in: view)
    view.handle(.mouseDrag(x: end.x, y: end.y))
    view.handle(.mouseUp(x: end.x, y: end.y))
    #expect(view.selectedRange == 6..<10)
    view.handle(.mouseDrag(x: start.x, y: start.y))  // the button is up: no more selecting
    #expect(view.selectedRange == 6..<10)
    let word = try point(before: 13, in: view)
    view.handle(.mouseDown(x: word.x, y: word.y, clickCount: 2, modifiers: []))
    #expect(view.selectedRange == 11..<16)
    view.handle(.mouseDown(x: word.x, y: word.y, clickCount: 3, modifiers: []))
    #expect(view.selectedRange == 0..<16)
  }

  @Test func wheelAndPageKeysScrollAndTheJumpButtonReturnsToTheBottom() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.stickerTranscript(count: 40), height: 400)
    try view.renderFrame()
    let bottom = view.scrollOffset
    #expect(bottom > 0 && view.isAnchoredToBottom && view.jumpToLatestButtonFrame == nil)
    view.handle(.wheel(dy: -120))
    #expect(view.scrollOffset == bottom - 120)
    #expect(!view.isAnchoredToBottom)
    // Page keys scroll by the viewport height minus 40; estimated heights above turn into measurements
    // on the way, so the content moves by about that much.
    let paragraph = try #require(view.textLayoutManager.paragraphIndex(atY: view.scrollOffset + 10))
    func screenY() -> Double { (view.textLayoutManager.yOffset(ofParagraphAt: paragraph) ?? 0) - view.scrollOffset }
    let before = screenY()
    view.handle(.key(.pageUp, []))
    let moved = screenY() - before
    #expect(moved > 300 && moved < 460, "moved \(moved)")
    view.handle(.key(.pageDown, []))
    #expect(abs(screenY() - before) < 60)
    let button = try #require(view.jumpToLatestButtonFrame)
    #expect(!view.hitTestJumpToLatest(CGPoint(x: button.minX - 5, y: button.midY)))
    #expect(view.hitTestJumpToLatest(CGPoint(x: button.midX, y: button.midY)))
    view.handle(.mouseDown(x: button.midX, y: button.midY, clickCount: 1, modifiers: []))
    #expect(view.isScrolledToBottom && view.isAnchoredToBottom)
    #expect(view.jumpToLatestButtonFrame == nil)
  }
}
