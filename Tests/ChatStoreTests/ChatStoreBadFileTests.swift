import ChatStore
import Foundation
import Testing

/// Files that are not chat stores, missing or read-only: a clear error, and the file untouched.
@Suite struct ChatStoreBadFileTests {
  /// The folder's files with their bytes and modification times.
  private func snapshot(_ directory: URL) throws -> [String: (Data, Date)] {
    var files: [String: (Data, Date)] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      let url = directory.appendingPathComponent(name)
      let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
      let isFile = attributes[.type] as? FileAttributeType == .typeRegular
      files[name] = (isFile ? try Data(contentsOf: url) : Data(), try #require(attributes[.modificationDate] as? Date))
    }
    return files
  }

  /// Opens `url` for editing and expects `kind`, a message naming the file, and no change at all
  /// in its folder.
  private func expectRefused(_ url: URL, _ kind: ChatStoreError.Kind, mentioning words: String) throws {
    let directory = url.deletingLastPathComponent()
    let before = try snapshot(directory)
    let error = try #require(throws: ChatStoreError.self) { _ = try ChatStore(contentsOf: url) }
    #expect(error.kind == kind)
    #expect(error.description.hasPrefix(url.path), "the message names the file: \(error)")
    #expect(error.description.contains(words), "\(error)")
    let after = try snapshot(directory)
    #expect(Set(after.keys) == Set(before.keys), "no file appeared or vanished: \(after.keys.sorted())")
    for (name, (data, date)) in before {
      #expect(after[name]?.0 == data, "\(name) changed")
      #expect(after[name]?.1 == date, "\(name) was written")
    }
  }

  @Test func aMissingFileIsRefused() throws {
    let fixture = try StoreFixture()
    try expectRefused(fixture.directory.appendingPathComponent("nothing.sqlite"), .missing, mentioning: "no such file")
  }

  @Test func aTextFileIsRefused() throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("notes.sqlite")
    try Data("{\"messages\": []}\n".utf8).write(to: url)
    try expectRefused(url, .notAChatStore, mentioning: "not a SQLite database")
  }

  @Test func randomBytesAreRefused() throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("random.sqlite")
    var random = SystemRandomNumberGenerator()
    try Data((0..<8_192).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: url)
    try expectRefused(url, .notAChatStore, mentioning: "not a SQLite database")
  }

  @Test func aForeignSQLiteFileIsRefused() throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("other.sqlite")
    do {
      let connection = try SQLiteConnection(path: url.path, mode: .create)
      try connection.execute(
        "CREATE TABLE messages (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO messages VALUES (1, 'hi');")
    }
    try expectRefused(url, .notAChatStore, mentioning: "another application")
  }

  @Test func aStoreWithItsTablesGoneIsRefused() throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("chat.sqlite")
    _ = try fixture.store(StoreFixture.transcript(messages: 20))
    do {
      let connection = try SQLiteConnection(path: url.path, mode: .readWrite)
      try connection.execute("DROP INDEX messages_by_position; PRAGMA journal_mode = DELETE;")
    }
    try expectRefused(url, .notAChatStore, mentioning: "missing")
  }

  @Test func aDamagedStoreIsRefused() throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("chat.sqlite")
    _ = try fixture.store(StoreFixture.transcript(messages: 200))
    var bytes = try Data(contentsOf: url)
    // Keep the magic and the application id; wreck the page size and the first page's b-tree.
    bytes.replaceSubrange(16..<18, with: [0x01, 0x23])
    bytes.replaceSubrange(100..<400, with: Data(repeating: 0xA5, count: 300))
    try bytes.write(to: url)
    try expectRefused(url, .notAChatStore, mentioning: "not a chat store")
  }

  @Test func aReadOnlyFileIsRefused() throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("chat.sqlite")
    _ = try fixture.store(StoreFixture.transcript(messages: 20))
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path) }
    try expectRefused(url, .readOnly, mentioning: "read-only")
  }

  @Test func aStoreInAReadOnlyFolderIsRefused() throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("chat.sqlite")
    _ = try fixture.store(StoreFixture.transcript(messages: 20))
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: fixture.directory.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fixture.directory.path) }
    try expectRefused(url, .readOnly, mentioning: "folder")
  }

  @Test func aFolderIsRefused() throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("folder.sqlite")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    try expectRefused(url, .notAChatStore, mentioning: "not a regular file")
  }

  @Test func aNewStoreNeverReplacesAFile() throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("keep.sqlite")
    try Data("precious".utf8).write(to: url)
    let error = try #require(throws: ChatStoreError.self) { _ = try ChatStoreWriter(creating: url) }
    #expect(error.kind == .exists)
    #expect(try Data(contentsOf: url) == Data("precious".utf8))
  }

  @Test func anAbandonedWriterLeavesNoFile() throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("new.sqlite")
    do {
      let writer = try ChatStoreWriter(creating: url)
      try writer.append(StoreFixture.transcript(messages: 10).messages[0])
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path) == [])
  }
}

extension ChatStoreBadFileTests {
  @Test func aStoreClaimingTheCurrentSchemaWithoutItsStickerColumnIsRefused() throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("chat.sqlite")
    _ = try fixture.store(StoreFixture.transcript(messages: 20))
    do {
      // Version 2 by its header and its list of tables and indexes, but the stickers of version 1.
      let connection = try SQLiteConnection(path: url.path, mode: .readWrite)
      try connection.execute(
        """
        CREATE TABLE old (id INTEGER PRIMARY KEY, message INTEGER NOT NULL, offset INTEGER NOT NULL, name TEXT NOT NULL);
        INSERT INTO old SELECT id, message, offset, name FROM stickers;
        DROP TABLE stickers;
        ALTER TABLE old RENAME TO stickers;
        CREATE INDEX stickers_by_message ON stickers(message, offset);
        CREATE INDEX stickers_by_attachment ON stickers(name);
        PRAGMA journal_mode = DELETE;
        """)
    }
    try expectRefused(url, .notAChatStore, mentioning: "attachment")
  }
}
