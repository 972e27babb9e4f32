import ChatModel
import Foundation

/// Writes a new chat store in one pass: what `chat-demo --generate` and `--import` use.
///
/// Messages are appended in order into blocks of ``ChatStoreSchema/blockCapacity`` paragraphs
/// (day separators placed by ChatKit's rule, `ChatDay.SeparatorPlacement`), with ids, positions
/// and block rows computed as they come, through prepared statements in one transaction, with
/// the indexes built at the end. The full-text index is written by ``finish(indexingProgress:)``,
/// after the messages, a chunk at a time with a 64 MiB FTS5 buffer (FTS5's default 1 MiB again
/// at the end): FTS5's inserts run alone, about three times faster than beside each message's. The store is written to a
/// temporary file beside the target and linked into place by ``finish()``, so a killed or failed
/// write leaves no store behind, and an existing file is never replaced (a stale write-ahead log
/// beside it could not be trusted).
public final class ChatStoreWriter {
  /// The store being written.
  public let url: URL
  /// The messages appended so far (day separators not counted).
  public private(set) var messageCount = 0
  /// The sticker parts appended so far.
  public private(set) var stickerCount = 0

  private let temporaryPath: String
  private let blockCapacity: Int
  private var connection: SQLiteConnection?
  private var insertMessage: SQLiteStatement?
  private var insertMessages: SQLiteStatement?
  /// Messages waiting to be inserted together by ``insertMessages``.
  private var pending: [(id: Int64, block: Int64, seq: Int64, row: StoredRow)] = []
  /// Rows one multi-row insert writes.
  private static let batchSize = 32
  private var insertSticker: SQLiteStatement?
  private var insertStickers: SQLiteStatement?
  /// Stickers waiting to be inserted together by ``insertStickers``.
  private var pendingStickers: [(id: Int64, message: Int64, sticker: StoredSticker)] = []
  private var insertBlock: SQLiteStatement?
  var separators = ChatDay.SeparatorPlacement()
  private var block: Int64 = 1
  private var blockCount = 0
  private var blockLength = 0
  private var blockScalars = 0
  private var nextID: Int64 = 1
  private var nextStickerID: Int64 = 1
  private var finished = false
  /// Messages indexed per chunk by ``finish(indexingProgress:)`` (a test's smaller value shows
  /// the chunks).
  package var searchIndexChunk = ChatStore.searchUpgradeChunk

  /// Starts a store at `url`, which must not exist.
  /// - Parameters:
  ///   - url: The new store's file.
  ///   - blockCapacity: Paragraphs per block.
  /// - Throws: ``ChatStoreError``: `.exists` when something is at `url`, `.database` otherwise.
  public init(creating url: URL, blockCapacity: Int = ChatStoreSchema.blockCapacity) throws(ChatStoreError) {
    self.url = url
    self.blockCapacity = max(1, blockCapacity)
    temporaryPath = url.path + ".tmp-\(getpid())"
    var info = stat()
    guard lstat(url.path, &info) != 0 else {
      throw ChatStoreError(.exists, file: url.path, reason: "the file exists; a new store never replaces a file")
    }
    unlink(temporaryPath)
    do {
      let connection = try SQLiteConnection(path: temporaryPath, mode: .create)
      self.connection = connection
      try connection.execute(
        "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE; PRAGMA cache_size = -65536;"
      )
      try connection.execute(ChatStoreSchema.tables)
      try connection.execute(ChatStoreSchema.searchHashSize(ChatStoreSchema.searchBuildHashSize))
      try connection.execute("BEGIN")
      let columns =
        "INSERT INTO messages (id, block, seq, length, sender, time, date, separator, body, scalars) VALUES "
      let values = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
      insertMessage = try connection.prepare(columns + values)
      insertMessages = try connection.prepare(
        columns + Array(repeating: values, count: Self.batchSize).joined(separator: ", "))
      pending.reserveCapacity(Self.batchSize)
      // Each sticker part is a new attachment: its stable id (`attachment`) is its row id.
      let stickerColumns = "INSERT INTO stickers (id, message, offset, name, attachment) VALUES "
      insertSticker = try connection.prepare(stickerColumns + "(?1, ?2, ?3, ?4, ?1)")
      insertStickers = try connection.prepare(
        stickerColumns
          + (0..<Self.batchSize).map { row in
            let base = row * 4
            return "(?\(base + 1), ?\(base + 2), ?\(base + 3), ?\(base + 4), ?\(base + 1))"
          }.joined(separator: ", "))
      insertBlock = try connection.prepare(
        "INSERT INTO blocks (id, ordinal, count, length, scalars) VALUES (?1, ?2, ?3, ?4, ?5)")
    } catch {
      discard()
      throw ChatStoreError(error)
    }
  }

