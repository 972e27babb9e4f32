/// A document that can be searched for a ``MessageSearchQuery``: hits in document order from a
/// paragraph, forwards or backwards, and how many there are.
///
/// Every conformer finds the same hits for the same paragraphs, by ``MessageSearchQuery``'s
/// matching: `Transcript` by scanning its messages, `ChatStore` through its full-text index.
/// Day separators never match. Paragraph indexes count day separators (see ``MessageSearchHit``).
public protocol MessageSearching {
  /// The first hits of `query` in paragraphs from `paragraph` on, in document order (paragraph,
  /// then offset).
  /// - Parameters:
  ///   - query: What to find.
  ///   - paragraph: The first paragraph searched (0 for the start; past the end finds nothing).
  ///   - limit: The most hits returned.
  /// - Returns: Up to `limit` hits.
  /// - Throws: ``MessageSearchError``, or the store's own error when it cannot be read.
  /// - Complexity: See the conformer.
  func searchHits(for query: MessageSearchQuery, startingAt paragraph: Int, limit: Int) throws -> [MessageSearchHit]

  /// The last hits of `query` in paragraphs before `paragraph`, nearest first (reverse document
  /// order): how "previous hit" steps.
  /// - Parameters:
  ///   - query: What to find.
  ///   - paragraph: The paragraph after the last one searched.
  ///   - limit: The most hits returned.
  /// - Returns: Up to `limit` hits, the last in the document first.
  /// - Throws: ``MessageSearchError``, or the store's own error when it cannot be read.
  /// - Complexity: See the conformer.
  func searchHits(for query: MessageSearchQuery, before paragraph: Int, limit: Int) throws -> [MessageSearchHit]

  /// How many hits `query` has in the whole document, counted up to `bound`.
  /// - Parameters:
  ///   - query: What to count.
  ///   - bound: Counting stops once more than this many hits were found.
  /// - Returns: The exact count when it is at most `bound`; else `bound`, not exact ("more than").
  /// - Throws: ``MessageSearchError``, or the store's own error when it cannot be read.
  /// - Complexity: See the conformer.
  func searchHitCount(for query: MessageSearchQuery, upTo bound: Int) throws -> MessageSearchCount
}

/// How many hits a search has: exact, or a lower bound when counting stopped early, so a find bar
/// can say "3 of 1,204" or, honestly, "3 of 50+".
public struct MessageSearchCount: Hashable, Sendable, CustomStringConvertible {
  /// The hits counted.
  public var count: Int
  /// Whether ``count`` is every hit (`false`: there are more).
  public var isExact: Bool

  /// Creates a count.
  /// - Parameters:
  ///   - count: The hits counted.
  ///   - isExact: Whether they are all the hits.
  public init(count: Int, isExact: Bool) {
    self.count = count
    self.isExact = isExact
  }

  /// `1204`, or `50+` for a lower bound.
  public var description: String { isExact ? "\(count)" : "\(count)+" }
}
