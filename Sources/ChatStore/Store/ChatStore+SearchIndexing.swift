import ChatModel

extension ChatStore {
  /// Adds message `id`'s row to the full-text index (nothing for a day separator, a body without
  /// a word or character, or a store without the index).
  /// - Complexity: O(body length · log n).
  func index(_ row: StoredRow, id: Int64) throws(SQLiteError) {
    guard let insert = statements.search.insert, row.separator == nil else { return }
    let document = MessageSearchQuery.fullTextDocument(row.body)
    if !document.isEmpty { try insert.run(id, text: document) }
  }

  /// Removes message `id`'s row from the full-text index, before the message goes: the old body's
  /// indexed form is what a contentless FTS5 table needs to remove its tokens.
  /// - Complexity: O(body length · log n).
  func unindex(_ id: Int64) throws(SQLiteError) {
    guard let delete = statements.search.delete else { return }
    let statement = statements.search.body
    let body: String?
    do {
      defer { statement.reset() }
      try statement.bind(id, at: 1)
      body = try statement.step() && statement.isNull(1) ? statement.string(0) ?? "" : nil
    }
    guard let body else { return }
    let document = MessageSearchQuery.fullTextDocument(body)
    if !document.isEmpty { try delete.run(id, text: document) }
  }
}
