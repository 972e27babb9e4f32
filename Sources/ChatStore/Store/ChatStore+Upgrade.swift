extension ChatStore {
  /// Upgrades a writable store of an older schema to this build's (``ChatStoreSchema/version``) in
  /// one transaction: all of it or, when anything fails, nothing. The version is read again inside
  /// the transaction, which holds the write lock, so a store another connection upgraded meanwhile
  /// is left alone.
  ///
  /// Version 1 → 2: the `stickers` table is rebuilt with the `attachment` column (each row its own
  /// attachment, as version 1 read it, so every sticker keeps its stable id) and an `AUTOINCREMENT`
  /// row id, and gets the `stickers_by_attachment` index.
  /// - Returns: The version the store has now.
  /// - Throws: ``SQLiteError``; the store is left as it was.
  /// - Complexity: O(stickers · log stickers), once.
  static func upgrade(_ connection: SQLiteConnection) throws(SQLiteError) -> Int64 {
    try connection.execute("BEGIN IMMEDIATE")
    do {
      let version = try connection.integer("PRAGMA user_version") ?? 0
      guard version == 1 else {
        try connection.execute("COMMIT")
        return version
      }
      try connection.execute(
        """
        \(ChatStoreSchema.stickersTable(named: "stickers_upgraded"))
        INSERT INTO stickers_upgraded (id, message, offset, name, attachment)
          SELECT id, message, offset, name, id FROM stickers ORDER BY id;
        DROP TABLE stickers;
        ALTER TABLE stickers_upgraded RENAME TO stickers;
        \(ChatStoreSchema.stickerIndexes)
        PRAGMA user_version = \(ChatStoreSchema.version);
        COMMIT;
        """)
    } catch {
      if connection.isInTransaction { try? connection.execute("ROLLBACK") }
      throw error
    }
    return ChatStoreSchema.version
  }
}
