import ChatKit
import ChatStore
import Foundation
import Stickers
import Testing
import TextEngine

/// A content manager over the chat store with one sticker object in several places: that object in
/// each of them, one stable id for all of them, the same identity after reopening, and counts that
/// follow a delete and its undo.
@Suite struct StoreOccurrenceRoundTripTests {
  @Test func oneStickerInSeveralPlacesRoundTripsThroughTheStore() throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("chat.sqlite")
    let sticker = fixture.stickers.make("heart")
    let stableID: String
    do {  // closed before the store opens again: one editor at a time
      let manager = try StoredTextContentManager(source: fixture.store(StoreFixture.transcript(messages: 40, days: 0)))
      var twice = AttributedText("two ")
      twice.append(AttributedText(attachment: sticker))
      twice.append(AttributedText(attachment: sticker))
      try manager.insertParagraphs(
        [(twice, ["from": "me"]), (AttributedText(attachment: sticker), ["from": "me"])], at: 5)
      #expect(manager.paragraph(at: 5)?.attributedString.attachments.map { $0 === sticker } == [true, true])
      #expect(manager.paragraph(at: 6)?.attributedString.attachments.map { $0 === sticker } == [true])
      stableID = try #require(sticker.persistentIdentifier, "the store gave the new sticker its id")
      #expect(manager.occurrenceCount(of: sticker.identity) == 3)
      #expect(manager.checkInvariants(readingSource: true) == [])
    }

    // Reopened: new objects, one identity for the three occurrences.
    let reopened = try StoredTextContentManager(source: ChatStore(contentsOf: url, stickers: fixture.stickers))
    let read = [5, 6].flatMap { reopened.paragraph(at: $0)?.attributedString.attachments ?? [] }
    #expect(read.count == 3 && read.allSatisfy { $0.persistentIdentifier == stableID && $0 !== sticker })
    #expect(reopened.occurrenceCount(of: read[0].identity) == 3)
    // A delete and its undo, through a text view (no viewport pass: storage, not reuse).
    let view = TextView(
      storage: reopened, viewportSize: CGSize(width: 400, height: 300), glyphMeasurer: FixedAdvanceGlyphMeasurer())
    view.laysOutImmediately = false
    let start = try reopened.startOffset(ofParagraphAt: 6)
    try view.setSelectedRange((start - 1)..<(start + 1))  // the break before it and the sticker
    view.deleteBackward()
    #expect(reopened.occurrenceCount(of: read[0].identity) == 2 && reopened.contains(read[0]))
    view.undo()
    #expect(reopened.occurrenceCount(of: read[0].identity) == 3)
    #expect(reopened.paragraph(at: 6)?.attributedString.attachments.first === read[2], "undo brings the object back")
    #expect(reopened.checkInvariants(readingSource: true) == [])

    let third = try StoredTextContentManager(
      source: ChatStore(contentsOf: url, stickers: fixture.stickers, access: .readOnly))
    let ids = [5, 6].flatMap { third.paragraph(at: $0)?.attributedString.attachments.map(\.persistentIdentifier) ?? [] }
    #expect(ids == [stableID, stableID, stableID])
    #expect(try ChatStore(contentsOf: url, access: .readOnly).integrityCheck() == ["ok"])
  }
}
