import ChatStore
import Foundation
import Testing
import TextEngine

/// Issue 23: opening is WAL-aware, and a damaged block table never crashes or hangs the app.
@Suite(.timeLimit(.minutes(1))) struct StoreOpeningTests {
  /// A closed store of a generated transcript (blocks of 16) in `fixture`'s folder, with `damage`
  /// (SQL) done to its file behind the store's back.
  private func damagedStore(_ fixture: StoreFixture, messages: Int, days: Int, _ damage: String) throws -> URL {
    let url = fixture.directory.appendingPathComponent("chat.sqlite")
    do { _ = try fixture.store(StoreFixture.transcript(messages: messages, days: days), blockCapacity: 16) }
    try SQLiteConnection(path: url.path, mode: .readWrite).execute(damage)
    return url
  }

  private func element(_ text: String) -> StoredTextElement {
    StoredTextElement(identifier: 0, attributedString: AttributedText(text), paragraphAttributes: ["from": "me"])
  }

  /// A crash image of a store mid-checkpoint: the main file's first page torn (its b-tree garbage
  /// past the 100-byte header), the write-ahead log whole. SQLite reads page 1 from the log, so
  /// the store is sound; a check of the main file alone (`immutable=1`) called it "malformed".
  @Test func aStoreWhoseLogHoldsWhatTheMainFileLacksOpensWithEveryEdit() throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("chat.sqlite")
    let crash = fixture.directory.appendingPathComponent("crash", isDirectory: true)
    try FileManager.default.createDirectory(at: crash, withIntermediateDirectories: true)
    let image = crash.appendingPathComponent("chat.sqlite")
    do {
      let store = try fixture.store(StoreFixture.transcript(messages: 200, days: 2))
      let last = try #require(try store.blockSummaries().last)
      // Enough new messages that the file grows: page 1 (which holds the file's size) is in the log.
      try store.beginTransaction()
      _ = try store.replaceElements(
        inBlock: last.block, positions: last.count..<last.count,
        with: (0..<300).map { element("logged \($0) " + String(repeating: "x", count: 400)) })
      try store.commitTransaction()
      let log = try FileManager.default.attributesOfItem(atPath: url.path + "-wal")[.size] as? Int ?? 0
      #expect(log > 100_000, "the edit is in the log, not yet in the file")
      // The store is open, the log not checkpointed: copy the file and its log as a crash leaves them.
      try FileManager.default.copyItem(at: url, to: image)
      try FileManager.default.copyItem(
        at: URL(fileURLWithPath: url.path + "-wal"), to: URL(fileURLWithPath: image.path + "-wal"))
    }
    let handle = try FileHandle(forWritingTo: image)
    try handle.seek(toOffset: 100)
    handle.write(Data(repeating: 0xA5, count: 4_096 - 100))
    try handle.close()

    let readOnly = try ChatStore(contentsOf: image, stickers: fixture.stickers, access: .readOnly)
    #expect(try readOnly.integrityCheck() == ["ok"])
    let texts = try StoreFixture.paragraphs(of: readOnly).map(\.attributedString.string)
    #expect(texts.filter { $0.hasPrefix("logged ") }.count == 300)
    let store = try ChatStore(contentsOf: image, stickers: fixture.stickers)
    #expect(try store.inconsistentBlocks() == [] && store.openingNotes.isEmpty)
    let manager = try StoredTextContentManager(source: store)
    #expect(manager.paragraphCount == texts.count)
  }

  /// A clean store is read (an export) without a lock or a side file, and left without one.
  @Test func readingACleanStoreLeavesNoSideFile() throws {
    let fixture = try StoreFixture()
    do { _ = try fixture.store(StoreFixture.transcript(messages: 50)) }
    let before = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).sorted()
    #expect(before == ["chat.sqlite"], "the editor removed its log, its shared memory and its lock")
    do {
      let store = try ChatStore(
        contentsOf: fixture.directory.appendingPathComponent("chat.sqlite"), stickers: fixture.stickers,
        access: .readOnly)
      #expect(try Array(store.messages()).count == 50)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).sorted() == before)
  }

  /// The four damage shapes: each opens for editing with the table rebuilt from the messages (and
  /// a note), is refused read-only with what is wrong, and is laid out without a trap or a hang.
  @Test(arguments: [
    ("a huge count", "UPDATE blocks SET count = 1000000000000 WHERE id = (SELECT min(id) FROM blocks)"),
    ("a huge length", "UPDATE blocks SET length = 4000000000000000 WHERE id = (SELECT min(id) FROM blocks)"),
    ("a negative length", "UPDATE blocks SET length = -7 WHERE id = (SELECT max(id) FROM blocks)"),
    ("a REAL count", "UPDATE blocks SET count = 12.5 WHERE id = (SELECT min(id) FROM blocks)"),
    ("a REAL ordinal", "UPDATE blocks SET ordinal = 0.5 WHERE id = (SELECT max(id) FROM blocks)"),
    ("no messages", "DELETE FROM stickers; DELETE FROM messages"),
    ("a missing block row", "DELETE FROM blocks WHERE id = (SELECT max(id) FROM blocks)"),
    (
      "an ordinal at the edge of Int64",
      "UPDATE blocks SET ordinal = 9223372036854775800 WHERE id = (SELECT max(id) FROM blocks)"
    ),
  ])
  func aDamagedBlockTableIsRebuiltOrRefusedNeverTrusted(shape: String, damage: String) throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("chat.sqlite")
    let messages: Int
    do {
      let store = try fixture.store(StoreFixture.transcript(messages: 200, days: 2), blockCapacity: 16)
      messages = try StoreFixture.paragraphs(of: store).count
    }
    do {
      let connection = try SQLiteConnection(path: url.path, mode: .readWrite)
      try connection.execute(damage)
    }
    let refused = try #require(throws: ChatStoreError.self, "\(shape): read-only") {
      _ = try ChatStore(contentsOf: url, stickers: fixture.stickers, access: .readOnly)
    }
    #expect(refused.kind == .notAChatStore && refused.reason.contains("block table"), "\(shape): \(refused)")

    let store = try ChatStore(contentsOf: url, stickers: fixture.stickers)
    #expect(store.openingNotes.count == 1 && store.openingNotes[0].contains("rebuilt"), "\(shape)")
    #expect(try store.inconsistentBlocks() == [], "\(shape)")
    #expect(try store.integrityCheck() == ["ok"], "\(shape)")
    let summaries = try store.blockSummaries()
    #expect(!summaries.isEmpty && summaries.allSatisfy { $0.count >= 0 && $0.length >= 0 })
    // Every message is kept: the rebuilt table counts what the messages table holds.
    let stored = try StoreFixture.paragraphs(of: store).count
    #expect(stored == (shape == "no messages" ? 0 : messages), "\(shape)")
    let manager = try StoredTextContentManager(source: store)
    #expect(manager.length >= 0 && manager.paragraphCount >= stored && manager.paragraphCount <= max(stored, 1))
    let view = TextView(
      storage: manager, viewportSize: CGSize(width: 400, height: 600), glyphMeasurer: FixedAdvanceGlyphMeasurer())
    view.layoutViewport()
    view.scrollToBottom()
    #expect(manager.checkInvariants(readingSource: true) == [], "\(shape)")
  }

  /// A count off by a little is beyond a check bounded by the blocks: the store opens, and the
  /// rows the block lacks are an error where they are read, never a trap.
  @Test func aBlockClaimingAFewMessagesTooManyFailsWhereItIsReadAndNothingTraps() throws {
    let fixture = try StoreFixture()
    let url = try damagedStore(
      fixture, messages: 200, days: 2, "UPDATE blocks SET count = count + 3 WHERE id = (SELECT max(id) FROM blocks)")
    let store = try ChatStore(contentsOf: url, stickers: fixture.stickers)
    #expect(try store.inconsistentBlocks().count == 1, "the full check (O(n)) sees it")
    let manager = try StoredTextContentManager(source: store)
    let view = TextView(
      storage: manager, viewportSize: CGSize(width: 400, height: 600), glyphMeasurer: FixedAdvanceGlyphMeasurer())
    view.scrollToBottom()
    let last = manager.paragraphCount - 1
    #expect(throws: TextEditError.self) { _ = try manager.attributedString(in: (manager.length - 1)..<manager.length) }
    #expect(last > 0)
  }

  /// Positions near the ends of `Int64` (a damaged file) never overflow: the block is renumbered.
  @Test func positionsAtTheEdgeOfInt64AreRenumberedNotTrapped() throws {
    let fixture = try StoreFixture()
    let url = try damagedStore(
      fixture, messages: 40, days: 0,
      """
      UPDATE messages SET seq = 9223372036854775000 + seq / 65536
      WHERE block = (SELECT id FROM blocks ORDER BY ordinal DESC LIMIT 1)
      """)
    let store = try ChatStore(contentsOf: url, stickers: fixture.stickers)
    let last = try #require(try store.blockSummaries().last)
    let element = StoredTextElement(identifier: 0, attributedString: AttributedText("end"), paragraphAttributes: [:])
    _ = try store.replaceElements(inBlock: last.block, positions: last.count..<last.count, with: [element])
    _ = try store.replaceElements(inBlock: last.block, positions: 0..<0, with: [element])
    let texts = try store.elements(inBlock: last.block, positions: 0..<(last.count + 2)).map(\.attributedString.string)
    #expect(texts.first == "end" && texts.last == "end" && texts.count == last.count + 2)
    // And at the other edge: an insertion before the first of positions near Int64.min.
    let first = try #require(try store.blockSummaries().first)
    let connection = try SQLiteConnection(path: url.path, mode: .readWrite)
    try connection.execute(
      "UPDATE messages SET seq = -9223372036854775000 + seq / 65536 WHERE block = \(first.block)")
    _ = try store.replaceElements(inBlock: first.block, positions: 0..<0, with: [element])
    _ = try store.replaceElements(inBlock: first.block, positions: 1..<1, with: [element])
    let head = try store.elements(inBlock: first.block, positions: 0..<3).map(\.attributedString.string)
    #expect(head[0] == "end" && head[1] == "end" && head[2] != "end")
    #expect(try store.inconsistentBlocks() == [] && store.integrityCheck() == ["ok"])
  }
}
