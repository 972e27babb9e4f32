import ChatModel
import Foundation
import TextEngine

/// A chat history in a SQLite file: the backing store of a content manager whose paragraphs are
/// built on demand (`TextContentSource`), as a subclass of `NSTextContentManager` backs TextKit
/// with its own storage.
///
/// The file holds messages and day separators in blocks of a bounded size, each with its count and
/// character length, so a manager opens a store of ten million messages by reading the block table
/// alone; the paragraphs a viewport shows take one indexed query per block they fall in. The file
/// is in WAL mode; every statement is prepared once. One edit transaction of the manager is one
/// SQLite transaction: a kill -9 at any moment loses at most the edit in flight. See
/// ``ChatStoreSchema`` for the tables.
///
/// Opening checks before writing anything: a missing file, a file that is not a chat store (not
/// SQLite, another application's SQLite file, damaged), a read-only file and a store another
/// process is editing each get a clear ``ChatStoreError``, and the file is left as it was.
///
/// Several processes: one process edits a store at a time (`ChatStoreLock`); others may read
/// it meanwhile. A write that fails (a full disk, an I/O error) is an error to the caller, with
/// the store as it was before the write.
public final class ChatStore {
  /// How a store is opened.
  public enum Access: Sendable {
    /// Reading and editing (the file and its folder must be writable).
    case readWrite
    /// Reading only (exports): the file is never written to, and edits throw.
    case readOnly
  }

  /// The store's file.
  public let path: String
  /// How the store was opened.
  public let access: Access
  /// Makes the sticker attachments of the paragraphs the store builds (needed by
  /// ``elements(inBlock:positions:)`` for messages with stickers).
  public var stickers: (any StickerAttachmentMaker)?

  let connection: SQLiteConnection
  let statements: ChatStoreStatements
  /// The sticker ids the open transaction wrote into attachments, with what each had before: a
  /// rollback puts them back, so that an attachment never carries an id its store does not hold.
  var assignedIdentifiers: [(attachment: TextAttachment, previous: String?)] = []
  /// Checkpoints the write-ahead log in the background (writable stores only).
  private let checkpointer: SQLiteCheckpointer?
  /// The editing lock (writable stores only).
  private let editingLock: ChatStoreLock?
  /// The candidates search asks the full-text index for before it walks the blocks (see
  /// `ChatStore+Search.swift`); tests lower it to walk small stores.
  package var searchCandidateLimit = 2_000
  /// The most candidate messages ``searchHitCount(for:upTo:)`` reads; beyond, its count is a lower
  /// bound. Settable for tests.
  package var searchCountCandidateLimit = 20_000
  /// What opening repaired, in words (a rebuilt block table); empty for a sound store.
  public private(set) var openingNotes: [String] = []

  /// Opens the chat store at `url`.
  ///
  /// A writable store of an older schema version is upgraded first, in a transaction of its own
  /// (see ``ChatStoreSchema``); a read-only one is read as it is. The block table is then checked
  /// against the messages (see `ChatStore+BlockCheck.swift`): a writable store whose table is
  /// damaged has it rebuilt (noted in ``openingNotes``), a read-only one is refused. A writable
  /// store then splits blocks that appends grew past ``splitThreshold``, in a transaction of its
  /// own (see `splitOversizedBlocks()`).
  ///
  /// Opening is WAL-aware: a store whose write-ahead log holds transactions (after a kill -9, a
  /// crash mid-checkpoint or a full disk) is checked through a normal read-only connection, which
  /// reads the log, so every transaction SQLite committed is there. A store with no log is checked
  /// as an immutable file, which makes no lock or side file.
  ///
  /// Editing takes the store's editing lock (see `ChatStoreLock`): one process edits a store at
  /// a time, and a second editor gets `.locked` ("already open for editing by process N").
  /// - Parameters:
  ///   - url: The store's file; it must exist (``ChatStoreWriter`` makes new ones).
  ///   - stickers: Makes sticker attachments for the paragraphs the store builds.
  ///   - access: `.readWrite` to edit (the default), `.readOnly` to read.
  ///   - upgradeProgress: Called while a writable store of schema version 3 gets its full-text
  ///     index, after each chunk, with the messages indexed so far and their total.
  /// - Throws: ``ChatStoreError``: `.missing`, `.notAChatStore`, `.unsupportedVersion`,
  ///   `.readOnly`, `.locked`, `.diskFull` or `.database`; the file is not written to (nor
  ///   upgraded) before every check passed.
  /// - Complexity: O(1) queries, and O(blocks) plus a bounded number of index seeks for the block
  ///   check; the block table is read
  ///   by ``blockSummaries()``. Splitting, when needed, is O(size · log n) per oversized block;
  ///   upgrading a version 1 store, once, O(stickers · log stickers); building the full-text
  ///   index of an older store, once, O(n · message length); rebuilding a damaged block table, O(n).
  public convenience init(
    contentsOf url: URL, stickers: (any StickerAttachmentMaker)? = nil, access: Access = .readWrite,
    upgradeProgress: ((_ done: Int, _ total: Int) -> Void)? = nil
  ) throws(ChatStoreError) {
    try self.init(contentsOf: url, stickers: stickers, access: access, vfs: nil, upgradeProgress: upgradeProgress)
  }

