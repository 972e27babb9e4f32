import AnimationRuntime
import ChatKit
import ChatModel
import Foundation
import Stickers
import Testing
import TextEngine

@testable import ReuseKitSDL

/// The chat view's own input: stickers through the clipboard, pasted line breaks kept inside the
/// message, and scrolling with the jump-to-latest button (the text view's editing, composition and
/// mouse selection: `SDLTextViewInputTests` in ReuseKitSDLTests).
@Suite @MainActor struct ChatTextViewInputTests {
  private let ctrl = TextInputEvent.KeyModifiers.control

  private func text(_ view: SDLTextView) throws -> String {
    try view.textContentManager.attributedString(in: 0..<view.textContentManager.length).string
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
