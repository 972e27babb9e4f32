import ChatModel
import Foundation

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
/// SQLite, another application's SQLite file, damaged) and a read-only file each get a clear
/// ``ChatStoreError``, and the file is left as it was (it is first checked read-only and
/// immutable, so not even a lock or a side file is made).
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
  /// Checkpoints the write-ahead log in the background (writable stores only).
  private let checkpointer: SQLiteCheckpointer?

  /// Opens the chat store at `url`.
  ///
  /// A writable store of an older schema version is upgraded first, in a transaction of its own
  /// (see ``ChatStoreSchema``); a read-only one is read as it is. A writable store then splits
  /// blocks that appends grew past ``splitThreshold``, in a transaction of its own (see
  /// `splitOversizedBlocks()`).
  /// - Parameters:
  ///   - url: The store's file; it must exist (``ChatStoreWriter`` makes new ones).
  ///   - stickers: Makes sticker attachments for the paragraphs the store builds.
  ///   - access: `.readWrite` to edit (the default), `.readOnly` to read.
  /// - Throws: ``ChatStoreError``: `.missing`, `.notAChatStore`, `.unsupportedVersion`,
  ///   `.readOnly`, or `.database`; the file is not written to (nor upgraded).
  /// - Complexity: O(1) queries and a scan of the block table; the block table is read by
  ///   ``blockSummaries()``. Splitting, when needed, is O(size · log n) per oversized block;
  ///   upgrading a version 1 store, once, O(stickers · log stickers).
  public init(contentsOf url: URL, stickers: (any StickerAttachmentMaker)? = nil, access: Access = .readWrite)
    throws(ChatStoreError)
  {
    let path = url.path
    self.path = path
    self.access = access
    self.stickers = stickers
    try ChatStoreFile.checkHeader(path)
    do {
      // Checked as the file is, before anything is written; an immutable connection does not see
      // the write-ahead log, so the store is checked again through the connection that reads it.
      _ = try Self.checkSchema(try SQLiteConnection(path: path, mode: .immutable), path: path)
      var version: Int64
      if access == .readWrite {
        try ChatStoreFile.checkWritable(path)
        connection = try SQLiteConnection(path: path, mode: .readWrite)
        connection.setBusyTimeout(milliseconds: 2_000)
        try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")
        version = try Self.checkSchema(connection, path: path)
        if version < ChatStoreSchema.version { version = try Self.upgrade(connection) }
        let checkpointer = try SQLiteCheckpointer(path: path)
        checkpointer.attach(to: connection)
        self.checkpointer = checkpointer
      } else {
        connection = try SQLiteConnection(path: path, mode: .readOnly)
        version = try Self.checkSchema(connection, path: path)
        checkpointer = nil
      }
      statements = try ChatStoreStatements(connection, version: version)
    } catch let error as SQLiteError {
      throw ChatStoreError(
        .notAChatStore, file: path, reason: "not a chat store: \(error.message) (SQLite code \(error.code))")
    } catch let error as ChatStoreError {
      throw error
    } catch {
      throw ChatStoreError(.database, file: path, reason: "\(error)")
    }
    // Maintenance before any manager reads the blocks: see ``splitOversizedBlocks()``.
    if access == .readWrite { _ = try database { () throws(SQLiteError) in try splitOversizedBlocks() } }
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
