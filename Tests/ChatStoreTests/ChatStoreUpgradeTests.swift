import ChatKit
import ChatStore
import Foundation
import Stickers
import Testing
import TextEngine

/// Stores of schema version 1 (one row per sticker, its row id its stable id): read as they are
/// when opened read-only, upgraded in one transaction when opened for writing, left as they were
/// when the upgrade fails.
@Suite struct ChatStoreUpgradeTests {
  /// A version 1 store at `name`: one block of three messages, the first and last with stickers
  /// (ids 4, 7 and 9). `extra` SQL runs last (to damage it).
  private func versionOneStore(_ fixture: StoreFixture, name: String = "v1.sqlite", extra: String = "") throws -> URL {
    let url = fixture.directory.appendingPathComponent(name)
    let connection = try SQLiteConnection(path: url.path, mode: .create)
    try connection.execute(
      """
      PRAGMA application_id = \(ChatStoreSchema.applicationID);
      PRAGMA user_version = 1;
      CREATE TABLE blocks (id INTEGER PRIMARY KEY, ordinal INTEGER NOT NULL, count INTEGER NOT NULL,
        length INTEGER NOT NULL);
      CREATE TABLE messages (id INTEGER PRIMARY KEY, block INTEGER NOT NULL, seq INTEGER NOT NULL,
        length INTEGER NOT NULL, sender TEXT, time TEXT, date TEXT, separator TEXT, body TEXT NOT NULL, extra TEXT);
      CREATE TABLE stickers (id INTEGER PRIMARY KEY, message INTEGER NOT NULL, offset INTEGER NOT NULL,
        name TEXT NOT NULL);
      INSERT INTO blocks VALUES (1, 1048576, 3, 14);
      INSERT INTO messages VALUES (1, 1, 0, 4, 'ana', NULL, NULL, NULL, 'hi \u{FFFC}', NULL);
      INSERT INTO messages VALUES (2, 1, 65536, 5, 'bo', NULL, NULL, NULL, 'hello', NULL);
      INSERT INTO messages VALUES (3, 1, 131072, 5, 'ana', NULL, NULL, NULL, '\u{FFFC} x \u{FFFC}', NULL);
      INSERT INTO stickers VALUES (4, 1, 3, 'heart');
      INSERT INTO stickers VALUES (7, 3, 0, 'heart');
      INSERT INTO stickers VALUES (9, 3, 6, 'heart');
      CREATE UNIQUE INDEX blocks_by_ordinal ON blocks(ordinal);
      CREATE INDEX messages_by_position ON messages(block, seq, length);
      CREATE INDEX stickers_by_message ON stickers(message, offset);
      \(extra)
      """)
    return url
  }

  private func stickerIDs(_ store: ChatStore) throws -> [[String?]] {
    try store.elements(inBlock: 1, positions: 0..<3).map { $0.attributedString.attachments.map(\.persistentIdentifier) }
  }

  private func userVersion(_ url: URL) throws -> Int64? {
    try SQLiteConnection(path: url.path, mode: .readOnly).integer("PRAGMA user_version")
  }

  @Test func aVersionOneStoreOpenedReadOnlyIsReadAsItIsAndNotWritten() throws {
    let fixture = try StoreFixture()
    let url = try versionOneStore(fixture)
    let before = try Data(contentsOf: url)
    do {
      let store = try ChatStore(contentsOf: url, stickers: fixture.stickers, access: .readOnly)
      #expect(try stickerIDs(store) == [["4"], [], ["7", "9"]])
      #expect(try store.elements(inBlock: 1, positions: 2..<3)[0].attributedString.string == "\u{FFFC} x \u{FFFC}")
      #expect(try store.element(containingAttachment: "7") == 3)
      #expect(try Array(store.messages()).count == 3)
    }
    #expect(try Data(contentsOf: url) == before)
    #expect(try userVersion(url) == 1)
  }

  @Test func aVersionOneStoreIsUpgradedWhenItOpensForWritingAndKeepsItsStickerIDs() throws {
    let fixture = try StoreFixture()
    let url = try versionOneStore(fixture)
    let store = try ChatStore(contentsOf: url, stickers: fixture.stickers)
    #expect(try userVersion(url) == ChatStoreSchema.version)
    #expect(try stickerIDs(store) == [["4"], [], ["7", "9"]])
    #expect(try store.element(containingAttachment: "9") == 3)
    // Upgraded, it stores one sticker in several places, and a new sticker gets an id of its own.
    let kept = try store.elements(inBlock: 1, positions: 0..<1)[0].attributedString.attachments[0]
    let fresh = fixture.stickers.make("heart")
    var text = AttributedText(attachment: kept)
    text.append(AttributedText(attachment: fresh))
    text.append(AttributedText(attachment: kept))
    _ = try store.replaceElements(
      inBlock: 1, positions: 1..<1, with: [StoredTextElement(identifier: 0, attributedString: text)])
    #expect(try stickerIDs(store)[1] == ["4", "11", "4"])
    #expect(try store.integrityCheck() == ["ok"] && store.inconsistentBlocks() == [])
    let reopened = try ChatStore(contentsOf: url, stickers: fixture.stickers, access: .readOnly)
    let ids = try stickerIDs(reopened)
    let blocks = try reopened.blockSummaries()
    #expect(ids == [["4"], ["4", "11", "4"], []], "\(ids) \(blocks)")
  }

  @Test func aVersionOneStoreThatCannotBeUpgradedIsLeftAsItWas() throws {
    let fixture = try StoreFixture()
    // A table in the way of the upgrade: it fails half way, and rolls back.
    let url = try versionOneStore(fixture, extra: "CREATE TABLE stickers_upgraded (id INTEGER PRIMARY KEY);")
    let error = try #require(throws: ChatStoreError.self) { _ = try ChatStore(contentsOf: url) }
    #expect(error.description.hasPrefix(url.path) && error.description.contains("stickers_upgraded"), "\(error)")
    #expect(try userVersion(url) == 1)
    let store = try ChatStore(contentsOf: url, stickers: fixture.stickers, access: .readOnly)
    #expect(try stickerIDs(store) == [["4"], [], ["7", "9"]])
  }
}
