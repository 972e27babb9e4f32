/// The check a store's block table gets when the store opens, before anything trusts it.
///
/// A manager opens a store by its block table alone, so a damaged table (a huge or negative count
/// or length, a value of another type, rows for messages that are not there) would reach the
/// engine's arithmetic. The check reads every block row (each value an integer, in range, the
/// sums too) and makes a bounded number of index seeks: messages exist exactly when the blocks
/// claim some; the lowest and highest block the messages name have rows; and for 64 blocks spread
/// over the table, a block claims messages exactly when it has some and no more than the span of
/// its messages' positions holds. A writable store that fails it has its block table rebuilt from the messages (one
/// O(n) transaction, noted in ``ChatStore/openingNotes``); a read-only one is refused with what is
/// wrong. Damage the check cannot see in bounded time (a count off by a few) is found when the
/// block is read: fewer rows than claimed are an error there, never a crash; a block with no row
/// between the lowest and the highest is not shown (``ChatStore/inconsistentBlocks()`` finds both,
/// in O(n)).
extension ChatStore {
  /// The most paragraphs one block row may claim.
  static let maximumBlockCount = 1 << 31
  /// The most characters one block row may claim.
  static let maximumBlockLength = 1 << 40
  /// The most Unicode scalars one block row (or message) may claim: a scalar count outside it is
  /// not used (the block's scalars are then counted from its messages when a client asks).
  static let maximumBlockScalars = 1 << 42
  /// The largest ordinal (either sign) a block row may have: differences and steps between
  /// ordinals never overflow below it.
  static let maximumOrdinal: Int64 = 1 << 62

  /// What is wrong with the block table, in words (empty when it passes): the check opening makes,
  /// for a tool that wants to run it again (or time it).
  /// - Complexity: O(blocks), plus a bounded number of O(log n) index seeks.
  public func blockTableCheck() throws(ChatStoreError) -> [String] {
    try database { () throws(SQLiteError) in try blockTableProblemsInOneRead() }
  }

  /// ``blockTableProblems()`` on one snapshot of the file: an editor committing between its
  /// queries cannot make a sound table look damaged.
  func blockTableProblemsInOneRead() throws(SQLiteError) -> [String] {
    guard !connection.isInTransaction else { return try blockTableProblems() }
    try connection.execute("BEGIN")
    do {
      let problems = try blockTableProblems()
      try connection.execute("COMMIT")
      return problems
    } catch {
      try? connection.execute("ROLLBACK")
      throw error
    }
  }

  /// The blocks whose messages are looked at one by one (their first and last positions), evenly
  /// spread over the table, the first and last included: the rest of the check reads the block
  /// rows alone, so that opening stays within a few milliseconds at ten million messages.
  static let sampledBlocks = 64

  /// What is wrong with the block table, in words (empty when it passes).
  /// - Complexity: O(blocks) to read the rows, plus O(log n) index seeks: four for the whole
  ///   table and two for each of ``sampledBlocks`` blocks.
  private func blockTableProblems() throws(SQLiteError) -> [String] {
    var problems: [String] = []
    let rows = try connection.prepare(
      """
      SELECT id, ordinal, count, length,
        (typeof(ordinal) = 'integer') + (typeof(count) = 'integer') + (typeof(length) = 'integer')
      FROM blocks
      """)  // in the table's own order: no index lookup per row
    var blocks: [(id: Int64, count: Int64)] = []
    var totalCount = 0
    var totalLength = 0
    while try rows.step() {
      let id = rows.int64(0)
      guard rows.int64(4) == 3 else {
        problems.append("block \(id) has an ordinal, count or length that is not an integer")
        continue
      }
      let count = rows.int64(2)
      let length = rows.int64(3)
      guard (-Self.maximumOrdinal...Self.maximumOrdinal).contains(rows.int64(1)) else {
        problems.append("block \(id) has ordinal \(rows.int64(1))")
        continue
      }
      guard count >= 0, count <= Int64(Self.maximumBlockCount) else {
        problems.append("block \(id) claims \(count) messages")
        continue
      }
      guard length >= 0, length <= Int64(Self.maximumBlockLength) else {
        problems.append("block \(id) claims \(length) characters")
        continue
      }
      blocks.append((id, count))
      totalCount += Int(count)
      totalLength += Int(length)
    }
    rows.reset()
    guard problems.isEmpty else { return problems }
    if totalCount > Self.maximumBlockCount || totalLength > Self.maximumBlockLength {
      problems.append("the blocks claim \(totalCount) messages of \(totalLength) characters in all")
    }
    // The whole table: messages exist exactly when the blocks claim some, and the lowest and the
    // highest block the messages name have rows.
    let hasMessages = try connection.integer("SELECT 1 FROM messages LIMIT 1") != nil
    if hasMessages != (totalCount > 0) {
      problems.append(
        "the blocks claim \(totalCount) messages but the messages table holds \(hasMessages ? "some" : "none")")
    }
    let known = Set(blocks.map(\.id))
    for order in ["", " DESC"] {
      if let block = try connection.integer("SELECT block FROM messages ORDER BY block\(order) LIMIT 1"),
        !known.contains(block)
      {
        problems.append("messages of block \(block), which has no row")
      }
    }
    // Sampled blocks, one by one.
    let first = try connection.prepare("SELECT seq FROM messages WHERE block = ?1 ORDER BY seq LIMIT 1")
    let last = try connection.prepare("SELECT seq FROM messages WHERE block = ?1 ORDER BY seq DESC LIMIT 1")
    // `n` indexes from the first block to the last, evenly spread (every block when there are few).
    let n = min(blocks.count, Self.sampledBlocks)
    let samples = Set((0..<n).map { n == 1 ? 0 : $0 * (blocks.count - 1) / (n - 1) })
    for index in samples.sorted() {
      let (id, count) = blocks[index]
      try first.bind(id, at: 1)
      let low: Int64? = try first.step() ? first.int64(0) : nil
      first.reset()
      if (low != nil) != (count > 0) {
        problems.append("block \(id) claims \(count) messages but holds \(low != nil ? "some" : "none")")
        continue
      }
      guard let low, count > 1 else { continue }
      try last.bind(id, at: 1)
      let high = try last.step() ? last.int64(0) : low
      last.reset()
      // Distinct integer positions: `count` of them span at least `count - 1`.
      let (width, overflow) = high.subtractingReportingOverflow(low)
      if !overflow, width < count - 1 { problems.append("block \(id) claims \(count) messages, more than it holds") }
    }
    return problems
  }

