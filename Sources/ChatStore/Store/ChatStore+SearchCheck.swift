import ChatModel
import Foundation

extension ChatStore {
  /// Checks the full-text index against the messages: its structure (FTS5's `integrity-check`),
  /// and that it holds exactly the tokens a fresh build from every body would hold, each in its
  /// message at its place (compared through `fts5vocab` instance tables, since a contentless table
  /// cannot check its tokens against a text it does not keep). The store's `checkInvariants()`
  /// for search, run by the randomized tests.
  /// - Returns: The problems found, in words; empty for a sound index (or a store without one).
  /// - Throws: ``ChatStoreError`` when the store cannot be read or the temporary tables written.
  /// - Complexity: O(n · message length).
  package func searchIndexProblems() throws(ChatStoreError) -> [String] {
    guard statements.search.insert != nil else { return [] }
    return try database { () throws(SQLiteError) in
      try connection.execute("INSERT INTO message_search (message_search) VALUES ('integrity-check')")
      try connection.execute(
        """
        \(ChatStoreSchema.searchTable.replacingOccurrences(of: "message_search", with: "temp.search_fresh"))
        CREATE VIRTUAL TABLE temp.search_vocabulary USING fts5vocab(main, message_search, instance);
        CREATE VIRTUAL TABLE temp.search_fresh_vocabulary USING fts5vocab(temp, search_fresh, instance);
        """)
      defer {
        try? connection.execute(
          """
          DROP TABLE temp.search_vocabulary; DROP TABLE temp.search_fresh_vocabulary;
          DROP TABLE temp.search_fresh;
          """)
      }
      let bodies = try connection.prepare("SELECT id, body FROM messages WHERE separator IS NULL")
      let insert = try connection.prepare("INSERT INTO temp.search_fresh (rowid, text) VALUES (?1, ?2)")
      var rows: [(Int64, String)] = []
      do {
        defer { bodies.reset() }
        while try bodies.step() { rows.append((bodies.int64(0), bodies.string(1) ?? "")) }
      }
      for (id, body) in rows {
        let document = MessageSearchQuery.fullTextDocument(body)
        if !document.isEmpty { try insert.run(id, text: document) }
      }
      var problems: [String] = []
      let columns = "term, doc, col, offset"
      let extra =
        try connection.integer(
          """
          SELECT count(*) FROM (SELECT \(columns) FROM temp.search_vocabulary
            EXCEPT SELECT \(columns) FROM temp.search_fresh_vocabulary)
          """) ?? 0
      let missing =
        try connection.integer(
          """
          SELECT count(*) FROM (SELECT \(columns) FROM temp.search_fresh_vocabulary
            EXCEPT SELECT \(columns) FROM temp.search_vocabulary)
          """) ?? 0
      if extra > 0 { problems.append("the index holds \(extra) token occurrences a fresh build does not") }
      if missing > 0 { problems.append("the index lacks \(missing) token occurrences a fresh build holds") }
      return problems
    }
  }
}
