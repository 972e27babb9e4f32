import ChatKit
import ChatModel
import ChatStore
import Foundation
import ReuseKitSupport
import Testing
import TextEngine

/// The store's Unicode scalar counts (schema version 3): written with every message, kept by
/// edits, upgraded from older stores, and refused or recounted when a file lies about them.
@Suite struct ChatStoreScalarTests {
  /// A transcript whose texts have characters of several scalars, a NUL and line breaks.
  static func transcript() -> Transcript {
    var transcript = StoreFixture.transcript(messages: 300)
    let texts = ["👍🏽 ok", "👨‍👩‍👧 family", "🇯🇵🇫🇷 flags", "日本語の文", "cafe\u{301}", "nul\u{0}here", "two\nlines"]
    for index in stride(from: 0, to: transcript.messages.count, by: 5) {
      let message = transcript.messages[index]
      transcript.messages[index] = ChatMessage(
        from: message.from, time: message.time, date: message.date,
        parts: [.text(texts[index / 5 % texts.count] + " "), .sticker("party")])
    }
    return transcript
  }

  /// Each element's scalars and each block's sum, as the store says and as its paragraphs count.
  private func expectScalarsMatchTheParagraphs(_ store: ChatStore, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    for summary in try store.blockSummaries() {
      let counted = try store.elements(inBlock: summary.block, positions: 0..<summary.count).map(
        \.attributedString.scalarLength)
      #expect(
        try store.scalarLengths(inBlock: summary.block, positions: 0..<summary.count) == counted,
        sourceLocation: sourceLocation)
      #expect(summary.scalarLength == counted.reduce(0, +), sourceLocation: sourceLocation)
    }
  }

  @Test func aWrittenStoreKeepsEachMessagesScalars() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(Self.transcript())
    try expectScalarsMatchTheParagraphs(store)
    #expect(try store.inconsistentBlocks() == [])
  }

  @Test func editsKeepTheScalarsAndAReopenedManagerCountsTheSame() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(Self.transcript())
    let manager = try TextContentManager(source: store)
    var random = SplitMix64(seed: 11)
    let pieces = ["👍🏽", "\n", "x", "👨‍👩‍👧 \n日本", ""]
    for step in 0..<60 {
      let from = random.next(below: manager.length + 1)
      let to = min(manager.length, from + random.next(below: 5))
      try manager.replaceCharacters(in: from..<to, with: AttributedText(pieces[random.next(below: pieces.count)]))
      if step % 10 == 0 {
        #expect(manager.checkInvariants(readingSource: true) == [], "step \(step)")
        #expect(try store.inconsistentBlocks() == [], "step \(step)")
      }
    }
    try expectScalarsMatchTheParagraphs(store)
    let text = try manager.attributedString(in: 0..<manager.length)
    let url = URL(fileURLWithPath: store.path)
    let reopened = try TextContentManager(
      source: ChatStore(contentsOf: url, stickers: fixture.stickers, access: .readOnly))
    #expect(try reopened.scalarLength() == text.scalarLength)
    #expect(try manager.scalarLength() == text.scalarLength)
  }

  /// A version 2 store (no `scalars` columns) with a NUL, emoji and a sticker.
  private func versionTwoStore(_ fixture: StoreFixture) throws -> URL {
    let url = fixture.directory.appendingPathComponent("v2.sqlite")
    let connection = try SQLiteConnection(path: url.path, mode: .create)
    try connection.execute(
      """
      PRAGMA application_id = \(ChatStoreSchema.applicationID);
      PRAGMA user_version = 2;
      CREATE TABLE blocks (id INTEGER PRIMARY KEY, ordinal INTEGER NOT NULL, count INTEGER NOT NULL,
        length INTEGER NOT NULL);
      CREATE TABLE messages (id INTEGER PRIMARY KEY, block INTEGER NOT NULL, seq INTEGER NOT NULL,
        length INTEGER NOT NULL, sender TEXT, time TEXT, date TEXT, separator TEXT, body TEXT NOT NULL, extra TEXT);
      CREATE TABLE stickers (id INTEGER PRIMARY KEY AUTOINCREMENT, message INTEGER NOT NULL,
        offset INTEGER NOT NULL, name TEXT NOT NULL, attachment INTEGER NOT NULL);
      INSERT INTO blocks VALUES (1, 1048576, 3, 14);
      INSERT INTO messages VALUES (1, 1, 0, 4, 'ana', NULL, NULL, NULL, 'hi \u{FFFC}', NULL);
      INSERT INTO messages VALUES (2, 1, 65536, 4, 'bo', NULL, NULL, NULL, 'a👍🏽' || char(0) || 'b', NULL);
      INSERT INTO messages VALUES (3, 1, 131072, 6, 'ana', NULL, NULL, NULL, '🇯🇵 x\ny', NULL);
      INSERT INTO stickers VALUES (4, 1, 3, 'heart', 4);
      CREATE UNIQUE INDEX blocks_by_ordinal ON blocks(ordinal);
      CREATE INDEX messages_by_position ON messages(block, seq, length);
      CREATE INDEX stickers_by_message ON stickers(message, offset);
      CREATE INDEX stickers_by_attachment ON stickers(attachment);
      """)
    return url
  }

  @Test func aVersionTwoStoreIsReadWithCountedScalarsAndUpgradedWithThem() throws {
    let fixture = try StoreFixture()
    let url = try versionTwoStore(fixture)
    // Read only: no scalar sums in the summaries; the manager counts them when asked.
    let readOnly = try ChatStore(contentsOf: url, stickers: fixture.stickers, access: .readOnly)
    #expect(try readOnly.blockSummaries().map(\.scalarLength) == [nil])
    #expect(try readOnly.scalarLengths(inBlock: 1, positions: 0..<3) == [4, 5, 6])
    #expect(try TextContentManager(source: readOnly).scalarLength() == 4 + 1 + 5 + 1 + 6)
    // Written: upgraded (through version 3), the NUL's body counted in full.
    let store = try ChatStore(contentsOf: url, stickers: fixture.stickers)
    #expect(
      try SQLiteConnection(path: url.path, mode: .readOnly).integer("PRAGMA user_version") == ChatStoreSchema.version)
    #expect(try store.scalarLengths(inBlock: 1, positions: 0..<3) == [4, 5, 6])
    #expect(try store.blockSummaries().map(\.scalarLength) == [15])
    #expect(try store.inconsistentBlocks() == [])
    try expectScalarsMatchTheParagraphs(store)
  }

  @Test func aBlockClaimingImpossibleScalarsIsCountedFromItsMessages() throws {
    let fixture = try StoreFixture()
    let url = URL(fileURLWithPath: try fixture.store(Self.transcript()).path)
    let text = try TextContentManager(source: ChatStore(contentsOf: url, stickers: fixture.stickers))
    let expected = try text.attributedString(in: 0..<text.length).scalarLength
    for damage in ["-5", "'many'", "1", "4000000000000000"] {
      let connection = try SQLiteConnection(path: url.path, mode: .readWrite)
      try connection.execute("UPDATE blocks SET scalars = \(damage) WHERE id = (SELECT min(id) FROM blocks)")
      let store = try ChatStore(contentsOf: url, stickers: fixture.stickers, access: .readOnly)
      #expect(try store.blockSummaries().first?.scalarLength == nil, "\(damage)")
      #expect(try TextContentManager(source: store).scalarLength() == expected, "\(damage)")
    }
  }

  @Test func aMessageClaimingImpossibleScalarsIsAnErrorNotACrash() throws {
    let fixture = try StoreFixture()
    let url = URL(fileURLWithPath: try fixture.store(Self.transcript()).path)
    let connection = try SQLiteConnection(path: url.path, mode: .readWrite)
    try connection.execute("UPDATE messages SET scalars = -3 WHERE id = 2")
    let store = try ChatStore(contentsOf: url, stickers: fixture.stickers, access: .readOnly)
    let error = try #require(throws: ChatStoreError.self) { try store.scalarLengths(inBlock: 1, positions: 0..<4) }
    #expect(error.description.contains("scalars"), "\(error)")
    let manager = try TextContentManager(source: store)
    #expect(try manager.scalarLength() > 0, "the blocks' sums are read from the block table")
    #expect(throws: TextEditError.self) { try manager.paragraph(containingScalar: 1) }
    #expect(manager.paragraph(at: 1) != nil, "the document still reads")
  }
}
