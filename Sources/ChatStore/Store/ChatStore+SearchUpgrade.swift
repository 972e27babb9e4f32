import ChatModel

extension ChatStore {
  /// Messages indexed per transaction while a store is upgraded to the full-text index.
  package static let searchUpgradeChunk = 100_000

  /// The page cache, in KiB, of the connection that builds the index (FTS5 merges read back the
  /// segments it has just written).
  private static let buildCacheKiB = 65_536

  /// Upgrades a writable version 3 store to version 4: builds the `message_search` index in
  /// chunks of `chunkSize` messages in id order, each chunk its own transaction that
  /// also records the highest id indexed in `search_progress`, so a kill -9 at any point loses at
  /// most the chunk in flight and the next opening resumes after the last committed one.
  /// The index is merged into one segment, `user_version` becomes 4, and `search_progress` goes,
  /// in the transaction of the last chunk.
  /// - Parameters:
  ///   - connection: The store's writable connection.
  ///   - chunkSize: The messages indexed per transaction.
  ///   - progress: Called after each chunk with the messages indexed so far and their total.
  /// - Returns: The version the store has now.
  /// - Throws: ``SQLiteError``; the chunks committed before stay, and the next opening resumes.
  /// - Complexity: O(n · message length) in total; each chunk O(chunk · log n).
  static func upgradeSearch(_ connection: SQLiteConnection, chunkSize: Int, progress: ((Int, Int) -> Void)?)
    throws(SQLiteError)
    -> Int64
  {
    try transaction(connection) { () throws(SQLiteError) in
      guard try connection.integer("PRAGMA user_version") == ChatStoreSchema.scalarsVersion else { return }
      let started = try connection.integer(
        "SELECT count(*) FROM sqlite_schema WHERE name IN ('message_search', 'search_progress')")
      if started != 2 {
        // A store without the index, or one whose first step was never committed.
        try connection.execute(
          """
          DROP TABLE IF EXISTS message_search;
          DROP TABLE IF EXISTS search_progress;
          \(ChatStoreSchema.searchTable)
          CREATE TABLE search_progress (last INTEGER NOT NULL);
          INSERT INTO search_progress VALUES (0);
          """)
      }
    }
    guard try connection.integer("PRAGMA user_version") == ChatStoreSchema.scalarsVersion else {
      return try connection.integer("PRAGMA user_version") ?? 0
    }
    // A larger page cache and FTS5 buffer while the index is built; the connection's cache goes
    // back to its size after, and the buffer to FTS5's default with the last chunk.
    let cacheSize = try connection.integer("PRAGMA cache_size") ?? -2_000
    try connection.execute(
      "PRAGMA cache_size = -\(buildCacheKiB); \(ChatStoreSchema.searchHashSize(ChatStoreSchema.searchBuildHashSize))")
    defer { try? connection.execute("PRAGMA cache_size = \(cacheSize)") }
    let total = Int(try connection.integer("SELECT count(*) FROM messages WHERE separator IS NULL") ?? 0)
    let record = try connection.prepare("UPDATE search_progress SET last = ?1")
    var done = Int(
      try connection.integer(
        "SELECT count(*) FROM messages WHERE separator IS NULL AND id <= (SELECT last FROM search_progress)") ?? 0)
    let build = try SearchIndexBuild(connection, chunkSize: chunkSize)
    try build.run(after: try connection.integer("SELECT last FROM search_progress") ?? 0) {
      (chunk, insert) throws(SQLiteError) in
      try transaction(connection) { () throws(SQLiteError) in
        try insert()
        if chunk.isLast {
          try connection.execute(
            """
            \(ChatStoreSchema.searchOptimize);
            \(ChatStoreSchema.searchHashSize(ChatStoreSchema.searchDefaultHashSize));
            DROP TABLE search_progress; PRAGMA user_version = \(ChatStoreSchema.searchVersion);
            """)
        } else if let lastID = chunk.lastID {
          try record.run(lastID)
        }
      }
      done += chunk.count
      progress?(chunk.isLast ? total : done, total)
    }
    return ChatStoreSchema.searchVersion
  }

  /// Runs `body` in a `BEGIN IMMEDIATE` transaction, rolled back when it throws.
  private static func transaction(_ connection: SQLiteConnection, _ body: () throws(SQLiteError) -> Void)
    throws(SQLiteError)
  {
    try connection.execute("BEGIN IMMEDIATE")
    do {
      try body()
      try connection.execute("COMMIT")
    } catch {
      if connection.isInTransaction { try? connection.execute("ROLLBACK") }
      throw error
    }
  }
}
