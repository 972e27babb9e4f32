import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// One attachment object in several ranges, as TextKit allows: inserted again it is that very
/// object in every place, and the content manager counts its occurrences through inserts,
/// deletes, splits, merges, replace-all, undo and redo, release and rebuilding, and a failed write.
@Suite struct AttachmentOccurrenceTests {
  /// The attachments of every paragraph, in order, read back through the paragraphs.
  private func attachments(_ manager: TextContentManager) -> [[TextAttachment]] {
    (0..<manager.paragraphCount).map { manager.paragraph(at: $0)?.attributedString.attachments ?? [] }
  }

  /// `text` with `attachment` after each piece but the last.
  private func text(_ pieces: [String], _ attachment: TextAttachment) -> AttributedText {
    var result = AttributedText()
    for (index, piece) in pieces.enumerated() {
      result.append(AttributedText(piece))
      if index < pieces.count - 1 { result.append(AttributedText(attachment: attachment)) }
    }
    return result
  }

  /// A text view on `storage` that runs no viewport pass: its undo and redo, not its reuse.
  private func editingView(_ storage: TextContentManager) -> TextView {
    let view = TextView(storage: storage, viewportSize: Fixtures.viewport, glyphMeasurer: FixedAdvanceGlyphMeasurer())
    view.laysOutImmediately = false
    return view
  }

  @Test func theSameObjectInTwoParagraphsAndTwiceInOneIsThatObjectEverywhere() throws {
    let sticker = Fixtures.sticker()
    let storage = TextContentStorage(AttributedText("one\ntwo\nthree"))
    try storage.replaceCharacters(in: 1..<1, with: AttributedText(attachment: sticker))  // o⧉ne
    try storage.replaceCharacters(in: 6..<6, with: text(["", "", ""], sticker))  // two, then ⧉⧉ inside it
    try storage.insertParagraphs([(text(["last ", ""], sticker), [:])], at: 3)
    let found = attachments(storage)
    #expect(found.map(\.count) == [1, 2, 0, 1])
    #expect(found.joined().allSatisfy { $0 === sticker }, "no copy anywhere")
    #expect(storage.paragraph(at: 1)?.attributedString.string == "t\u{FFFC}\u{FFFC}wo")
    #expect(storage.occurrenceCount(of: sticker.identity) == 4 && storage.contains(sticker))
    #expect(storage.checkInvariants(readingSource: true) == [])
    // Deleting occurrences one by one: present until the last goes.
    try storage.replaceCharacters(in: 1..<2, with: "")
    #expect(storage.occurrenceCount(of: sticker.identity) == 3)
    let second = try storage.startOffset(ofParagraphAt: 1)
    try storage.replaceCharacters(in: (second + 1)..<(second + 3), with: "")
    #expect(storage.occurrenceCount(of: sticker.identity) == 1 && storage.contains(sticker))
    try storage.replaceParagraphs(in: 3..<4, with: [])
    #expect(storage.occurrenceCount(of: sticker.identity) == 0 && !storage.contains(sticker))
    #expect(storage.checkInvariants(readingSource: true) == [])
  }

  @Test func splittingAndMergingAParagraphKeepsTheObjectAndItsCount() throws {
    let sticker = Fixtures.sticker()
    let storage = TextContentStorage(text(["a", "b", "c"], sticker))  // a⧉b⧉c
    #expect(storage.occurrenceCount(of: sticker.identity) == 2)
    try storage.replaceCharacters(in: 2..<2, with: "\n")  // a⧉ | b⧉c
    #expect(attachments(storage).map { $0.map { $0 === sticker } } == [[true], [true]])
    #expect(storage.occurrenceCount(of: sticker.identity) == 2)
    try storage.replaceCharacters(in: 2..<3, with: "")  // merged again
    #expect(attachments(storage).map(\.count) == [2] && attachments(storage)[0].allSatisfy { $0 === sticker })
    #expect(storage.occurrenceCount(of: sticker.identity) == 2)
    // Replace-all: whatever the new text holds, and only that.
    try storage.replaceCharacters(in: 0..<storage.length, with: text(["x", "\n", "\ny", "z"], sticker))
    #expect(storage.occurrenceCount(of: sticker.identity) == 3 && storage.paragraphCount == 3)
    try storage.replaceCharacters(in: 0..<storage.length, with: "")
    #expect(storage.occurrenceCount(of: sticker.identity) == 0 && !storage.contains(sticker))
    #expect(storage.checkInvariants(readingSource: true) == [])
  }

  @Test func undoAndRedoBringBackTheSameObjectAndItsCount() throws {
    let sticker = Fixtures.sticker()
    let storage = TextContentStorage(AttributedText("first\nsecond"))
    let view = editingView(storage)
    try view.setSelectedRange(2..<2)
    view.insertAttachment(sticker)
    try view.setSelectedRange(9..<9)
    view.insertAttachment(sticker)  // the same object again: inserted as it is
    #expect(attachments(storage).map(\.count) == [1, 1])
    #expect(attachments(storage).joined().allSatisfy { $0 === sticker })
    #expect(storage.occurrenceCount(of: sticker.identity) == 2)
    view.undo()
    #expect(storage.occurrenceCount(of: sticker.identity) == 1 && attachments(storage)[1].isEmpty)
    view.undo()
    #expect(storage.occurrenceCount(of: sticker.identity) == 0 && !storage.contains(sticker))
    view.redo()
    view.redo()
    #expect(attachments(storage).map { $0.first === sticker } == [true, true])
    #expect(storage.occurrenceCount(of: sticker.identity) == 2)
    // Deleting one, then undoing that: the very object comes back where it was.
    try view.setSelectedRange(2..<3)
    view.deleteBackward()
    #expect(storage.occurrenceCount(of: sticker.identity) == 1 && attachments(storage)[0].isEmpty)
    view.undo()
    #expect(attachments(storage)[0].first === sticker && storage.occurrenceCount(of: sticker.identity) == 2)
    #expect(storage.checkInvariants(readingSource: true) == [])
  }

