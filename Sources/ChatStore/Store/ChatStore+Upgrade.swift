extension ChatStore {
  /// Upgrades a writable store of a schema older than version 3 to version 3 in one transaction:
  /// all of it or, when anything fails, nothing. The version is read again inside the transaction,
  /// which holds the write lock, so a store another connection upgraded meanwhile is left alone.
  /// Version 3 → 4 (the full-text index) follows in chunks: see `upgradeSearch(_:progress:)`.
  ///
  /// Version 1 → 2: the `stickers` table is rebuilt with the `attachment` column (each row its own
  /// attachment, as version 1 read it, so every sticker keeps its stable id) and an `AUTOINCREMENT`
  /// row id, and gets the `stickers_by_attachment` index.
  ///
  /// Version 2 → 3: `messages` and `blocks` get their `scalars` columns, counted from each body
  /// (SQLite's `length` counts scalars up to a NUL, so the few bodies holding one are counted in
  /// Swift), and `messages_by_position` comes back covering them.
  /// - Returns: The version the store has now.
  /// - Throws: ``SQLiteError``; the store is left as it was.
  /// - Complexity: O(stickers · log stickers) and O(n) reading every body, once.
  static func upgrade(_ connection: SQLiteConnection) throws(SQLiteError) -> Int64 {
    try connection.execute("BEGIN IMMEDIATE")
    do {
      let version = try connection.integer("PRAGMA user_version") ?? 0
      guard version >= ChatStoreSchema.oldestReadableVersion, version < ChatStoreSchema.scalarsVersion else {
        try connection.execute("COMMIT")
        return version
      }
      if version < ChatStoreSchema.attachmentVersion {
        try connection.execute(
          """
          \(ChatStoreSchema.stickersTable(named: "stickers_upgraded"))
          INSERT INTO stickers_upgraded (id, message, offset, name, attachment)
            SELECT id, message, offset, name, id FROM stickers ORDER BY id;
          DROP TABLE stickers;
          ALTER TABLE stickers_upgraded RENAME TO stickers;
          \(ChatStoreSchema.stickerIndexes)
          """)
      }
      try addScalars(connection)
      try connection.execute("PRAGMA user_version = \(ChatStoreSchema.scalarsVersion); COMMIT;")
    } catch {
      if connection.isInTransaction { try? connection.execute("ROLLBACK") }
      throw error
    }
    return ChatStoreSchema.scalarsVersion
  }

  /// Version 2 → 3: the `scalars` columns, filled, and the position index covering them.
  private static func addScalars(_ connection: SQLiteConnection) throws(SQLiteError) {
    try connection.execute(
      """
      ALTER TABLE messages ADD COLUMN scalars INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE blocks ADD COLUMN scalars INTEGER NOT NULL DEFAULT 0;
      UPDATE messages SET scalars = length(body);
      """)
    // A body holding a NUL: `length` stopped there, so count it here.
    let withNUL = try connection.prepare("SELECT id, body FROM messages WHERE instr(CAST(body AS BLOB), x'00') > 0")
    let set = try connection.prepare("UPDATE messages SET scalars = ?2 WHERE id = ?1")
    var counted: [(Int64, Int64)] = []
    while try withNUL.step() { counted.append((withNUL.int64(0), Int64(withNUL.string(1)?.unicodeScalars.count ?? 0))) }
    withNUL.reset()
    for (id, scalars) in counted { try set.run(id, scalars) }
    try connection.execute(
      """
      UPDATE blocks SET scalars = (SELECT coalesce(sum(scalars), 0) FROM messages WHERE block = blocks.id);
      DROP INDEX messages_by_position;
      \(ChatStoreSchema.positionIndex)
      """)
  }
}
