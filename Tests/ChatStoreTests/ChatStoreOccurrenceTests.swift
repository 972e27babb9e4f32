import ChatKit
import ChatStore
import Foundation
import Stickers
import Testing
import TextEngine

/// One sticker attachment in several messages, or twice in one: one stable id, shared by every
/// occurrence, written, read back, deleted and brought back; ids never given twice; old stores.
@Suite struct ChatStoreOccurrenceTests {
  /// A paragraph holding `parts`: strings as text, attachments as themselves.
  private func element(_ parts: [Any]) -> StoredTextElement {
    var text = AttributedText()
    for part in parts {
      if let attachment = part as? TextAttachment {
        text.append(AttributedText(attachment: attachment))
      } else {
        text.append(AttributedText("\(part)"))
      }
    }
    return StoredTextElement(identifier: 0, attributedString: text, paragraphAttributes: ["from": "me"])
  }

  /// The stable ids of the stickers of the paragraphs at `positions` of `block`, paragraph by paragraph.
  private func stickerIDs(_ store: ChatStore, _ block: Int64, _ positions: Range<Int>) throws -> [[String?]] {
    try store.elements(inBlock: block, positions: positions).map {
      $0.attributedString.attachments.map(\.persistentIdentifier)
    }
  }

  @Test func aStoredStickerInsertedAgainIsAnotherOccurrenceWithItsStableID() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(StoreFixture.transcript(messages: 30, days: 0))
    let block = try #require(try store.blockSummaries().first).block
    let elements = try store.elements(inBlock: block, positions: 0..<30)
    let holder = try #require(elements.first { !$0.attributedString.attachments.isEmpty })
    let sticker = holder.attributedString.attachments[0]
    let stableID = try #require(sticker.persistentIdentifier)
    // Twice in one new message and once in another, in one replacement.
    let inserted = try store.replaceElements(
      inBlock: block, positions: 0..<0, with: [element(["a ", sticker, sticker, " b"]), element([sticker])])
    #expect(sticker.persistentIdentifier == stableID, "the attachment keeps its id: it is the same attachment")
    #expect(try stickerIDs(store, block, 0..<2) == [[stableID, stableID], [stableID]])
    #expect(try store.elements(inBlock: block, positions: 0..<1)[0].attributedString.string == "a \u{FFFC}\u{FFFC} b")
    // The message where it was first stored is the one a lookup names, while it is there.
    #expect(try store.element(containingAttachment: stableID) == holder.identifier)
    let position = try #require(try store.position(ofElement: holder.identifier)).position
    _ = try store.replaceElements(inBlock: block, positions: position..<(position + 1), with: [])
    #expect(try store.element(containingAttachment: stableID) == inserted[0])
    _ = try store.replaceElements(inBlock: block, positions: 0..<2, with: [])
    #expect(try store.element(containingAttachment: stableID) == nil)
    #expect(try store.inconsistentBlocks() == [] && store.integrityCheck() == ["ok"])
  }

  @Test func aNewStickerInsertedInSeveralPlacesAtOnceGetsOneNewID() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(StoreFixture.transcript(messages: 20, days: 0))
    let block = try #require(try store.blockSummaries().first).block
    let existing = Set(
      try StoreFixture.paragraphs(of: store).flatMap(\.attributedString.attachments).map(\.persistentIdentifier))
    let heart = fixture.stickers.make("heart")
    let other = fixture.stickers.make("heart")
    _ = try store.replaceElements(
      inBlock: block, positions: 3..<3, with: [element([heart, " and ", heart]), element([other, heart])])
    let heartID = try #require(heart.persistentIdentifier)
    let otherID = try #require(other.persistentIdentifier)
    #expect(heartID != otherID, "two attachment objects are two stickers, however alike")
    #expect(!existing.contains(heartID) && !existing.contains(otherID))
    #expect(try stickerIDs(store, block, 3..<5) == [[heartID, heartID], [otherID, heartID]])
    // Reopened, every occurrence has the same identity again.
    let reopened = try ChatStore(
      contentsOf: URL(fileURLWithPath: store.path), stickers: fixture.stickers, access: .readOnly)
    #expect(try stickerIDs(reopened, block, 3..<5) == [[heartID, heartID], [otherID, heartID]])
  }

  @Test func aDeletedStickersIDIsNeverGivenToAnotherAndComesBackWithIt() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(StoreFixture.transcript(messages: 30, days: 0))
    let block = try #require(try store.blockSummaries().first).block
    // The sticker with the highest id: deleting the last row is what makes SQLite reuse a row id.
    let all = try store.elements(inBlock: block, positions: 0..<30)
    let last = try #require(all.lastIndex { !$0.attributedString.attachments.isEmpty })
    let deleted = all[last]
    let deletedIDs = deleted.attributedString.attachments.compactMap(\.persistentIdentifier)
    _ = try store.replaceElements(inBlock: block, positions: last..<(last + 1), with: [])
    let fresh = fixture.stickers.make("heart")
    _ = try store.replaceElements(inBlock: block, positions: 0..<0, with: [element([fresh])])
    let freshID = try #require(fresh.persistentIdentifier.flatMap { Int64($0) })
    #expect(deletedIDs.allSatisfy { freshID > Int64($0)! }, "a new sticker never takes a deleted one's id")
    // Undo: the deleted message comes back with its stickers' ids, apart from the new sticker's.
    _ = try store.replaceElements(inBlock: block, positions: last..<last, with: [deleted])
    #expect(deleted.attributedString.attachments.compactMap(\.persistentIdentifier) == deletedIDs)
    #expect(try stickerIDs(store, block, last..<(last + 1)) == [deletedIDs])
    #expect(try stickerIDs(store, block, 0..<1) == [[String(freshID)]])
  }

  @Test func anIDThisStoreNeverGaveIsReplacedByANewOne() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(StoreFixture.transcript(messages: 10, days: 0))
    let block = try #require(try store.blockSummaries().first).block
    let foreign = fixture.stickers.make("heart")
    foreign.persistentIdentifier = "987654321"
    let named = fixture.stickers.make("heart")
    named.persistentIdentifier = "not a number"
    _ = try store.replaceElements(inBlock: block, positions: 0..<0, with: [element([foreign, named, foreign])])
    let ids = try stickerIDs(store, block, 0..<1)[0]
    #expect(ids[0] != "987654321" && ids[1] != "not a number" && ids[0] != ids[1])
    #expect(ids == [foreign.persistentIdentifier, named.persistentIdentifier, foreign.persistentIdentifier])
  }
}