  deinit { if !finished { discard() } }

  /// Appends `message` (after a day separator when its date starts a new day).
  /// - Throws: ``ChatStoreError``; the store is then abandoned.
  /// - Complexity: O(message length), amortised O(1) queries.
  public func append(_ message: ChatMessage) throws(ChatStoreError) {
    do {
      if let day = separators.separator(before: message) { try append(StoredRow(separator: day)) }
      try append(StoredRow(message: message))
      messageCount += 1
    } catch {
      discard()
      throw ChatStoreError(error)
    }
  }

  /// Appends every message of `messages`, in order.
  /// - Throws: ``ChatStoreError``; the store is then abandoned.
  public func append(contentsOf messages: some Sequence<ChatMessage>) throws(ChatStoreError) {
    for message in messages { try append(message) }
  }

  /// Appends rows made elsewhere (``append(concurrently:progress:)``), counting `messages`.
  /// - Throws: ``ChatStoreError``; the store is then abandoned.
  func append(_ rows: [StoredRow], messages: Int) throws(ChatStoreError) {
    do {
      for row in rows { try append(row) }
      messageCount += messages
    } catch {
      discard()
      throw ChatStoreError(error)
    }
  }

  /// Appends `row`.
  private func append(_ row: StoredRow) throws(SQLiteError) {
    guard connection != nil else {
      throw SQLiteError(code: 21, message: "the writer was abandoned", file: url.path, action: "appending")
    }
    if blockCount == blockCapacity { try closeBlock() }
    let id = nextID
    nextID += 1
    pending.append((id, block, Int64(blockCount) * ChatStoreSchema.seqSpacing, row))
    if pending.count == Self.batchSize { try flush() }
    for sticker in row.stickers {
      pendingStickers.append((nextStickerID, id, sticker))
      nextStickerID += 1
      stickerCount += 1
      if pendingStickers.count == Self.batchSize { try flushStickers() }
    }
    blockCount += 1
    blockLength += row.length
    blockScalars += row.scalars
  }

  /// Inserts the pending messages: a full batch with one statement, fewer one by one.
  private func flush() throws(SQLiteError) {
    guard !pending.isEmpty, let insertMessage, let insertMessages else { return }
    if pending.count == Self.batchSize {
      defer { insertMessages.reset() }
      for (index, message) in pending.enumerated() { try bind(message, to: insertMessages, after: Int32(index * 10)) }
      try insertMessages.step()
    } else {
      for message in pending {
        defer { insertMessage.reset() }
        try bind(message, to: insertMessage, after: 0)
        try insertMessage.step()
      }
    }
    pending.removeAll(keepingCapacity: true)
  }

  /// Inserts the pending stickers: a full batch with one statement, fewer one by one.
  private func flushStickers() throws(SQLiteError) {
    guard !pendingStickers.isEmpty, let insertSticker, let insertStickers else { return }
    let full = pendingStickers.count == Self.batchSize
    for (index, pending) in pendingStickers.enumerated() {
      let statement = full ? insertStickers : insertSticker
      let base = full ? Int32(index * 4) : 0
      try statement.bind(pending.id, at: base + 1)
      try statement.bind(pending.message, at: base + 2)
      try statement.bind(pending.sticker.offset, at: base + 3)
      try statement.bind(pending.sticker.name, at: base + 4)
      if !full {
        defer { statement.reset() }
        try statement.step()
      }
    }
    if full {
      defer { insertStickers.reset() }
      try insertStickers.step()
    }
    pendingStickers.removeAll(keepingCapacity: true)
  }

