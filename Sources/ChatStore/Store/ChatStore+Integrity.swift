extension ChatStore {
  /// SQLite's `PRAGMA integrity_check`: `["ok"]` for a sound file, else the problems it found.
  /// - Complexity: O(file size).
  public func integrityCheck() throws(ChatStoreError) -> [String] {
    try database { () throws(SQLiteError) in
      let statement = try connection.prepare("PRAGMA integrity_check")
      var lines: [String] = []
      while try statement.step() { lines.append(statement.string(0) ?? "") }
      return lines
    }
  }

  /// The blocks whose stored count, length or scalars differ from their messages': empty for a
  /// consistent store.
  /// - Complexity: O(messages).
  public func inconsistentBlocks() throws(ChatStoreError) -> [Int64] {
    try database { () throws(SQLiteError) in
      let statement = try connection.prepare(
        """
        SELECT b.id FROM blocks AS b
        LEFT JOIN (
          SELECT block, count(*) AS n, sum(length) AS total, sum(scalars) AS scalars FROM messages GROUP BY block
        ) AS m ON m.block = b.id
        WHERE b.count != coalesce(m.n, 0) OR b.length != coalesce(m.total, 0) OR b.scalars != coalesce(m.scalars, 0)
        """)
      var blocks: [Int64] = []
      while try statement.step() { blocks.append(statement.int64(0)) }
      return blocks
    }
  }

  /// The number of messages (day separators not counted).
  /// - Complexity: O(n); for reports and tests.
  public func messageCount() throws(ChatStoreError) -> Int {
    try database { () throws(SQLiteError) in
      Int(try connection.integer("SELECT count(*) FROM messages WHERE separator IS NULL") ?? 0)
    }
  }
}
