import ChatKit
import ChatModel
import Foundation
import Stickers
import Testing
import TextEngine

/// Day separators are paragraphs a save skips, so no edit may put text into one or merge one away.
@Suite @MainActor struct ChatDaySeparatorEditingTests {
  @Test func editsThatWouldTouchADaySeparatorAreRefusedAndLoseNothing() throws {
    let fixture = try ChatFixture()
    let storage = ChatDaySectionTests.transcript().storage(stickers: StickerFactory(runtime: fixture.runtime))
    let view = try fixture.view(storage, height: 900)
    let before = Transcript(storage: storage)
    // Paragraph 4 is yesterday's separator; paragraph 5 is yesterday's first message.
    let separator = try storage.startOffset(ofParagraphAt: 4)
    let firstOfDay = try storage.startOffset(ofParagraphAt: 5)
    try view.setSelectedRange(separator..<separator)
    view.insertText("x")
    view.paste()
    // Backspace at the start of the day's first message would merge it into the separator.
    try view.setSelectedRange(firstOfDay..<firstOfDay)
    view.deleteBackward()
    // Delete at the end of the day before would merge the separator into that day's last message.
    try view.setSelectedRange((separator - 1)..<(separator - 1))
    view.deleteForward()
    // A selection across two days.
    #expect(throws: TextEditError.refused(range: 2..<(firstOfDay + 2))) {
      try view.replaceCharacters(in: 2..<(firstOfDay + 2), with: AttributedText(""))
    }
    #expect(Transcript(storage: storage) == before)
    #expect(storage.paragraphCount == before.messages.count + 3)
    #expect(!view.canUndo)

    // Inside a message, and across messages of one day, edits work as ever.
    try view.setSelectedRange(firstOfDay..<firstOfDay)
    view.insertText("Oh, ")
    let afterTyping = Transcript(storage: storage).messages
    #expect(afterTyping[3].parts.first == .text("Oh, Great film "))
    let secondOfDay = try storage.startOffset(ofParagraphAt: 6)
    try view.replaceCharacters(in: (secondOfDay - 1)..<secondOfDay, with: AttributedText(" "))
    #expect(Transcript(storage: storage).messages.count == before.messages.count - 1)
    view.undo()
    view.undo()
    #expect(Transcript(storage: storage) == before)
  }

  @Test func everyViewOnTheStorageRefusesThemAndHiddenMessagesToo() throws {
    let fixture = try ChatFixture()
    let storage = ChatDaySectionTests.transcript().storage(stickers: StickerFactory(runtime: fixture.runtime))
    let chat = try fixture.view(storage, height: 900)  // installs the day sections as the storage's delegate
    // A plain text view on the same storage (as the editor scene is) asks the same delegate.
    let plain = TextView(
      storage: storage, viewportSize: CGSize(width: 400, height: 600), glyphMeasurer: chat.glyphMeasurer)
    let before = Transcript(storage: storage)
    let separator = try storage.startOffset(ofParagraphAt: 4)
    try plain.setSelectedRange(separator..<separator)
    plain.insertText("hello")
    try plain.setSelectedRange((separator + 1)..<(separator + 1))
    plain.deleteBackward()
    #expect(Transcript(storage: storage) == before && !plain.canUndo)
    // Yesterday collapsed: its messages can't change from a caret the user cannot see.
    chat.collapseDay(at: 4)
    let hidden = try storage.startOffset(ofParagraphAt: 6)
    try plain.setSelectedRange(hidden..<hidden)
    plain.insertText("unseen")
    #expect(Transcript(storage: storage) == before)
    chat.expandDay(at: 4)
    plain.insertText("seen ")
    #expect(Transcript(storage: storage).messages[4].parts.first == .text("seen Loved it."))
  }

  @Test func anEditInOneViewClearsTheOtherViewsUndoHistory() throws {
    let fixture = try ChatFixture()
    let storage = ChatDaySectionTests.transcript().storage(stickers: StickerFactory(runtime: fixture.runtime))
    let first = try fixture.view(storage, height: 900)
    let second = try fixture.view(storage, height: 900)
    let messageA = try storage.startOffset(ofParagraphAt: 7)
    try second.setSelectedRange(messageA..<messageA)
    second.insertText("A: ")
    #expect(second.canUndo)
    let early = try storage.startOffset(ofParagraphAt: 2)
    try first.setSelectedRange(early..<early)
    first.insertParagraphBreak()  // every paragraph after it moves down by one
    let afterBoth = Transcript(storage: storage)
    // The second view's record names paragraph 7, which is now another message: it must not revert it.
    #expect(!second.canUndo)
    second.undo()
    #expect(Transcript(storage: storage) == afterBoth)
    first.undo()
    #expect(Transcript(storage: storage).messages.count == afterBoth.messages.count - 1)
  }
}