  /// Opens the chat store at `url` through the SQLite VFS named `vfs` (a test's fault-injecting
  /// one; `nil` for the default), as ``init(contentsOf:stickers:access:upgradeProgress:)`` does,
  /// building a full-text index `searchUpgradeChunk` messages per transaction.
  package init(
    contentsOf url: URL, stickers: (any StickerAttachmentMaker)?, access: Access, vfs: String?,
    upgradeProgress: ((_ done: Int, _ total: Int) -> Void)? = nil, searchUpgradeChunk: Int = searchUpgradeChunk
  ) throws(ChatStoreError) {
    let path = url.path
    self.path = path
    self.access = access
    self.stickers = stickers
    try ChatStoreFile.checkHeader(path)
    if access == .readWrite { try ChatStoreFile.checkWritable(path) }
    let lock = access == .readWrite ? try ChatStoreLock(store: path) : nil
    editingLock = lock
    // An immutable connection does not read the write-ahead log: only a store without one (or
    // with an empty one), and no editor, is checked (and, read-only, read) that way.
    let readsLog = ChatStoreFile.hasWriteAheadLog(path) || (lock == nil && ChatStoreLock.isHeld(store: path))
    do {
      _ = try Self.checkSchema(
        try SQLiteConnection(path: path, mode: readsLog ? .readOnly : .immutable, vfs: vfs), path: path)
      var version: Int64
      if access == .readWrite {
        connection = try SQLiteConnection(path: path, mode: .readWrite, vfs: vfs)
        connection.setBusyTimeout(milliseconds: 2_000)
        try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")
        version = try Self.checkSchema(connection, path: path)
        if version < ChatStoreSchema.scalarsVersion { version = try Self.upgrade(connection) }
        if version == ChatStoreSchema.scalarsVersion {
          version = try Self.upgradeSearch(connection, chunkSize: max(1, searchUpgradeChunk), progress: upgradeProgress)
        }
        let checkpointer = try SQLiteCheckpointer(path: path)
        checkpointer.attach(to: connection)
        self.checkpointer = checkpointer
      } else {
        connection = try Self.readingConnection(path, readsLog: readsLog, vfs: vfs)
        version = try Self.checkSchema(connection, path: path)
        checkpointer = nil
      }
      statements = try ChatStoreStatements(connection, version: version)
    } catch let error as SQLiteError {
      throw Self.openingError(error, path: path)
    } catch let error as ChatStoreError {
      throw error
    } catch {
      throw ChatStoreError(.database, file: path, reason: "\(error)")
    }
    try checkBlockTable()
    // Maintenance before any manager reads the blocks: see ``splitOversizedBlocks()``.
    if access == .readWrite { _ = try database { () throws(SQLiteError) in try splitOversizedBlocks() } }
  }

  /// The connection a read-only store reads through, safe while an editor starts and commits
  /// meanwhile: a read-write connection made query-only when the file and its folder can be written
  /// and no log needs reading (SQLite then removes its shared-memory and log files when the last
  /// connection closes, so a reader leaves nothing behind); a read-only one when a log is there
  /// (it reads it, and never writes the file); an immutable one on a read-only filesystem, where
  /// nobody can edit the store.
  private static func readingConnection(_ path: String, readsLog: Bool, vfs: String?) throws(SQLiteError)
    -> SQLiteConnection
  {
    if readsLog { return try SQLiteConnection(path: path, mode: .readOnly, vfs: vfs) }
    if (try? ChatStoreFile.checkWritable(path)) != nil,
      let connection = try? SQLiteConnection(path: path, mode: .readWrite, vfs: vfs),
      (try? connection.execute("PRAGMA query_only = ON")) != nil
    {
      connection.setBusyTimeout(milliseconds: 2_000)
      return connection
    }
    return try SQLiteConnection(path: path, mode: .immutable, vfs: vfs)
  }

