/// The check a store's block table gets when the store opens, before anything trusts it.
///
/// A manager opens a store by its block table alone, so a damaged table (a huge or negative count
/// or length, a value of another type, rows for messages that are not there) would reach the
/// engine's arithmetic. The check reads every block row and makes O(log n) indexed queries per
/// block: each value is an integer in range; a block claims messages exactly when it has some;
/// its claimed count fits the span of its messages' positions; every block that holds messages
/// has a row. A writable store that fails it has its block table rebuilt from the messages (one
/// O(n) transaction, noted in ``ChatStore/openingNotes``); a read-only one is refused with what is
/// wrong. Damage the check cannot see in bounded time (a count off by a few) is found when the
/// block is read: fewer rows than claimed are an error there, never a crash.
extension ChatStore {
  /// The most paragraphs one block row may claim.
  static let maximumBlockCount = 1 << 31
  /// The most characters one block row may claim.
  static let maximumBlockLength = 1 << 40

  /// What is wrong with the block table, in words (empty when it passes).
  /// - Complexity: O(blocks · log n).
  func blockTableProblems() throws(SQLiteError) -> [String] {
    var problems: [String] = []
    let rows = try connection.prepare(
      """
      SELECT id, ordinal, count, length, typeof(ordinal), typeof(count), typeof(length)
      FROM blocks ORDER BY ordinal
      """)
    let any = try connection.prepare("SELECT 1 FROM messages WHERE block = ?1 LIMIT 1")
    let span = try connection.prepare("SELECT min(seq), max(seq) FROM messages WHERE block = ?1")
    var known: Set<Int64> = []
    var totalCount = 0
    var totalLength = 0
    while try rows.step() {
      let id = rows.int64(0)
      known.insert(id)
      let types = [rows.string(4), rows.string(5), rows.string(6)]
      guard types.allSatisfy({ $0 == "integer" }) else {
        problems.append("block \(id) has values of type \(types.map { $0 ?? "?" }.joined(separator: "/"))")
        continue
      }
      let count = rows.int64(2)
      let length = rows.int64(3)
      guard count >= 0, count <= Int64(Self.maximumBlockCount) else {
        problems.append("block \(id) claims \(count) messages")
        continue
      }
      guard length >= 0, length <= Int64(Self.maximumBlockLength) else {
        problems.append("block \(id) claims \(length) characters")
        continue
      }
      totalCount += Int(count)
      totalLength += Int(length)
      try any.bind(id, at: 1)
      let hasMessages = try any.step()
      any.reset()
      if hasMessages != (count > 0) {
        problems.append("block \(id) claims \(count) messages but holds \(hasMessages ? "some" : "none")")
        continue
      }
      guard count > 1 else { continue }
      try span.bind(id, at: 1)
      if try span.step(), !span.isNull(0) {
        let (low, high) = (span.int64(0), span.int64(1))
        // Distinct integer positions: `count` of them span at least `count - 1`.
        let (width, overflow) = high.subtractingReportingOverflow(low)
        if !overflow, width < count - 1 { problems.append("block \(id) claims \(count) messages, more than it holds") }
      }
      span.reset()
    }
    rows.reset()
    if totalCount > Self.maximumBlockCount || totalLength > Self.maximumBlockLength {
      problems.append("the blocks claim \(totalCount) messages of \(totalLength) characters in all")
    }
    // Every block that holds messages has a row: walk the distinct blocks by the index.
    let next = try connection.prepare("SELECT block FROM messages WHERE block > ?1 ORDER BY block LIMIT 1")
    var after = Int64.min
    var seen = 0
    while seen <= known.count {
      try next.bind(after, at: 1)
      guard try next.step() else { break }
      after = next.int64(0)
      next.reset()
      seen += 1
      if !known.contains(after) { problems.append("messages of block \(after), which has no row") }
      if problems.count > 20 { break }
    }
    next.reset()
    return problems
  }

  /// Rebuilds the block table from the messages: every block that holds messages gets its true
  /// count and length (a block with no row gets one after the others), and rows of blocks that
  /// hold none go (an empty store keeps one empty block), in one transaction.
  /// - Complexity: O(n).
  func rebuildBlockTable() throws(SQLiteError) {
    try connection.execute("BEGIN IMMEDIATE")
    do {
      try connection.execute(
        """
        DELETE FROM blocks WHERE typeof(ordinal) != 'integer' AND id NOT IN (SELECT DISTINCT block FROM messages);
        CREATE TEMP TABLE rebuilt AS SELECT block, count(*) AS n, coalesce(sum(length), 0) AS total
          FROM messages GROUP BY block;
        DELETE FROM blocks WHERE id NOT IN (SELECT block FROM rebuilt)
          AND (EXISTS (SELECT 1 FROM rebuilt) OR id != (SELECT min(id) FROM blocks));
        INSERT INTO blocks (id, ordinal, count, length) SELECT 1, 0, 0, 0
          WHERE NOT EXISTS (SELECT 1 FROM blocks) AND NOT EXISTS (SELECT 1 FROM rebuilt);
        UPDATE blocks SET count = coalesce((SELECT n FROM rebuilt WHERE block = blocks.id), 0),
          length = coalesce((SELECT total FROM rebuilt WHERE block = blocks.id), 0);
        """)
      // Ordinals that are not integers, then blocks with no row, go after the others in turn.
      let misplaced = try connection.prepare(
        """
        SELECT id FROM blocks WHERE typeof(ordinal) != 'integer'
        UNION ALL SELECT block FROM rebuilt WHERE block NOT IN (SELECT id FROM blocks) ORDER BY 1
        """)
      var ids: [Int64] = []
      while try misplaced.step() { ids.append(misplaced.int64(0)) }
      misplaced.reset()
      var ordinal = try connection.integer("SELECT max(ordinal) FROM blocks WHERE typeof(ordinal) = 'integer'") ?? 0
      let place = try connection.prepare(
        """
        INSERT INTO blocks (id, ordinal, count, length)
          SELECT block, ?2, n, total FROM rebuilt WHERE block = ?1
        ON CONFLICT(id) DO UPDATE SET ordinal = ?2
        """)
      for id in ids {
        ordinal += ChatStoreSchema.ordinalSpacing
        try place.run(id, ordinal)
      }
      try connection.execute("DROP TABLE rebuilt; COMMIT")
    } catch {
      try? connection.execute("ROLLBACK")
      try? connection.execute("DROP TABLE IF EXISTS temp.rebuilt")
      throw error
    }
  }
}
