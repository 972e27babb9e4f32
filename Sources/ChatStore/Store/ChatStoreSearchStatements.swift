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
  /// `(id, block, seq, body)` of the messages the index answers `?1` with, in id order, at most
  /// `?2`.
  let candidates: SQLiteStatement?
  /// `(id, seq, body)` of the messages of block `?4` with ids from `?2` to `?3` the index answers
  /// `?1` with.
  let blockCandidates: SQLiteStatement?

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
    guard version >= ChatStoreSchema.searchVersion else {
      (insert, delete, candidates, blockCandidates) = (nil, nil, nil, nil)
      return
    }
    insert = try connection.prepare("INSERT INTO message_search (rowid, text) VALUES (?1, ?2)")
    delete = try connection.prepare(
      "INSERT INTO message_search (message_search, rowid, text) VALUES ('delete', ?1, ?2)")
    candidates = try connection.prepare(
      """
      SELECT m.id, m.block, m.seq, m.body FROM message_search(?1) AS f JOIN messages AS m ON m.id = f.rowid
      ORDER BY f.rowid LIMIT ?2
      """)
    blockCandidates = try connection.prepare(
      """
      SELECT m.id, m.seq, m.body FROM message_search(?1) AS f JOIN messages AS m ON m.id = f.rowid
      WHERE f.rowid BETWEEN ?2 AND ?3 AND m.block = ?4
      """)
  }
}
