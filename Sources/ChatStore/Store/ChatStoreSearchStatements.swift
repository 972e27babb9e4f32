/// The statements of searching and of keeping the full-text index in step, prepared once when a
/// store opens; the index's are `nil` in a store without it (schema version 3 and older, read
/// only).
final class ChatStoreSearchStatements {
  /// `(body, separator)` of message `?1`.
  let body: SQLiteStatement
  /// `(id, seq, body)` of the messages (not day separators) of block `?1`, in order: the scan of
  /// a store without an index.
  let blockMessages: SQLiteStatement
  /// `(min(id), max(id))` of block `?1`'s paragraphs, from the position index.
  let blockRange: SQLiteStatement
  /// Adds the index row of message `?1`, indexed form `?2`.
  let insert: SQLiteStatement?
  /// Removes the index row of message `?1`, whose indexed form was `?2` (a contentless FTS5 table
  /// needs the old text to remove its tokens).
  let delete: SQLiteStatement?
  /// `(id, block, seq)` of the messages the index answers `?1` with, in id order, at most `?2`.
  let candidates: SQLiteStatement?
  /// `(id, block, seq)` of the messages with ids from `?2` to `?3`, in the blocks of ordinals
  /// `?4` to `?5`, the index answers `?1` with.
  let rangeCandidates: SQLiteStatement?
  /// `(id, ordinal, count)` of every block, in order.
  let blocks: SQLiteStatement
  /// `body` of message `?1`, by key.
  let messageBody: SQLiteStatement
  /// `body` of every message the index answers `?1` with: what counting reads.
  let candidateBodies: SQLiteStatement?

  /// Prepares the statements of a store of schema `version`.
  init(_ connection: SQLiteConnection, version: Int64) throws(SQLiteError) {
    body = try connection.prepare("SELECT body, separator FROM messages WHERE id = ?1")
    blockMessages = try connection.prepare(
      """
      SELECT m.id, m.seq, m.body
      FROM (SELECT id AS rowID, seq AS rowSeq FROM messages WHERE block = ?1 ORDER BY seq) AS p
      JOIN messages AS m ON m.id = p.rowID WHERE m.separator IS NULL ORDER BY p.rowSeq
      """)
    blockRange = try connection.prepare("SELECT min(id), max(id) FROM messages WHERE block = ?1")
    blocks = try connection.prepare("SELECT id, ordinal, count FROM blocks ORDER BY ordinal")
    messageBody = try connection.prepare("SELECT body FROM messages WHERE id = ?1")
    guard version >= ChatStoreSchema.searchVersion else {
      (insert, delete, candidates, rangeCandidates, candidateBodies) = (nil, nil, nil, nil, nil)
      return
    }
    insert = try connection.prepare("INSERT INTO message_search (rowid, text) VALUES (?1, ?2)")
    delete = try connection.prepare(
      "INSERT INTO message_search (message_search, rowid, text) VALUES ('delete', ?1, ?2)")
    candidates = try connection.prepare(
      """
      SELECT m.id, m.block, m.seq FROM message_search(?1) AS f JOIN messages AS m ON m.id = f.rowid
      ORDER BY f.rowid LIMIT ?2
      """)
    rangeCandidates = try connection.prepare(
      """
      SELECT m.id, m.block, m.seq FROM message_search(?1) AS f JOIN messages AS m ON m.id = f.rowid
      JOIN blocks AS b ON b.id = m.block
      WHERE f.rowid BETWEEN ?2 AND ?3 AND b.ordinal BETWEEN ?4 AND ?5
      """)
    candidateBodies = try connection.prepare(
      "SELECT m.body FROM message_search(?1) AS f JOIN messages AS m ON m.id = f.rowid")
  }
}
