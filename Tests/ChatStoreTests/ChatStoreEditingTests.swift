import ChatKit
import ChatStore
import Foundation
import Stickers
import Testing
import TextEngine

@Suite struct ChatStoreEditingTests {
  private func element(_ text: String, identifier: Int64 = 0, from: String = "me") -> StoredTextElement {
    StoredTextElement(
      identifier: identifier, attributedString: AttributedText(text), paragraphAttributes: ["from": from])
  }

  @Test func replacingKeepsIdentifiersShiftsPositionsAndUpdatesTheBlock() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(StoreFixture.transcript(messages: 100, days: 0), blockCapacity: 40)
    let block = try #require(try store.blockSummaries().first)
    let old = try store.elements(inBlock: block.block, positions: 3..<4)[0]
    try store.beginTransaction()
    let kept = try store.replaceElements(
      inBlock: block.block, positions: 3..<4, with: [element("edited", identifier: old.identifier)])
    let added = try store.replaceElements(
      inBlock: block.block, positions: 0..<0, with: [element("first"), element("second")])
    try store.commitTransaction()
    #expect(kept == [old.identifier])
    #expect(added.count == 2 && !added.contains(old.identifier))
    let after = try #require(try store.blockSummaries().first)
    #expect(after.count == block.count + 2)
    #expect(after.length == block.length + 11 - old.attributedString.length + 6)
    let texts = try store.elements(inBlock: block.block, positions: 0..<6).map(\.attributedString.string)
    #expect(texts[0] == "first" && texts[1] == "second" && texts[5] == "edited")
    #expect(try store.inconsistentBlocks() == [])
  }

  @Test func aMessageNamedByItsIdentifierIsReplacedAsByItsPosition() throws {
    let fixture = try StoreFixture()
    let transcript = StoreFixture.transcript(messages: 100, days: 0)
    let keyed = try fixture.store(transcript, name: "keyed.sqlite", blockCapacity: 40)
    let walked = try fixture.store(transcript, name: "walked.sqlite", blockCapacity: 40)
    let blocks = try keyed.blockSummaries()
    #expect(blocks.count > 1)
    let other = try keyed.elements(inBlock: blocks[1].block, positions: 0..<1)[0].identifier
    // First, middle and last of a block; then a stale name (another block's message, a missing
    // one), which falls back to the positions.
    for (position, name) in [(0, nil), (17, nil), (blocks[0].count - 1, nil), (5, other), (6, Int64(99_999))] {
      for store in [keyed, walked] {
        let old = try store.elements(inBlock: blocks[0].block, positions: position..<(position + 1))[0]
        try store.beginTransaction()
        _ = try store.replaceElements(
          inBlock: blocks[0].block, positions: position..<(position + 1),
          identifiers: store === keyed ? [name ?? old.identifier] : [], with: [element("edited \(position)")])
        try store.commitTransaction()
      }
    }
    let texts = { (store: ChatStore) in try StoreFixture.paragraphs(of: store).map(\.attributedString.string) }
    #expect(try texts(keyed) == texts(walked))
    #expect(try keyed.blockSummaries() == walked.blockSummaries())
    #expect(try keyed.inconsistentBlocks() == [])
    #expect(try texts(keyed)[17] == "edited 17")
  }

  @Test func anEditedParagraphIsStoredAndReadBackAsItWas() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(StoreFixture.transcript(messages: 10, days: 0))
    let block = try #require(try store.blockSummaries().first).block
    // Non-ASCII text, a line break inside the paragraph, two stickers (one already stored, one
    // new) and an attribute the chat does not know.
    let stored = try #require(
      try store.elements(inBlock: block, positions: 0..<10).lazy.flatMap(\.attributedString.attachments).first)
    var text = AttributedText("héllo 👨‍👩‍👧\u{2028}line two ")
    text.append(AttributedText(attachment: stored))
    text.append(AttributedText(" and "))
    text.append(AttributedText(attachment: fixture.stickers.make("heart", standalone: false)))
    let attributes = ["from": "ana", "time": "10:31", "date": "2026-11-30", "mood": "sunny"]
    let element = StoredTextElement(identifier: 0, attributedString: text, paragraphAttributes: attributes)
    try store.beginTransaction()
    let identifier = try store.replaceElements(inBlock: block, positions: 4..<5, with: [element])[0]
    try store.commitTransaction()
    let read = try store.elements(inBlock: block, positions: 4..<5)[0]
    #expect(read.identifier == identifier)
    #expect(read.attributedString.string == text.string)
    #expect(read.attributedString.length == text.length)
    #expect(read.paragraphAttributes == attributes)
    let names = read.attributedString.attachments.map { ($0 as? StickerAttachment)?.stickerName }
    #expect(names == text.attachments.map { ($0 as? StickerAttachment)?.stickerName })
    #expect(read.attributedString.attachments.first?.persistentIdentifier == stored.persistentIdentifier)
    #expect(try store.inconsistentBlocks() == [])
  }

  @Test func rollbackLeavesTheStoreAsItWas() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(StoreFixture.transcript(messages: 30, days: 0))
    let before = try StoreFixture.paragraphs(of: store).map(\.attributedString.string)
    let summaries = try store.blockSummaries()
    try store.beginTransaction()
    _ = try store.replaceElements(inBlock: summaries[0].block, positions: 0..<5, with: [element("gone")])
    store.rollbackTransaction()
    #expect(try StoreFixture.paragraphs(of: store).map(\.attributedString.string) == before)
    #expect(try store.blockSummaries() == summaries)
  }

  @Test func badPositionsThrowAndChangeNothing() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(StoreFixture.transcript(messages: 10, days: 0))
    let block = try #require(try store.blockSummaries().first)
    #expect(throws: ChatStoreError.self) {
      _ = try store.replaceElements(inBlock: block.block, positions: 5..<(block.count + 1), with: [])
    }
    #expect(throws: ChatStoreError.self) { _ = try store.replaceElements(inBlock: 99, positions: 0..<0, with: []) }
    #expect(try store.blockSummaries().first == block)
  }

  @Test func undoReinsertsADeletedMessageWithItsIdentifierAndStickers() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(StoreFixture.transcript(messages: 30, days: 0))
    let block = try #require(try store.blockSummaries().first).block
    let elements = try store.elements(inBlock: block, positions: 0..<30)
    let withSticker = try #require(elements.firstIndex { !$0.attributedString.attachments.isEmpty })
    let deleted = elements[withSticker]
    let stickerIDs = deleted.attributedString.attachments.map(\.persistentIdentifier)
    _ = try store.replaceElements(inBlock: block, positions: withSticker..<(withSticker + 1), with: [])
    let reinserted = try store.replaceElements(
      inBlock: block, positions: withSticker..<withSticker, with: [deleted])
    #expect(reinserted == [deleted.identifier])
    let rebuilt = try store.elements(inBlock: block, positions: withSticker..<(withSticker + 1))[0]
    #expect(rebuilt.attributedString.attachments.map(\.persistentIdentifier) == stickerIDs)
    #expect(rebuilt.attributedString.string == deleted.attributedString.string)
  }

  @Test func aPastedCopyOfAStickerGetsANewIdentifierAndTheStickerAgainKeepsItsOwn() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(StoreFixture.transcript(messages: 30, days: 0))
    let block = try #require(try store.blockSummaries().first).block
    let elements = try store.elements(inBlock: block, positions: 0..<30)
    let source = try #require(elements.first { !$0.attributedString.attachments.isEmpty })
    var pasted = AttributedText("copy ")
    let original = source.attributedString.attachments[0]
    let originalID = try #require(original.persistentIdentifier)
    let duplicate = StoredTextElement(
      identifier: source.identifier, attributedString: source.attributedString, paragraphAttributes: [:])
    pasted.append(AttributedText(attachment: original.copy()))
    _ = try store.replaceElements(inBlock: block, positions: 0..<0, with: [duplicate])
    #expect(try store.blockSummaries().first?.count == 31)
    let copies = try store.elements(inBlock: block, positions: 0..<1)[0].attributedString.attachments
    #expect(copies.count == source.attributedString.attachments.count)
    #expect(copies[0].persistentIdentifier == originalID, "the same attachment again is another occurrence of it")
    #expect(original.persistentIdentifier == originalID)
    let plain = StoredTextElement(identifier: 0, attributedString: pasted, paragraphAttributes: [:])
    _ = try store.replaceElements(inBlock: block, positions: 0..<0, with: [plain])
    let assigned = try #require(pasted.attachments[0].persistentIdentifier, "the store writes the new id back")
    #expect(assigned != originalID, "a pasted copy is another attachment")
    #expect(
      try store.elements(inBlock: block, positions: 0..<1)[0].attributedString.attachments[0]
        .persistentIdentifier == assigned)
  }

  @Test func manyInsertionsAtOnePlaceRenumberTheBlockAndKeepTheOrder() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(StoreFixture.transcript(messages: 4, days: 0))
    let block = try #require(try store.blockSummaries().first).block
    var expected = try store.elements(inBlock: block, positions: 0..<4).map(\.attributedString.string)
    for index in 0..<40 {
      _ = try store.replaceElements(inBlock: block, positions: 1..<1, with: [element("inserted \(index)")])
      expected.insert("inserted \(index)", at: 1)
    }
    #expect(try store.elements(inBlock: block, positions: 0..<44).map(\.attributedString.string) == expected)
    #expect(try store.lengths(inBlock: block, positions: 0..<44) == expected.map(\.count))
    #expect(try store.inconsistentBlocks() == [])
    #expect(try store.integrityCheck() == ["ok"])
  }

  @Test func aReadOnlyStoreRefusesEdits() throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("chat.sqlite")
    _ = try fixture.store(StoreFixture.transcript(messages: 5, days: 0))
    let store = try ChatStore(contentsOf: url, stickers: fixture.stickers, access: .readOnly)
    #expect(throws: ChatStoreError.self) { try store.beginTransaction() }
    #expect(throws: ChatStoreError.self) { _ = try store.replaceElements(inBlock: 1, positions: 0..<0, with: []) }
    #expect(try Array(store.messages()).count == 5)
  }

  @Test func aParagraphIsFoundByItsIdentifierAfterEditsBeforeIt() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(StoreFixture.transcript(messages: 100, days: 0), blockCapacity: 40)
    let blocks = try store.blockSummaries()
    let target = try store.elements(inBlock: blocks[1].block, positions: 10..<11)[0]
    #expect(try store.position(ofElement: target.identifier)! == (blocks[1].block, 10))
    _ = try store.replaceElements(inBlock: blocks[1].block, positions: 2..<5, with: [element("one")])
    #expect(try store.position(ofElement: target.identifier)! == (blocks[1].block, 8))
    _ = try store.replaceElements(inBlock: blocks[1].block, positions: 8..<9, with: [])
    #expect(try store.position(ofElement: target.identifier) == nil)
  }

  @Test func theWriteAheadLogIsCheckpointedInTheBackgroundAndStaysBounded() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(StoreFixture.transcript(messages: 200, days: 0))
    let block = try #require(try store.blockSummaries().first).block
    let original = try store.elements(inBlock: block, positions: 3..<4)[0]
    for edit in 0..<2_500 {
      try store.beginTransaction()
      let text = AttributedText("edit \(edit) " + original.attributedString.string)
      _ = try store.replaceElements(
        inBlock: block, positions: 3..<4,
        with: [StoredTextElement(identifier: original.identifier, attributedString: text)])
      try store.commitTransaction()
    }
    #expect(store.backgroundCheckpoints >= 1)
    // Back to back, a background checkpoint never quite catches up and the log keeps growing: one
    // is asked for per 1,000 pages the log grows, not after every commit (which kept them, and
    // their fsyncs, running back to back). 2,500 edits write a few pages each.
    #expect(store.backgroundCheckpoints <= 25, "\(store.backgroundCheckpoints) background checkpoints")
    let wal = try FileManager.default.attributesOfItem(atPath: store.path + "-wal")[.size] as? Int ?? 0
    #expect(wal <= 10_100 * (4_096 + 24), "the log is checkpointed in line past 10,000 pages")
    #expect(try store.integrityCheck() == ["ok"])
    #expect(try store.elements(inBlock: block, positions: 3..<4)[0].attributedString.string.hasPrefix("edit 2499 "))
  }
}
