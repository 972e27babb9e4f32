import ChatModel

/// One search of a ``ChatStore``: the hits of a query from a paragraph on, or before it, in
/// document order (see `ChatStore+Search.swift`).
struct SearchRun {
  /// The store searched.
  let store: ChatStore
  /// What is searched for.
  let query: MessageSearchQuery
  /// The block table.
  let layout: SearchLayout
  /// Whether the hits come from the starting paragraph on (else before it, the last first).
  let forward: Bool
  /// The most hits found.
  let limit: Int
  /// The starting paragraph as a block index and seq; `nil` for the whole document (backwards
  /// from its end).
  private var boundary: (block: Int, seq: Int64)?
  /// Whether there is nothing to search (forwards from the end, backwards from the start).
  private var isEmpty = false
  /// The hits found, with their paragraphs' texts.
  private(set) var results: [(hit: MessageSearchHit, text: String)] = []

  /// Places the starting `paragraph` in the document.
  /// - Complexity: O(log blocks + block size).
  init(
    store: ChatStore, query: MessageSearchQuery, layout: SearchLayout, from paragraph: Int, forward: Bool, limit: Int
  )
    throws(SQLiteError)
  {
    self.store = store
    self.query = query
    self.layout = layout
    self.forward = forward
    self.limit = limit
    let start = forward ? max(0, paragraph) : paragraph
    if forward ? start >= layout.total : start <= 0 {
      isEmpty = true
    } else if start < layout.total {
      let block = layout.blockIndex(holding: start)
      let seq = try store.seq(inBlock: layout.blocks[block], at: start - layout.starts[block])
      if let seq { boundary = (block, seq) } else { isEmpty = forward }
    }
  }

  /// Whether the paragraph with `seq` in the block at `blockIndex` is on the searched side of the
  /// starting paragraph.
  private func includes(_ blockIndex: Int, _ seq: Int64) -> Bool {
    guard let boundary else { return true }
    return forward
      ? (blockIndex, seq) >= (boundary.block, boundary.seq) : (blockIndex, seq) < (boundary.block, boundary.seq)
  }

  /// The blocks to walk, in the search's order.
  private var blockOrder: [Int] {
    if forward { return Array((boundary?.block ?? 0)..<layout.blocks.count) }
    return Array(stride(from: boundary?.block ?? layout.blocks.count - 1, through: 0, by: -1))
  }

  /// Finds the hits into ``results``.
  /// - Complexity: See ``ChatStore/searchHits(for:startingAt:limit:)``.
  mutating func run() throws(SQLiteError) {
    guard !isEmpty else { return }
    let fullText = query.fullTextQuery
    let statements = store.statements.search
    guard let candidates = statements.candidates, let rangeCandidates = statements.rangeCandidates else {
      // No index: every message of every block, in order.
      for block in blockOrder {
        let rows = try store.blockMessages(layout.blocks[block]).filter { includes(block, $0.seq) }
        for row in forward ? rows : rows.reversed() {
          if try take(block, row) { return }
        }
      }
      return
    }
    // The starting block first: a common query finds its hits there, with one index query. Its
    // last word is cut to the prefix index's length, so the index seeks instead of merging every
    // word the last word begins; the extra candidates are at most one block's.
    let order = blockOrder
    guard let firstBlock = order.first else { return }
    let loose = query.fullTextQuery(lastWordPrefix: ChatStoreSchema.longestIndexedPrefix)
    if try take(sorted(try batchCandidates(order[0..<1], rangeCandidates, loose))) { return }
    // Then up to `searchCandidateLimit` candidates: when the index has no more, that is every
    // message holding a hit.
    var found: [SearchCandidate] = []
    var read = 0
    do {
      defer { candidates.reset() }
      try candidates.bind(fullText, at: 1)
      try candidates.bind(store.searchCandidateLimit + 1, at: 2)
      while try candidates.step() {
        read += 1
        guard let block = layout.indexOfBlock[candidates.int64(1)], block != firstBlock else { continue }
        let candidate = SearchCandidate(id: candidates.int64(0), block: block, seq: candidates.int64(2))
        if includes(block, candidate.seq) { found.append(candidate) }
      }
    }
    if read <= store.searchCandidateLimit {
      _ = try take(sorted(found))
      return
    }
    // A common query: the next blocks in batches of 2, 4, 8… in order.
    var next = 1
    var size = 2
    while next < order.count {
      let batch = order[next..<min(next + size, order.count)]
      next += size
      size *= 2
      if try take(sorted(try batchCandidates(batch, rangeCandidates, fullText))) { return }
    }
  }

  /// The candidates in the blocks at `batch` (consecutive in the document), by the index: one
  /// query over the batch's id range and ordinals.
  private func batchCandidates(_ batch: ArraySlice<Int>, _ statement: SQLiteStatement, _ fullText: String)
    throws(SQLiteError) -> [SearchCandidate]
  {
    var ids: ClosedRange<Int64>?
    for block in batch {
      guard let range = try store.idRange(ofBlock: layout.blocks[block]) else { continue }
      ids = ids.map { min($0.lowerBound, range.lowerBound)...max($0.upperBound, range.upperBound) } ?? range
    }
    guard let ids, let first = batch.min(), let last = batch.max() else { return [] }
    var result: [SearchCandidate] = []
    defer { statement.reset() }
    try statement.bind(fullText, at: 1)
    try statement.bind(ids.lowerBound, at: 2)
    try statement.bind(ids.upperBound, at: 3)
    try statement.bind(layout.ordinals[first], at: 4)
    try statement.bind(layout.ordinals[last], at: 5)
    while try statement.step() {
      guard let block = layout.indexOfBlock[statement.int64(1)] else { continue }
      let candidate = SearchCandidate(id: statement.int64(0), block: block, seq: statement.int64(2))
      if includes(block, candidate.seq) { result.append(candidate) }
    }
    return result
  }

  /// `candidates` in the search's order.
  private func sorted(_ candidates: [SearchCandidate]) -> [SearchCandidate] {
    candidates.sorted { forward ? ($0.block, $0.seq) < ($1.block, $1.seq) : ($0.block, $0.seq) > ($1.block, $1.seq) }
  }

  /// Adds the hits in `candidates`, in order, reading each body when its turn comes.
  /// - Returns: Whether ``limit`` hits are found.
  private mutating func take(_ candidates: [SearchCandidate]) throws(SQLiteError) -> Bool {
    for candidate in candidates {
      let row = SearchRow(id: candidate.id, seq: candidate.seq, body: try store.body(ofMessage: candidate.id))
      if try take(candidate.block, row) { return true }
    }
    return false
  }

  /// Adds the hits in `row` (of the block at `blockIndex`) to ``results``.
  /// - Returns: Whether ``limit`` hits are found.
  private mutating func take(_ blockIndex: Int, _ row: SearchRow) throws(SQLiteError) -> Bool {
    var spans = query.matches(in: row.body)
    guard !spans.isEmpty else { return false }
    if !forward { spans.reverse() }
    let block = layout.blocks[blockIndex]
    let paragraph = layout.starts[blockIndex] + (try store.position(inBlock: block, ofSeq: row.seq))
    for span in spans {
      results.append((MessageSearchHit(paragraphIndex: paragraph, offset: span.offset, length: span.length), row.body))
      if results.count == limit { return true }
    }
    return false
  }
}
