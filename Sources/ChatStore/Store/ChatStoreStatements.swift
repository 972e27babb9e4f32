/// Every statement a ``ChatStore`` runs, prepared once when it opens.
final class ChatStoreStatements {
  /// `(id, count, length, scalars)` of every block, in order (`scalars` `NULL` before version 3).
  let blocks: SQLiteStatement
  /// A block's paragraph count: `?1` block.
  let blockCount: SQLiteStatement
  /// The rows at positions `?3 ..< ?3 + ?2` of block `?1`, each with its stickers (their stable
  /// ids, offsets and names) in order (one query: positions from the covering index, then each row
  /// and its stickers by key).
  let rows: SQLiteStatement
  /// The lengths at positions `?3 ..< ?3 + ?2` of block `?1`, from the covering index.
  let lengths: SQLiteStatement
  /// The Unicode scalar lengths at positions `?3 ..< ?3 + ?2` of block `?1`, from the covering
  /// index (version 3 on; before, SQLite's count of the bodies, which stops at a NUL, so a store
  /// of an older version counts its paragraphs instead).
  let scalarLengths: SQLiteStatement
  /// Whether the store has the `scalars` columns (schema version 3 on).
  let hasScalars: Bool
  /// `(id, seq, length, scalars)` at positions `?3 ..< ?3 + ?2` of block `?1`, from the covering
  /// index.
  let positions: SQLiteStatement
  /// `(block, seq)` of message `?1`.
  let placeOfMessage: SQLiteStatement
  /// The rows of block `?1` before seq `?2`, from the covering index.
  let rowsBefore: SQLiteStatement
  /// The message where the sticker with stable id `?1` was first stored, of those holding it.
  let messageOfSticker: SQLiteStatement
  /// The highest sticker row id ever given (the `AUTOINCREMENT` sequence, or the highest id if the
  /// sequence says less).
  let stickerSequence: SQLiteStatement
  /// `(block, seq, length, scalars)` of message `?1`, by key.
  let rowByID: SQLiteStatement
  /// The seq before `?2` in block `?1`, from the index.
  let seqBefore: SQLiteStatement
  /// The seq after `?2` in block `?1`, from the index.
  let seqAfter: SQLiteStatement
  /// Transaction and savepoint control, compiled once (a keystroke runs each).
  let begin: SQLiteStatement
  let commit: SQLiteStatement
  let savepoint: SQLiteStatement
  let release: SQLiteStatement
  let messageExists: SQLiteStatement
  let deleteMessage: SQLiteStatement
  let deleteStickers: SQLiteStatement
  let insertMessage: SQLiteStatement
  let insertSticker: SQLiteStatement
  let updateBlock: SQLiteStatement
  let setSeq: SQLiteStatement
  /// Searching, and keeping the full-text index in step.
  let search: ChatStoreSearchStatements

  /// Prepares the statements for a store of schema `version`. A store of an older version is
  /// only ever read (a writable one is upgraded when it opens): its stickers are read with their
  /// row ids as their stable ids, as that version had them, and its sticker writes never run.
  init(_ connection: SQLiteConnection, version: Int64 = ChatStoreSchema.version) throws(SQLiteError) {
    let current = version >= ChatStoreSchema.attachmentVersion
    let stickerIdentity = current ? "s.attachment" : "s.id"
    // Before version 3 (read only: a writable store is upgraded) scalars are counted from bodies.
    hasScalars = version >= ChatStoreSchema.scalarsVersion
    let scalars = hasScalars ? "scalars" : "length(body)"
    blocks = try connection.prepare(
      "SELECT id, count, length, \(hasScalars ? "scalars" : "NULL") FROM blocks ORDER BY ordinal")
    blockCount = try connection.prepare("SELECT count FROM blocks WHERE id = ?1")
    rows = try connection.prepare(
      """
      SELECT m.id, m.length, m.sender, m.time, m.date, m.separator, m.body, m.extra, \(stickerIdentity), s.offset,
        s.name
      FROM (SELECT id AS rowID, seq AS rowSeq FROM messages WHERE block = ?1 ORDER BY seq LIMIT ?2 OFFSET ?3) AS p
      JOIN messages AS m ON m.id = p.rowID
      LEFT JOIN stickers AS s ON s.message = m.id
      ORDER BY p.rowSeq, s.offset
      """)
    lengths = try connection.prepare("SELECT length FROM messages WHERE block = ?1 ORDER BY seq LIMIT ?2 OFFSET ?3")
    scalarLengths = try connection.prepare(
      "SELECT \(scalars) FROM messages WHERE block = ?1 ORDER BY seq LIMIT ?2 OFFSET ?3")
    positions = try connection.prepare(
      "SELECT id, seq, length, \(scalars) FROM messages WHERE block = ?1 ORDER BY seq LIMIT ?2 OFFSET ?3")
    placeOfMessage = try connection.prepare("SELECT block, seq FROM messages WHERE id = ?1")
    rowsBefore = try connection.prepare("SELECT count(*) FROM messages WHERE block = ?1 AND seq < ?2")
    messageOfSticker = try connection.prepare(
      "SELECT message FROM stickers AS s WHERE \(stickerIdentity) = ?1 ORDER BY id LIMIT 1")
    stickerSequence = try connection.prepare(
      current
        ? """
        SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'stickers'), 0),
          coalesce((SELECT max(id) FROM stickers), 0))
        """ : "SELECT coalesce(max(id), 0) FROM stickers")
    rowByID = try connection.prepare("SELECT block, seq, length, \(scalars) FROM messages WHERE id = ?1")
    seqBefore = try connection.prepare(
      "SELECT seq FROM messages WHERE block = ?1 AND seq < ?2 ORDER BY seq DESC LIMIT 1")
    seqAfter = try connection.prepare("SELECT seq FROM messages WHERE block = ?1 AND seq > ?2 ORDER BY seq LIMIT 1")
    begin = try connection.prepare("BEGIN IMMEDIATE")
    commit = try connection.prepare("COMMIT")
    savepoint = try connection.prepare("SAVEPOINT replace")
    release = try connection.prepare("RELEASE replace")
    messageExists = try connection.prepare("SELECT 1 FROM messages WHERE id = ?1")
    deleteMessage = try connection.prepare("DELETE FROM messages WHERE id = ?1")
    deleteStickers = try connection.prepare("DELETE FROM stickers WHERE message = ?1")
    insertMessage = try connection.prepare(
      """
      INSERT INTO messages (id, block, seq, length, sender, time, date, separator, body, extra\(hasScalars ? ", scalars" : "")
      ) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10\(hasScalars ? ", ?11" : ""))
      """)
    insertSticker = try connection.prepare(
      current
        ? "INSERT INTO stickers (id, message, offset, name, attachment) VALUES (?1, ?2, ?3, ?4, ?5)"
        : "INSERT INTO stickers (id, message, offset, name) VALUES (?1, ?2, ?3, ?4)")
    updateBlock = try connection.prepare(
      hasScalars
        ? "UPDATE blocks SET count = count + ?2, length = length + ?3, scalars = scalars + ?4 WHERE id = ?1"
        : "UPDATE blocks SET count = count + ?2, length = length + ?3 WHERE id = ?1 AND ?4 IS NOT NULL")
    setSeq = try connection.prepare("UPDATE messages SET seq = ?2 WHERE id = ?1")
    search = try ChatStoreSearchStatements(connection, version: version)
  }
}
