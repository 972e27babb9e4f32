extension ChatStore {
  /// A block holding more paragraphs than this is split when a writable store opens: twice
  /// ``ChatStoreSchema/blockCapacity``, so appends, which all land in the last block, never make
  /// position lookups in one block slower than a bounded amount.
  public static let splitThreshold = 2 * ChatStoreSchema.blockCapacity

  /// Splits every block of more than ``splitThreshold`` paragraphs into blocks of
  /// ``ChatStoreSchema/blockCapacity`` (the last one takes the rest), in one transaction of its own.
  ///
  /// It runs when a writable store opens, before any manager has read ``blockSummaries()``, so the
  /// `TextContentSource` contract holds: block identities and order never change while a manager
  /// has the source open. Paragraphs keep their identifiers, order, content and stickers; only
  /// their block changes. The first part keeps the block's identifier; the new blocks take ordinals
  /// between it and the next block (a block with no room between the ordinals stays as it is:
  /// correct, only slower to address).
  /// - Returns: The number of blocks made.
  /// - Complexity: O(blocks) to find oversized ones, plus O(size · log n) for each one split.
  @discardableResult
  func splitOversizedBlocks() throws(SQLiteError) -> Int {
    let capacity = ChatStoreSchema.blockCapacity
    let find = try connection.prepare("SELECT id, ordinal, count FROM blocks WHERE count > ?1 ORDER BY ordinal")
    var oversized: [(id: Int64, ordinal: Int64, count: Int)] = []
    try find.bind(Self.splitThreshold, at: 1)
    while try find.step() { oversized.append((find.int64(0), find.int64(1), find.int(2))) }
    find.reset()
    guard !oversized.isEmpty else { return 0 }
    try connection.execute("BEGIN IMMEDIATE")
    do {
      var made = 0
      for block in oversized { made += try split(block, capacity: capacity) }
      try connection.execute("COMMIT")
      return made
    } catch {
      try? connection.execute("ROLLBACK")
      throw error
    }
  }

  /// Splits one block into parts of `capacity` paragraphs; returns the number of blocks made.
  private func split(_ block: (id: Int64, ordinal: Int64, count: Int), capacity: Int) throws(SQLiteError) -> Int {
    let parts = (block.count + capacity - 1) / capacity
    let next = try connection.integer(
      "SELECT ordinal FROM blocks WHERE ordinal > \(block.ordinal) ORDER BY ordinal LIMIT 1")
    let gap = next.map { $0 - block.ordinal } ?? ChatStoreSchema.ordinalSpacing * Int64(parts)
    let step = gap / Int64(parts)
    guard step >= 1 else { return 0 }
    // The seq where each later part starts, read before anything moves.
    let seqAt = try connection.prepare("SELECT seq FROM messages WHERE block = ?1 ORDER BY seq LIMIT 1 OFFSET ?2")
    var starts: [Int64] = []
    for part in 1..<parts {
      try seqAt.bind(block.id, at: 1)
      try seqAt.bind(part * capacity, at: 2)
      guard try seqAt.step() else { break }
      starts.append(seqAt.int64(0))
      seqAt.reset()
    }
    seqAt.reset()
    let insert = try connection.prepare("INSERT INTO blocks (ordinal, count, length, scalars) VALUES (?1, 0, 0, 0)")
    let move = try connection.prepare("UPDATE messages SET block = ?2 WHERE block = ?1 AND seq >= ?3 AND seq < ?4")
    for (part, start) in starts.enumerated() {
      try insert.run(block.ordinal + Int64(part + 1) * step)
      let newBlock = connection.lastInsertRowID
      let end = part + 1 < starts.count ? starts[part + 1] : Int64.max
      try move.run(block.id, newBlock, start, end)
      try recount(newBlock)
    }
    try recount(block.id)
    return starts.count
  }

  /// Sets `block`'s count, length and scalars from its messages.
  private func recount(_ block: Int64) throws(SQLiteError) {
    try connection.execute(
      """
      UPDATE blocks SET count = (SELECT count(*) FROM messages WHERE block = \(block)),
        length = (SELECT coalesce(sum(length), 0) FROM messages WHERE block = \(block)),
        scalars = (SELECT coalesce(sum(scalars), 0) FROM messages WHERE block = \(block)) WHERE id = \(block)
      """)
  }
}
