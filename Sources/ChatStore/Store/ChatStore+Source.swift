import TextEngine

extension ChatStore: TextContentSource {
  /// The blocks in order, from the block table alone.
  /// - Complexity: O(blocks): about 5,000 rows at ten million messages.
  public func blockSummaries() throws -> [TextContentBlockSummary] {
    let statement = statements.blocks
    return try database { () throws(SQLiteError) in
      defer { statement.reset() }
      var summaries: [TextContentBlockSummary] = []
      while try statement.step() {
        // Scalars as the file says, when they could be (never fewer than the characters); a block
        // without a usable count is counted from its messages when a client first asks.
        let length = statement.int(2)
        let scalars = statement.isNull(3) ? nil : statement.int(3)
        summaries.append(
          TextContentBlockSummary(
            block: statement.int64(0), count: statement.int(1), length: length,
            scalarLength: scalars.flatMap { $0 >= length && $0 <= Self.maximumBlockScalars ? $0 : nil }))
      }
      return summaries
    }
  }

  /// The paragraphs at `positions` of `block`, built as the JSON transcript path builds them, each
  /// sticker carrying its stored id as `persistentIdentifier`.
  /// - Throws: ``ChatStoreError``; `.invalidRequest` when a message holds stickers and
  ///   ``stickers`` is `nil`.
  /// - Complexity: One indexed query, plus O(characters) to build the paragraphs.
  public func elements(inBlock block: Int64, positions: Range<Int>) throws -> [StoredTextElement] {
    try rows(inBlock: block, positions: positions).map { (id, row) throws(ChatStoreError) in
      try checkLength(row.length, inBlock: block)
      if row.stickers.isEmpty || row.separator != nil {
        return StoredTextElement(
          identifier: id, attributedString: AttributedText(row.body.replacingLineBreaks()),
          paragraphAttributes: row.paragraphAttributes)
      }
      guard let stickers else {
        throw ChatStoreError(.invalidRequest, file: path, reason: "building stickers needs a sticker factory")
      }
      let (text, attributes) = row.paragraph(stickers: stickers)
      return StoredTextElement(identifier: id, attributedString: text, paragraphAttributes: attributes)
    }
  }

  /// The lengths at `positions` of `block`, from the covering index, without reading the rows.
  /// - Complexity: One indexed query.
  public func lengths(inBlock block: Int64, positions: Range<Int>) throws -> [Int] {
    let lengths = try read(statements.lengths, block: block, positions: positions) { statement, lengths in
      lengths.append(statement.int(0))
    }
    for length in lengths { try checkLength(length, inBlock: block) }
    return lengths
  }

  /// The Unicode scalar lengths at `positions` of `block`, from the covering index, without reading
  /// the rows (counted from the paragraphs in a read-only store of schema version 1 or 2).
  /// - Throws: ``ChatStoreError``; `.notAChatStore` for a count no message has.
  /// - Complexity: One indexed query.
  public func scalarLengths(inBlock block: Int64, positions: Range<Int>) throws -> [Int] {
    guard statements.hasScalars else {
      return try elements(inBlock: block, positions: positions).map(\.attributedString.scalarLength)
    }
    let scalars = try read(statements.scalarLengths, block: block, positions: positions) { statement, scalars in
      scalars.append(statement.int(0))
    }
    for count in scalars where count < 0 || count > Self.maximumBlockScalars {
      throw ChatStoreError(
        .notAChatStore, file: path, reason: "damaged chat store: a message of block \(block) has \(count) scalars")
    }
    return scalars
  }

  /// Throws when a message length read from the file is outside what any message has.
  func checkLength(_ length: Int, inBlock block: Int64) throws(ChatStoreError) {
    guard length >= 0, length <= Self.maximumBlockLength else {
      throw ChatStoreError(
        .notAChatStore, file: path, reason: "damaged chat store: a message of block \(block) has length \(length)")
    }
  }

  /// Replaces the paragraphs at `positions` of `block` with `elements`, and the block's count and
  /// length with them, atomically (inside the open transaction, or as a transaction of its own).
  ///
  /// Identifiers: an element keeps its `StoredTextElement.identifier` when it is positive and no
  /// other stored paragraph has it (an edited message, or undo re-inserting a deleted one);
  /// otherwise the store assigns one. A sticker keeps the stable id its attachment's
  /// `persistentIdentifier` names when this store gave it: the attachment is then stored as one more
  /// occurrence of itself (one attachment may sit in several messages, or twice in one, all of them
  /// read back with that id), or comes back with its id after it was deleted (undo). An attachment
  /// without one (a new sticker, a pasted copy) or with one this store never gave gets a new id,
  /// written into its `persistentIdentifier`, and shared by its other occurrences in `elements`.
  /// Stable ids are never given twice, so a deleted sticker's id never names another one.
  /// - Returns: The identifiers of the inserted paragraphs, in order.
  /// - Throws: ``ChatStoreError``; nothing changes.
  /// - Complexity: O(log n + block size) for the positions, O(log n) per paragraph and sticker;
  ///   renumbering a block (rare: when 65,536 insertions land between two neighbours) is O(block size).
  public func replaceElements(
    inBlock block: Int64, positions: Range<Int>, with elements: [StoredTextElement]
  ) throws -> [Int64] {
    try replace(inBlock: block, positions: positions, identifiers: [], with: elements)
  }

  /// ``replaceElements(inBlock:positions:with:)`` for elements the caller names: one replaced
  /// message (a keystroke) is found by key and its neighbours by the index, in O(log n), instead
  /// of walking the block to its position. `identifiers` must name the messages at `positions`;
  /// when they do not name one message of `block`, the positions are walked as usual.
  public func replaceElements(
    inBlock block: Int64, positions: Range<Int>, identifiers: [Int64], with elements: [StoredTextElement]
  ) throws -> [Int64] {
    try replace(inBlock: block, positions: positions, identifiers: identifiers, with: elements)
  }

  /// Opens a transaction (`BEGIN IMMEDIATE`): every replacement until ``commitTransaction()`` is
  /// durable together or not at all.
  public func beginTransaction() throws {
    try writable()
    let begin = statements.begin
    try database { () throws(SQLiteError) in try begin.run() }
  }

  /// Commits the open transaction: once this returns, the edits survive a kill -9.
  /// - Throws: ``ChatStoreError`` (`.diskFull` when the write-ahead log cannot grow); the
  ///   transaction is then still open, for ``rollbackTransaction()``.
  public func commitTransaction() throws {
    let commit = statements.commit
    try database { () throws(SQLiteError) in try commit.run() }
    assignedIdentifiers.removeAll()
  }

  /// Rolls the open transaction back, and the sticker ids it wrote into attachments with it.
  public func rollbackTransaction() {
    restoreIdentifiers(downTo: 0)
    guard connection.isInTransaction else { return }
    try? connection.execute("ROLLBACK")
  }
}

extension ChatStore {
  /// Moves the whole write-ahead log into the file now and empties the log (SQLite's `TRUNCATE`
  /// checkpoint), waiting for readers as long as the busy timeout allows. Commits never need it
  /// (the background checkpointer keeps the log short); for a clean copy of the file, or a test.
  /// - Throws: ``ChatStoreError``; the log then still holds every committed transaction.
  public func checkpoint() throws(ChatStoreError) {
    try writable()
    try database { () throws(SQLiteError) in try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
  }
}
