import ChatModel

/// Search through the full-text index (`message_search`, see ``ChatStoreSchema``): the index
/// answers with candidate messages, which ``MessageSearchQuery/matches(in:)`` confirms and
/// places, so the store finds exactly the hits a `Transcript` of the same messages finds.
///
/// Hits come in document order (block ordinal, then seq), not in the index's id order. The index
/// is first asked for the starting block's candidates (a common word's hits are there), then for
/// up to `searchCandidateLimit` candidates: when it has no more, that is every message holding a
/// hit, sorted by place. A query with more candidates walks the next blocks in batches of 2, 4, 8…
/// blocks, asking the index for each batch's candidates (by the batch's id range and ordinals),
/// until the hits are found; a candidate's body is read only when its turn comes.
///
/// A store without the index (schema version 3 or older, opened read-only) is searched by
/// scanning its messages block by block: O(n) for a query without hits.
extension ChatStore: MessageSearching {
  /// The first hits of `query` in paragraphs from `paragraph` on, in document order.
  /// - Parameters:
  ///   - query: What to find.
  ///   - paragraph: The first paragraph searched (day separators counted).
  ///   - limit: The most hits returned.
  /// - Returns: Up to `limit` hits.
  /// - Throws: ``ChatStoreError`` when the store cannot be read.
  /// - Complexity: O(blocks) to read the block table, one index query for the starting block, one
  ///   of up to `searchCandidateLimit` candidates, and for a query with more candidates O(log
  ///   blocks) index queries over batches of blocks (each O(log n) plus the candidates in the batch's id range,
  ///   and O(block size) per block for its id range); a common word finds its hits in the first
  ///   batch. Worst case, a query with more candidates than the limit but none after
  ///   `paragraph`: every later block's id range read, O(blocks · block size), and every candidate
  ///   in their id ranges. A query's last word is a prefix: without a prefix index for its length
  ///   (1 and 2 characters have one), each index query merges the postings of every word it
  ///   begins.
  public func searchHits(for query: MessageSearchQuery, startingAt paragraph: Int, limit: Int) throws(ChatStoreError)
    -> [MessageSearchHit]
  {
    try searchMatches(for: query, from: paragraph, forward: true, limit: limit).map(\.hit)
  }

  /// The last hits of `query` in paragraphs before `paragraph`, the last first.
  /// - Parameters:
  ///   - query: What to find.
  ///   - paragraph: The paragraph after the last one searched.
  ///   - limit: The most hits returned.
  /// - Returns: Up to `limit` hits, in reverse document order.
  /// - Throws: ``ChatStoreError`` when the store cannot be read.
  /// - Complexity: As ``searchHits(for:startingAt:limit:)``, walking backwards.
  public func searchHits(for query: MessageSearchQuery, before paragraph: Int, limit: Int) throws(ChatStoreError)
    -> [MessageSearchHit]
  {
    try searchMatches(for: query, from: paragraph, forward: false, limit: limit).map(\.hit)
  }

  /// How many hits `query` has, counted up to `bound`.
  /// - Parameters:
  ///   - query: What to count.
  ///   - bound: Counting stops once more than this many were found.
  /// - Returns: The exact count when it is at most `bound` and the index offered at most
  ///   `searchCountCandidateLimit` (20,000) candidate messages; else a lower bound, not exact.
  /// - Throws: ``ChatStoreError`` when the store cannot be read.
  /// - Complexity: O(candidates read · message length), at most 20,000 candidates: the index is
  ///   asked with the last word cut to the prefix index's length (a seek, where the whole prefix
  ///   of a common word, "the", would merge millions of postings), every candidate confirmed;
  ///   O(n) without the index.
  public func searchHitCount(for query: MessageSearchQuery, upTo bound: Int) throws(ChatStoreError)
    -> MessageSearchCount
  {
    try database { () throws(SQLiteError) in
      var count = 0
      if let candidates = statements.search.candidateBodies {
        defer { candidates.reset() }
        try candidates.bind(query.fullTextQuery(lastWordPrefix: ChatStoreSchema.longestIndexedPrefix), at: 1)
        var read = 0
        while try candidates.step() {
          read += 1
          if read > searchCountCandidateLimit { return MessageSearchCount(count: count, isExact: false) }
          count += query.matches(in: candidates.string(0) ?? "").count
          if count > bound { return MessageSearchCount(count: bound, isExact: false) }
        }
        return MessageSearchCount(count: count, isExact: true)
      }
      for block in try searchLayout().blocks {
        for row in try blockMessages(block) {
          count += query.matches(in: row.body).count
          if count > bound { return MessageSearchCount(count: bound, isExact: false) }
        }
      }
      return MessageSearchCount(count: count, isExact: true)
    }
  }

