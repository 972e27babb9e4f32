import ChatKit
import ChatModel
import ChatStore
import Foundation
import Testing
import TextEngine

@Suite struct ChatStoreSourceTests {
  @Test func paragraphsAreTheJSONPathsParagraphs() throws {
    let fixture = try StoreFixture()
    let transcript = StoreFixture.transcript(messages: 300)
    let store = try fixture.store(transcript)
    let storage = transcript.storage(stickers: fixture.stickers)
    let stored = try StoreFixture.paragraphs(of: store)
    #expect(stored.count == storage.paragraphCount)
    #expect(stored.count > 300, "day separators are paragraphs too")
    for (index, element) in stored.enumerated() {
      let paragraph = try #require(storage.paragraph(at: index))
      #expect(
        ParagraphValue(element.attributedString, element.paragraphAttributes)
          == ParagraphValue(paragraph.attributedString, paragraph.paragraphAttributes), "paragraph \(index)")
    }
  }

  @Test func blocksAreBoundedAndSumToTheDocument() throws {
    let fixture = try StoreFixture()
    let transcript = StoreFixture.transcript(messages: 500)
    let store = try fixture.store(transcript, blockCapacity: 64)
    let blocks = try store.blockSummaries()
    let storage = transcript.storage(stickers: fixture.stickers)
    #expect(blocks.allSatisfy { $0.count <= 64 && $0.count > 0 })
    #expect(blocks.reduce(0) { $0 + $1.count } == storage.paragraphCount)
    #expect(blocks.reduce(0) { $0 + $1.length } == storage.length - (storage.paragraphCount - 1))
    for block in blocks.prefix(3) {
      let lengths = try store.lengths(inBlock: block.block, positions: 0..<block.count)
      let elements = try store.elements(inBlock: block.block, positions: 0..<block.count)
      #expect(lengths == elements.map(\.attributedString.length))
    }
  }

  @Test func aNegativePositionIsRefusedByEveryPositionalQuery() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(StoreFixture.transcript(messages: 20))
    let block = try #require(try store.blockSummaries().first).block
    // SQLite reads a negative OFFSET as 0, so without the check these would quietly give the first rows.
    #expect(throws: ChatStoreError.self) { try store.lengths(inBlock: block, positions: -1..<2) }
    #expect(throws: ChatStoreError.self) { try store.elements(inBlock: block, positions: -1..<2) }
  }

  @Test func stickerIdentifiersAreStableAndDistinct() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(StoreFixture.transcript(messages: 120))
    let first = try StoreFixture.paragraphs(of: store).flatMap(\.attributedString.attachments)
    let second = try StoreFixture.paragraphs(of: store).flatMap(\.attributedString.attachments)
    let identifiers = first.compactMap(\.persistentIdentifier)
    #expect(identifiers.count == first.count && !identifiers.isEmpty)
    #expect(Set(identifiers).count == identifiers.count)
    #expect(second.map(\.persistentIdentifier) == first.map(\.persistentIdentifier))
    #expect(!zip(first, second).contains { $0 === $1 }, "each read builds new attachment objects")
  }

  @Test func exportGivesBackTheImportedMessages() throws {
    let fixture = try StoreFixture()
    var transcript = StoreFixture.transcript(messages: 200)
    transcript.messages[7] = ChatMessage(
      from: "ana", time: "10:00", date: transcript.messages[7].date,
      parts: [.text("two\nlines "), .sticker("party"), .text(" \u{FFFC} literal"), .sticker("wave")])
    let store = try fixture.store(transcript)
    let messages = try store.messages()
    #expect(Array(messages) == transcript.messages)
    #expect(messages.error == nil)
    #expect(try store.messageCount() == 200)
  }

  @Test func viewportQueriesUseTheIndexes() throws {
    let fixture = try StoreFixture()
    _ = try fixture.store(StoreFixture.transcript(messages: 50))
    let connection = try SQLiteConnection(
      path: fixture.directory.appendingPathComponent("chat.sqlite").path, mode: .readOnly)
    let plan = try connection.prepare(
      """
      EXPLAIN QUERY PLAN
      SELECT m.id, s.id FROM (SELECT id AS rowID, seq AS rowSeq FROM messages WHERE block = 1 ORDER BY seq
      LIMIT 10 OFFSET 5) AS p JOIN messages AS m ON m.id = p.rowID LEFT JOIN stickers AS s ON s.message = m.id
      ORDER BY p.rowSeq, s.offset
      """)
    var details: [String] = []
    while try plan.step() { details.append(plan.string(3) ?? "") }
    #expect(details.contains { $0.contains("COVERING INDEX messages_by_position") })
    #expect(details.contains { $0.contains("stickers_by_message") })
    #expect(!details.contains { $0.hasPrefix("SCAN messages") || $0.hasPrefix("SCAN stickers") }, "\(details)")
  }

  @Test func aKeystrokeFindsItsNeighboursThroughTheIndex() throws {
    let fixture = try StoreFixture()
    _ = try fixture.store(StoreFixture.transcript(messages: 50))
    let connection = try SQLiteConnection(
      path: fixture.directory.appendingPathComponent("chat.sqlite").path, mode: .readOnly)
    for query in [
      "SELECT seq FROM messages WHERE block = 1 AND seq < 5 ORDER BY seq DESC LIMIT 1",
      "SELECT seq FROM messages WHERE block = 1 AND seq > 5 ORDER BY seq LIMIT 1",
      "SELECT block, seq, length FROM messages WHERE id = 7",
    ] {
      let plan = try connection.prepare("EXPLAIN QUERY PLAN " + query)
      var details: [String] = []
      while try plan.step() { details.append(plan.string(3) ?? "") }
      #expect(details.allSatisfy { $0.hasPrefix("SEARCH messages") }, "\(query): \(details)")
    }
  }
}
