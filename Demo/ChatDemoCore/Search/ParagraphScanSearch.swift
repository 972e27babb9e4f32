import ChatModel
import TextEngine

/// An in-memory transcript's storage searched by scanning its paragraphs, as it is now (edits
/// included): the search bar's source when the app is not over a chat store, by the same
/// ``MessageSearchQuery`` matching the store's index and `Transcript`'s scan use. Day separators
/// never match.
struct ParagraphScanSearch: MessageSearching {
  /// The storage searched.
  let storage: TextContentManager

  /// The text of paragraph `index` when it is a message (not a day separator).
  private func messageText(at index: Int) -> String? {
    guard let paragraph = storage.paragraph(at: index),
      paragraph.paragraphAttributes[ChatDay.separatorKey] == nil
    else { return nil }
    return paragraph.attributedString.string
  }

  /// - Complexity: O(text scanned): the paragraphs from `paragraph` on until `limit` hits.
  func searchHits(for query: MessageSearchQuery, startingAt paragraph: Int, limit: Int) -> [MessageSearchHit] {
    var hits: [MessageSearchHit] = []
    guard limit > 0 else { return hits }
    var index = max(0, paragraph)
    while index < storage.paragraphCount {
      for match in messageText(at: index).map(query.matches(in:)) ?? [] {
        hits.append(MessageSearchHit(paragraphIndex: index, offset: match.offset, length: match.length))
        if hits.count == limit { return hits }
      }
      index += 1
    }
    return hits
  }

  /// - Complexity: O(text scanned): the paragraphs before `paragraph`, last first, until `limit` hits.
  func searchHits(for query: MessageSearchQuery, before paragraph: Int, limit: Int) -> [MessageSearchHit] {
    var hits: [MessageSearchHit] = []
    guard limit > 0 else { return hits }
    var index = min(paragraph, storage.paragraphCount) - 1
    while index >= 0 {
      for match in (messageText(at: index).map(query.matches(in:)) ?? []).reversed() {
        hits.append(MessageSearchHit(paragraphIndex: index, offset: match.offset, length: match.length))
        if hits.count == limit { return hits }
      }
      index -= 1
    }
    return hits
  }

  /// The hits of `query` in paragraphs `range`.
  /// - Complexity: O(text of those paragraphs).
  func hitCount(for query: MessageSearchQuery, in range: Range<Int>) -> Int {
    range.reduce(0) { count, index in count + (messageText(at: index).map { query.matches(in: $0).count } ?? 0) }
  }

  /// - Complexity: O(text scanned): every paragraph, or until more than `bound` hits.
  func searchHitCount(for query: MessageSearchQuery, upTo bound: Int) -> MessageSearchCount {
    var count = 0
    for index in 0..<storage.paragraphCount {
      count += messageText(at: index).map { query.matches(in: $0).count } ?? 0
      if count > bound { return MessageSearchCount(count: bound, isExact: false) }
    }
    return MessageSearchCount(count: count, isExact: true)
  }
}