  /// Binds one message's ten columns to the parameters after `base`.
  private func bind(
    _ message: (id: Int64, block: Int64, seq: Int64, row: StoredRow), to statement: SQLiteStatement, after base: Int32
  ) throws(SQLiteError) {
    try statement.bind(message.id, at: base + 1)
    try statement.bind(message.block, at: base + 2)
    try statement.bind(message.seq, at: base + 3)
    try statement.bind(message.row.length, at: base + 4)
    try statement.bind(message.row.sender, at: base + 5)
    try statement.bind(message.row.time, at: base + 6)
    try statement.bind(message.row.date, at: base + 7)
    try statement.bind(message.row.separator, at: base + 8)
    try statement.bind(message.row.body, at: base + 9)
    try statement.bind(message.row.scalars, at: base + 10)
  }

  /// Writes the current block's row and starts the next block.
  private func closeBlock() throws(SQLiteError) {
    try insertBlock?.run(
      block, block * ChatStoreSchema.ordinalSpacing, Int64(blockCount), Int64(blockLength), Int64(blockScalars))
    block += 1
    blockCount = 0
    blockLength = 0
    blockScalars = 0
  }

  /// Writes the last block, builds the full-text index and the other indexes, commits, switches
  /// the file to WAL mode, flushes it to disk and links it into place at ``url``.
  /// - Parameter indexingProgress: Called as the full-text index is built, after each chunk of
  ///   messages, with the messages indexed so far and ``messageCount``.
  /// - Throws: ``ChatStoreError``; no store is left at ``url`` then.
  /// - Complexity: O(n · message length) for the full-text index of n messages.
  public func finish(indexingProgress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws(ChatStoreError) {
    guard let connection else {
      throw ChatStoreError(.database, file: url.path, reason: "the writer was abandoned after an error")
    }
    do {
      try flush()
      try flushStickers()
      if blockCount > 0 || block == 1 { try closeBlock() }
      var indexed = 0
      let total = messageCount
      try SearchIndexBuild(connection, chunkSize: searchIndexChunk).run(after: 0) {
        (chunk, insert) throws(SQLiteError) in
        try insert()
        indexed += chunk.count
        indexingProgress?(indexed, total)
      }
      try connection.execute(ChatStoreSchema.searchOptimize)
      try connection.execute(ChatStoreSchema.indexes)
      try connection.execute(ChatStoreSchema.searchHashSize(ChatStoreSchema.searchDefaultHashSize))
      try connection.execute("COMMIT")
      try connection.execute("PRAGMA journal_mode = WAL")
    } catch {
      discard()
      throw ChatStoreError(error)
    }
    close()
    let descriptor = open(temporaryPath, O_RDONLY | O_CLOEXEC)
    if descriptor >= 0 {
      fsync(descriptor)
      Foundation.close(descriptor)
    }
    guard link(temporaryPath, url.path) == 0 else {
      let reason = errno == EEXIST ? "the file appeared while the store was written" : ChatStoreFile.errnoText()
      discard()
      throw ChatStoreError(errno == EEXIST ? .exists : .database, file: url.path, reason: "cannot create it: \(reason)")
    }
    unlink(temporaryPath)
    finished = true
    let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      fsync(folder)
      Foundation.close(folder)
    }
  }

  private func close() {
    insertMessage = nil
    insertMessages = nil
    insertSticker = nil
    insertStickers = nil
    insertBlock = nil
    connection = nil
  }

  /// Closes the connection and removes the temporary file.
  private func discard() {
    close()
    for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporaryPath + suffix) }
  }
}