  /// Rebuilds the block table from the messages: every block that holds messages gets its true
  /// count, length and scalars (a block with no row gets one after the others), and rows of blocks that
  /// hold none go (an empty store keeps one empty block), in one transaction.
  /// - Complexity: O(n).
  func rebuildBlockTable() throws(SQLiteError) {
    try connection.execute("BEGIN IMMEDIATE")
    do {
      try connection.execute(
        """
        DELETE FROM blocks WHERE typeof(ordinal) != 'integer' AND id NOT IN (SELECT DISTINCT block FROM messages);
        CREATE TEMP TABLE rebuilt AS SELECT block, count(*) AS n, coalesce(sum(length), 0) AS total,
          coalesce(sum(scalars), 0) AS scalars FROM messages GROUP BY block;
        DELETE FROM blocks WHERE id NOT IN (SELECT block FROM rebuilt)
          AND (EXISTS (SELECT 1 FROM rebuilt) OR id != (SELECT min(id) FROM blocks));
        INSERT INTO blocks (id, ordinal, count, length, scalars) SELECT 1, 0, 0, 0, 0
          WHERE NOT EXISTS (SELECT 1 FROM blocks) AND NOT EXISTS (SELECT 1 FROM rebuilt);
        UPDATE blocks SET count = coalesce((SELECT n FROM rebuilt WHERE block = blocks.id), 0),
          length = coalesce((SELECT total FROM rebuilt WHERE block = blocks.id), 0),
          scalars = coalesce((SELECT scalars FROM rebuilt WHERE block = blocks.id), 0);
        """)
      // Blocks with no row get one; then every ordinal is given again by rank (the integer ones in
      // their order, then those that were not integers or out of range, then the new rows), so no
      // damaged ordinal survives.
      // The unique index goes while the ordinals change places, and comes back over the new ones.
      try connection.execute(
        """
        DROP INDEX blocks_by_ordinal;
        INSERT INTO blocks (id, ordinal, count, length, scalars)
          SELECT block, -block, n, total, scalars FROM rebuilt WHERE block NOT IN (SELECT id FROM blocks);
        """)
      let order = try connection.prepare(
        """
        SELECT id FROM blocks ORDER BY
          (typeof(ordinal) != 'integer' OR ordinal > \(Self.maximumOrdinal) OR ordinal < 0), ordinal, id
        """)
      var ids: [Int64] = []
      while try order.step() { ids.append(order.int64(0)) }
      order.reset()
      let place = try connection.prepare("UPDATE blocks SET ordinal = ?2 WHERE id = ?1")
      for (rank, id) in ids.enumerated() { try place.run(id, Int64(rank + 1) * ChatStoreSchema.ordinalSpacing) }
      try connection.execute("CREATE UNIQUE INDEX blocks_by_ordinal ON blocks(ordinal); DROP TABLE rebuilt; COMMIT")
    } catch {
      try? connection.execute("ROLLBACK")
      try? connection.execute("DROP TABLE IF EXISTS temp.rebuilt")
      throw error
    }
  }
}