  /// What a SQLite failure while opening means: a file SQLite does not take for a database is not a
  /// chat store; a folder it cannot write, a full disk or an I/O error is said as such.
  private static func openingError(_ error: SQLiteError, path: String) -> ChatStoreError {
    let detail = "\(error.message) (SQLite code \(error.code))"
    switch error.primaryCode {
    case 26, 11, 1:  // SQLITE_NOTADB, SQLITE_CORRUPT, SQLITE_ERROR (a table or column missing)
      return ChatStoreError(.notAChatStore, file: path, reason: "not a chat store: \(detail)")
    case 13:  // SQLITE_FULL
      return ChatStoreError(.diskFull, file: path, reason: "disk full while opening: \(detail)")
    case 8:  // SQLITE_READONLY
      return ChatStoreError(
        .readOnly, file: path,
        reason: "cannot open the store: \(detail); its write-ahead log needs a folder SQLite can write"
          + " (or an existing -shm file beside it)")
    case 14:  // SQLITE_CANTOPEN
      return ChatStoreError(
        .database, file: path,
        reason: "cannot open the store: \(detail) (its write-ahead log needs a folder SQLite can write;"
          + " or too many files are open)")
    case 5, 6:  // SQLITE_BUSY, SQLITE_LOCKED
      return ChatStoreError(.locked, file: path, reason: "the store is locked by another connection: \(detail)")
    default:
      return ChatStoreError(.database, file: path, reason: "cannot open the store: \(detail)")
    }
  }

  /// Checks the block table (see `ChatStore+BlockCheck.swift`); rebuilds it in a writable store.
  private func checkBlockTable() throws(ChatStoreError) {
    let problems = try database { () throws(SQLiteError) in try blockTableProblemsInOneRead() }
    guard !problems.isEmpty else { return }
    let summary = problems.prefix(3).joined(separator: "; ") + (problems.count > 3 ? "; …" : "")
    guard access == .readWrite else {
      throw ChatStoreError(
        .notAChatStore, file: path,
        reason: "damaged chat store: the block table disagrees with the messages (\(summary));"
          + " opening it for editing rebuilds the table")
    }
    try database { () throws(SQLiteError) in try rebuildBlockTable() }
    openingNotes.append("the block table disagreed with the messages (\(summary)) and was rebuilt from them")
  }

  deinit {
    checkpointer?.detach(from: connection)
    checkpointer?.close()
  }

  /// Background checkpoints of the write-ahead log so far.
  public var backgroundCheckpoints: Int { checkpointer?.checkpoints.load(ordering: .relaxed) ?? 0 }

  /// Checks the schema version, that every table and index of it is there and that every
  /// statement compiles against them, reading only.
  /// - Returns: The schema version, one this build reads.
  private static func checkSchema(_ connection: SQLiteConnection, path: String) throws -> Int64 {
    let version = try connection.integer("PRAGMA user_version") ?? 0
    guard version <= ChatStoreSchema.version else {
      throw ChatStoreError(
        .unsupportedVersion, file: path,
        reason: "chat store schema version \(version) is newer than this build's \(ChatStoreSchema.version)")
    }
    let required = ChatStoreSchema.requiredObjects(version: version)
    let names = required.map { "'\($0)'" }.joined(separator: ", ")
    let found = try connection.integer("SELECT count(*) FROM sqlite_schema WHERE name IN (\(names))") ?? 0
    guard found == Int64(required.count), version >= ChatStoreSchema.oldestReadableVersion else {
      throw ChatStoreError(.notAChatStore, file: path, reason: "not a chat store: tables or indexes are missing")
    }
    // Every statement compiles against the file's tables (a column missing from a table that
    // is there fails here), before anything is written.
    _ = try ChatStoreStatements(connection, version: version)
    return version
  }

  /// Runs `body`, turning a SQLite failure into a ``ChatStoreError`` naming the file.
  func database<Result>(_ body: () throws(SQLiteError) -> Result) throws(ChatStoreError) -> Result {
    do {
      return try body()
    } catch {
      throw ChatStoreError(error)
    }
  }
}
