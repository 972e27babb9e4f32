import ChatModel

extension ChatStore {
  /// Messages indexed per transaction while a store is upgraded to the full-text index.
  package static let searchUpgradeChunk = 20_000

  /// Upgrades a writable version 3 store to version 4: builds the `message_search` index in
  /// chunks of `chunkSize` messages in id order, each chunk its own transaction that
  /// also records the highest id indexed in `search_progress`, so a kill -9 at any point loses at
  /// most the chunk in flight and the next opening resumes after the last committed one.
  /// `user_version` becomes 4, and `search_progress` goes, in the transaction of the last chunk.
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
    let total = Int(try connection.integer("SELECT count(*) FROM messages WHERE separator IS NULL") ?? 0)
    let chunk = try connection.prepare(
      "SELECT id, body FROM messages WHERE id > ?1 AND separator IS NULL ORDER BY id LIMIT ?2")
    let insert = try connection.prepare("INSERT INTO message_search (rowid, text) VALUES (?1, ?2)")
    let record = try connection.prepare("UPDATE search_progress SET last = ?1")
    var done = Int(
      try connection.integer(
        "SELECT count(*) FROM messages WHERE separator IS NULL AND id <= (SELECT last FROM search_progress)") ?? 0)
    var finished = false
    while !finished {
      try transaction(connection) { () throws(SQLiteError) in
        let last = try connection.integer("SELECT last FROM search_progress") ?? 0
        try chunk.bind(last, at: 1)
        try chunk.bind(chunkSize, at: 2)
        var rows: [(Int64, String)] = []
        do {
          defer { chunk.reset() }
          while try chunk.step() { rows.append((chunk.int64(0), chunk.string(1) ?? "")) }
        }
        for (id, body) in rows {
          let document = MessageSearchQuery.fullTextDocument(body)
          if !document.isEmpty { try insert.run(id, text: document) }
        }
        if rows.count < chunkSize {
          try connection.execute(
            "DROP TABLE search_progress; PRAGMA user_version = \(ChatStoreSchema.searchVersion);")
          finished = true
        } else if let highest = rows.last?.0 {
          try record.run(highest)
        }
        done += rows.count
      }
      progress?(finished ? total : done, total)
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
