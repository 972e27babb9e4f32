extension ChatStore {
  /// The rows at `positions` of `block`, with their ids, in order.
  /// - Complexity: One query: O(log n + block size) to find the positions, then O(log n) per row.
  func rows(inBlock block: Int64, positions: Range<Int>) throws(ChatStoreError) -> [(id: Int64, row: StoredRow)] {
    try read(statements.rows, block: block, positions: positions) { statement, result in
      let id = statement.int64(0)
      if result.last?.id != id {
        let row = StoredRow(
          sender: statement.string(2), time: statement.string(3), date: statement.string(4),
          separator: statement.string(5), body: statement.string(6) ?? "", extra: statement.string(7),
          stickers: [], length: statement.int(1))
        result.append((id, row))
      }
      if !statement.isNull(8) {
        result[result.count - 1].row.stickers.append(
          StoredSticker(offset: statement.int(9), name: statement.string(10) ?? "", id: statement.int64(8)))
      }
    }
  }

  /// Runs a positional query (bound as block, count, first position) and folds each result row in with `step`.
  /// - Throws: ``ChatStoreError``: `.invalidRequest` for a negative position (SQLite would read it as 0).
  func read<Result>(
    _ statement: SQLiteStatement, block: Int64, positions: Range<Int>,
    step: (SQLiteStatement, inout [Result]) -> Void
  ) throws(ChatStoreError) -> [Result] {
    guard positions.lowerBound >= 0 else {
      throw ChatStoreError(.invalidRequest, file: path, reason: "negative position \(positions.lowerBound)")
    }
    if positions.isEmpty { return [] }
    return try database { () throws(SQLiteError) in
      defer { statement.reset() }
      try statement.bind(block, at: 1)
      try statement.bind(positions.count, at: 2)
      try statement.bind(positions.lowerBound, at: 3)
      var result: [Result] = []
      result.reserveCapacity(min(positions.count, ChatStoreSchema.blockCapacity))
      while try statement.step() { step(statement, &result) }
      return result
    }
  }

  /// The number of paragraphs in `block`.
  /// - Throws: ``ChatStoreError`` (`.invalidRequest`) for an unknown block.
  func count(ofBlock block: Int64) throws(ChatStoreError) -> Int {
    let statement = statements.blockCount
    let count = try database { () throws(SQLiteError) -> Int? in
      defer { statement.reset() }
      try statement.bind(block, at: 1)
      return try statement.step() ? statement.int(0) : nil
    }
    guard let count else { throw ChatStoreError(.invalidRequest, file: path, reason: "no block \(block)") }
    return count
  }
}

extension ChatStore {
  /// Where the paragraph with `identifier` is now: its block and its position in the block, or
  /// `nil` when the store has no such paragraph. How a content manager finds a location whose
  /// paragraph it released.
  /// - Complexity: Two indexed queries: O(log n + block size).
  public func position(ofElement identifier: Int64) throws -> (block: Int64, position: Int)? {
    let place = statements.placeOfMessage
    let before = statements.rowsBefore
    return try database { () throws(SQLiteError) -> (block: Int64, position: Int)? in
      defer { place.reset() }
      try place.bind(identifier, at: 1)
      guard try place.step() else { return nil }
      let block = place.int64(0)
      defer { before.reset() }
      try before.bind(block, at: 1)
      try before.bind(place.int64(1), at: 2)
      guard try before.step() else { return nil }
      return (block, before.int(0))
    }
  }

  /// A message holding the sticker stored as `persistentIdentifier` (its stable id), or `nil` when
  /// the store has no such sticker (or the identifier is not a stable id). When the sticker occurs
  /// in several messages, the one where it was first stored of those holding it now.
  /// - Complexity: One indexed lookup: O(log n).
  public func element(containingAttachment persistentIdentifier: String) throws -> Int64? {
    guard let sticker = Int64(persistentIdentifier) else { return nil }
    let statement = statements.messageOfSticker
    return try database { () throws(SQLiteError) -> Int64? in
      defer { statement.reset() }
      try statement.bind(sticker, at: 1)
      return try statement.step() ? statement.int64(0) : nil
    }
  }
}
