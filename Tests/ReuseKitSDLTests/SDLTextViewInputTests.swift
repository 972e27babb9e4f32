import AnimationRuntime
import Foundation
import SDLTestSupport
import Testing
import TextEngine

@testable import ReuseKitSDL

/// Editing, composition, clipboard and mouse selection through the text view's input events, on
/// an offscreen `SDLTextView` (the chat's own input, stickers and scrolling: `ChatTextViewInputTests`).
@Suite @MainActor struct SDLTextViewInputTests {
  private let ctrl = TextInputEvent.KeyModifiers.control
  private let shift = TextInputEvent.KeyModifiers.shift
  private let environment: SDLTestEnvironment

  init() throws { environment = try SDLTestEnvironment() }

  /// An offscreen view over one paragraph per `(text, sender)`, the sender in the paragraph's
  /// `"sender"` attribute, with a clipboard in memory.
  private func view(_ paragraphs: [(text: String, sender: String)], width: Int = 360, height: Int = 560) throws
    -> SDLTextView
  {
    SDLTextView(
      storage: TextContentStorage(paragraphs: paragraphs.map { (AttributedText($0.text), ["sender": $0.sender]) }),
      renderer: try SDLRenderer.offscreen(width: width, height: height), fonts: environment.fonts,
      clock: ManualClock(), clipboard: MemoryClipboard())
  }

  private func text(_ view: SDLTextView) throws -> String {
    try view.textContentManager.attributedString(in: 0..<view.textContentManager.length).string
  }

  /// A click at the caret position before `offset`, in view pixels.
  private func point(before offset: Int, in view: SDLTextView) throws -> (x: Double, y: Double) {
    let rect = view.viewRect(fromContainer: try #require(view.caretRect(at: offset)))
    return (rect.minX + 0.4, rect.midY)
  }

  @Test func typingBackspaceDeleteAndUndoRedoShortcuts() throws {
    let view = try view([("ab", "me")])
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

  @Test func enterSplitsTheParagraphAndShiftEnterBreaksTheLine() throws {
    let view = try view([("onetwo", "ana")])
    view.setCaret(3)
    view.handle(.key(.enter, shift))
    #expect(view.textContentManager.paragraphCount == 1)
    #expect(try text(view) == "one\u{2028}two")
    view.handle(.key(.enter, []))
    #expect(view.textContentManager.paragraphCount == 2)
    #expect(view.textContentManager.paragraph(at: 1)?.paragraphAttributes["sender"] == "ana")
  }

  @Test func arrowsHomeEndAndShiftExtendTheSelection() throws {
    let view = try view([("hello world", "me")])
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
    let view = try view([("say ", "ana")])
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

  @Test func cutPutsTextOnTheClipboardAndRemovesIt() throws {
    let view = try view([("keep cut", "me")])
    let clipboard = MemoryClipboard()
    view.clipboard = clipboard
    try view.setSelectedRange(4..<8)
    view.handle(.key(.character("x"), ctrl))
    #expect(clipboard.text == " cut")
    #expect(try text(view) == "keep")
  }

  @Test func clickPlacesTheCaretDragSelectsAndDoubleClickSelectsAWord() throws {
    let view = try view([("alpha beta gamma", "ana")])
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
}