  @Test func pasteMakesNewAttachmentsAndLeavesTheCopiedOnesCount() throws {
    let sticker = Fixtures.sticker()
    let storage = TextContentStorage(text(["ab", "cd"], sticker))  // ab⧉cd
    let view = editingView(storage)
    try view.setSelectedRange(1..<4)
    view.copy()
    try view.setSelectedRange(storage.length..<storage.length)
    view.paste()
    view.paste()
    let found = attachments(storage)[0]
    #expect(found.count == 3 && found[0] === sticker)
    #expect(found[1] !== sticker && found[2] !== sticker && found[1] !== found[2], "every paste makes new objects")
    #expect(found[1].persistentIdentifier == nil && found[1].fileType == sticker.fileType)
    #expect(storage.occurrenceCount(of: sticker.identity) == 1)
    #expect(storage.occurrenceCount(of: found[1].identity) == 1)
    #expect(storage.checkInvariants(readingSource: true) == [])
  }

  @Test func occurrencesInParagraphsNotBuiltAreCountedFromTheStart() throws {
    // In memory, the given contents are counted at open; released paragraphs stay counted.
    let shared = Fixtures.sticker()
    var given = (0..<300).map { (AttributedText("message \($0)"), [String: String]()) }
    given[10].0 = text(["a", ""], shared)
    given[250].0 = text(["", "", ""], shared)
    let storage = TextContentStorage(paragraphs: given)
    #expect(storage.paragraphsBuilt == 0 && storage.occurrenceCount(of: shared.identity) == 3)
    #expect(storage.paragraph(at: 250)?.attributedString.attachments.allSatisfy { $0 === shared } == true)
    #expect(storage.occurrenceCount(of: shared.identity) == 3)
    #expect(storage.checkInvariants(readingSource: true) == [])
    #expect(storage.releaseUnheldParagraphsNow() > 0)
    #expect(storage.occurrenceCount(of: shared.identity) == 3 && storage.liveParagraphCount == 0)
    try storage.replaceParagraphs(in: 10..<11, with: [])  // built, then deleted
    #expect(storage.occurrenceCount(of: shared.identity) == 2)
    #expect(storage.checkInvariants(readingSource: true) == [])
  }

  @Test func aStoreSeesAnOccurrenceFromWhenItBuildsItsParagraphAndKeepsItReleased() throws {
    let source = MemoryTextContentSource.chat(count: 200, stickerEvery: 10, blockSize: 20)
    let manager = try StoredTextContentManager(source: source)
    let stored = try #require(manager.paragraph(at: 50)?.attributedString.attachments.first)
    #expect(manager.occurrenceCount(of: stored.identity) == 1)
    // Inserted again elsewhere: the store keeps its identifier, its reads give objects that carry it.
    try manager.insertParagraphs([(text(["again ", " and ", ""], stored), [:])], at: 150)
    #expect(manager.paragraph(at: 150)?.attributedString.attachments.allSatisfy { $0 === stored } == true)
    #expect(manager.occurrenceCount(of: stored.identity) == 3)
    #expect(manager.checkInvariants(readingSource: true) == [])
    #expect(manager.releaseUnheldParagraphsNow() > 0 && manager.liveParagraphCount == 0)
    #expect(manager.occurrenceCount(of: stored.identity) == 3 && manager.contains(stored))
    #expect(manager.checkInvariants(readingSource: true) == [])
    let rebuilt = try #require(manager.paragraph(at: 150)?.attributedString.attachments)
    #expect(rebuilt.count == 2 && rebuilt.allSatisfy { $0 !== stored && $0.identity == stored.identity })
    #expect(manager.occurrenceCount(of: stored.identity) == 3)
    try manager.replaceParagraphs(in: 50..<51, with: [])
    #expect(manager.occurrenceCount(of: stored.identity) == 2 && manager.contains(stored))
    #expect(manager.checkInvariants(readingSource: true) == [])
  }

  @Test func aFailedStoreWriteChangesNeitherTheCountsNorTheIdentifiers() throws {
    let source = MemoryTextContentSource.chat(count: 50, stickerEvery: 5, blockSize: 20)
    let manager = try StoredTextContentManager(source: source)
    let stored = try #require(manager.paragraph(at: 5)?.attributedString.attachments.first)
    let fresh = Fixtures.sticker()
    source.failure = .commits  // the store writes, assigns an identifier to `fresh`, then fails
    #expect(throws: TextEditError.self) {
      try manager.insertParagraphs([(text(["", " ", " ", ""], fresh).appendingAttachment(stored), [:])], at: 0)
    }
    #expect(fresh.persistentIdentifier == nil, "the identifier the failed write gave names nothing")
    #expect(!manager.contains(fresh) && manager.occurrenceCount(of: stored.identity) == 1)
    #expect(manager.paragraphCount == 50)
    #expect(manager.checkInvariants(readingSource: true) == [])
    source.failure = nil
    try manager.insertParagraphs([(text(["", " ", ""], fresh), [:])], at: 0)
    #expect(fresh.persistentIdentifier != nil && manager.occurrenceCount(of: fresh.identity) == 2)
    #expect(manager.checkInvariants(readingSource: true) == [])
  }
}

extension AttributedText {
  fileprivate func appendingAttachment(_ attachment: TextAttachment) -> AttributedText {
    var copy = self
    copy.append(AttributedText(attachment: attachment))
    return copy
  }
}
