import ChatKit
import Foundation
import Testing
import TextEngine

@testable import ChatStore

/// Blocks grown past ``ChatStore/splitThreshold`` are split when a writable store opens, before a
/// manager reads the block table; content and identities are unchanged.
@Suite struct ChatStoreSplittingTests {
  /// A store written with blocks of `capacity` paragraphs, and its paragraphs read without splitting.
  private func oversizedStore(_ fixture: StoreFixture, messages: Int, capacity: Int) throws
    -> (url: URL, before: [StoredTextElement], blocks: Int)
  {
    let url = fixture.directory.appendingPathComponent("grown.sqlite")
    let writer = try ChatStoreWriter(creating: url, blockCapacity: capacity)
    try writer.append(contentsOf: StoreFixture.transcript(messages: messages).messages)
    try writer.finish()
    let readOnly = try ChatStore(contentsOf: url, stickers: fixture.stickers, access: .readOnly)
    let summaries = try readOnly.blockSummaries()
    #expect(summaries.contains { $0.count > ChatStore.splitThreshold }, "the fixture has an oversized block")
    return (url, try StoreFixture.paragraphs(of: readOnly), summaries.count)
  }

  @Test func aStoreWithOversizedBlocksReopensWithBoundedBlocksAndIdenticalContent() throws {
    let fixture = try StoreFixture()
    // Blocks of 5,000: the first two are oversized and have a block after them, the last may be.
    let (url, before, blocksBefore) = try oversizedStore(fixture, messages: 12_000, capacity: 5_000)
    let store = try ChatStore(contentsOf: url, stickers: fixture.stickers)
    let summaries = try store.blockSummaries()
    #expect(summaries.allSatisfy { $0.count <= ChatStoreSchema.blockCapacity && $0.count > 0 })
    #expect(summaries.count > blocksBefore)
    let after = try StoreFixture.paragraphs(of: store)
    #expect(after.map(\.identifier) == before.map(\.identifier))
    #expect(
      after.map { ParagraphValue($0.attributedString, $0.paragraphAttributes) }
        == before.map { ParagraphValue($0.attributedString, $0.paragraphAttributes) })
    #expect(
      after.map { $0.attributedString.attachments.map(\.persistentIdentifier) }
        == before.map { $0.attributedString.attachments.map(\.persistentIdentifier) })
    #expect(try store.integrityCheck() == ["ok"])
    #expect(try store.inconsistentBlocks().isEmpty)
    // Positions resolve through the new blocks.
    let last = try #require(after.last)
    let place = try #require(try store.position(ofElement: last.identifier))
    #expect(place.block == summaries.last?.block)
    #expect(place.position == (summaries.last?.count ?? 0) - 1)
  }

  @Test func splittingHappensOnceAndAReadOnlyStoreIsNeverSplit() throws {
    let fixture = try StoreFixture()
    let (url, _, blocksBefore) = try oversizedStore(fixture, messages: 5_000, capacity: 8_000)
    #expect(blocksBefore == 1)
    let readOnly = try ChatStore(contentsOf: url, stickers: fixture.stickers, access: .readOnly)
    #expect(try readOnly.blockSummaries().count == 1)
    var split: [TextContentBlockSummary] = []
    do {  // closed before the store opens again: one editor at a time
      let first = try ChatStore(contentsOf: url, stickers: fixture.stickers)
      split = try first.blockSummaries()
    }
    #expect(split.map(\.count) == [2_048, 2_048, split.map(\.count).reduce(0, +) - 4_096])
    let again = try ChatStore(contentsOf: url, stickers: fixture.stickers)
    #expect(try again.blockSummaries() == split)
  }

  @Test func appendsPastTheThresholdAreSplitAtTheNextOpen() throws {
    let fixture = try StoreFixture()
    let appended = ChatStore.splitThreshold + 10
    let url: URL
    do {  // closed before the store opens again: one editor at a time
      let store = try fixture.store(StoreFixture.transcript(messages: 100), blockCapacity: 2_048)
      url = URL(fileURLWithPath: store.path)
      let manager = try StoredTextContentManager(source: store)
      for chunk in stride(from: 0, to: appended, by: 1_000) {
        let contents = (chunk..<min(appended, chunk + 1_000)).map {
          (AttributedText("appended \($0)"), [String: String]())
        }
        try manager.insertParagraphs(contents, at: manager.paragraphCount)
      }
      #expect(try store.blockSummaries().last.map { $0.count > ChatStore.splitThreshold } == true)
    }
    let reopened = try ChatStore(contentsOf: url, stickers: fixture.stickers)
    let summaries = try reopened.blockSummaries()
    #expect(summaries.allSatisfy { $0.count <= ChatStoreSchema.blockCapacity })
    let texts = try StoreFixture.paragraphs(of: reopened).suffix(appended).map(\.attributedString.string)
    #expect(texts == (0..<appended).map { "appended \($0)" })
  }
}