  /// The hits of `query` from `paragraph` on (`forward`) or before it, each with its paragraph's
  /// text: ``searchHits(for:startingAt:limit:)`` and ``searchHits(for:before:limit:)`` with the
  /// text `chat-demo --search` prints.
  package func searchMatches(for query: MessageSearchQuery, from paragraph: Int, forward: Bool, limit: Int)
    throws(ChatStoreError) -> [(hit: MessageSearchHit, text: String)]
  {
    guard limit > 0 else { return [] }
    return try database { () throws(SQLiteError) in
      var search = try SearchRun(
        store: self, query: query, layout: try searchLayout(), from: paragraph, forward: forward, limit: limit)
      try search.run()
      return search.results
    }
  }

  /// The blocks in order, each with its ordinal and first paragraph's index.
  func searchLayout() throws(SQLiteError) -> SearchLayout {
    let statement = statements.search.blocks
    defer { statement.reset() }
    var layout = SearchLayout()
    var start = 0
    while try statement.step() {
      let count = statement.int(2)
      layout.append(block: statement.int64(0), ordinal: statement.int64(1), start: start, count: count)
      start += count
    }
    layout.total = start
    return layout
  }

  /// The messages of `block`, in order, as `(id, seq, body)`.
  func blockMessages(_ block: Int64) throws(SQLiteError) -> [SearchRow] {
    let statement = statements.search.blockMessages
    defer { statement.reset() }
    try statement.bind(block, at: 1)
    var rows: [SearchRow] = []
    while try statement.step() {
      rows.append(SearchRow(id: statement.int64(0), seq: statement.int64(1), body: statement.string(2) ?? ""))
    }
    return rows
  }

  /// The smallest and largest message id of `block`, or `nil` for an empty block.
  /// - Complexity: O(log n + block size), from the position index.
  func idRange(ofBlock block: Int64) throws(SQLiteError) -> ClosedRange<Int64>? {
    let range = statements.search.blockRange
    defer { range.reset() }
    try range.bind(block, at: 1)
    guard try range.step(), !range.isNull(0) else { return nil }
    return range.int64(0)...range.int64(1)
  }

  /// Message `id`'s body.
  func body(ofMessage id: Int64) throws(SQLiteError) -> String {
    let statement = statements.search.messageBody
    defer { statement.reset() }
    try statement.bind(id, at: 1)
    return try statement.step() ? statement.string(0) ?? "" : ""
  }

  /// The seq of the paragraph at `position` of `block`, or `nil` past its end.
  func seq(inBlock block: Int64, at position: Int) throws(SQLiteError) -> Int64? {
    let statement = statements.positions
    defer { statement.reset() }
    try statement.bind(block, at: 1)
    try statement.bind(1, at: 2)
    try statement.bind(position, at: 3)
    return try statement.step() ? statement.int64(1) : nil
  }

  /// The position in `block` of the paragraph with `seq`: how many come before it.
  /// - Complexity: O(log n + position), from the position index.
  func position(inBlock block: Int64, ofSeq seq: Int64) throws(SQLiteError) -> Int {
    let statement = statements.rowsBefore
    defer { statement.reset() }
    try statement.bind(block, at: 1)
    try statement.bind(seq, at: 2)
    return try statement.step() ? statement.int(0) : 0
  }
}

/// One message as search reads it.
struct SearchRow {
  var id: Int64
  var seq: Int64
  var body: String
}

/// A candidate the index found: its message id, block index (in ``SearchLayout``) and seq.
struct SearchCandidate {
  var id: Int64
  var block: Int
  var seq: Int64
}

/// The block table as search needs it: each block's id, first paragraph and count, in order.
struct SearchLayout {
  private(set) var blocks: [Int64] = []
  private(set) var ordinals: [Int64] = []
  private(set) var starts: [Int] = []
  private(set) var counts: [Int] = []
  private(set) var indexOfBlock: [Int64: Int] = [:]
  /// The paragraphs of the document.
  var total = 0

  mutating func append(block: Int64, ordinal: Int64, start: Int, count: Int) {
    indexOfBlock[block] = blocks.count
    blocks.append(block)
    ordinals.append(ordinal)
    starts.append(start)
    counts.append(count)
  }

  /// The index of the block holding `paragraph` (which must be below ``total``).
  /// - Complexity: O(log blocks).
  func blockIndex(holding paragraph: Int) -> Int {
    var low = 0
    var high = blocks.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= paragraph { low = middle } else { high = middle - 1 }
    }
    // Empty blocks share their start with the next: step back to the one that holds it.
    while low > 0, counts[low] == 0 || paragraph >= starts[low] + counts[low] { low -= 1 }
    return low
  }
}
