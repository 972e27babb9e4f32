/// A transcript searched by scanning its messages: the reference every other
/// ``MessageSearching`` document agrees with.
///
/// Paragraph indexes count the day separators `Transcript.storage(stickers:)` places (by
/// `ChatDay.SeparatorPlacement`); a message's text is its text parts with U+FFFC for each sticker,
/// as the storage holds it.
extension Transcript: MessageSearching {
  /// The first hits of `query` in paragraphs from `paragraph` on, in document order.
  /// - Parameters:
  ///   - query: What to find.
  ///   - paragraph: The first paragraph searched.
  ///   - limit: The most hits returned.
  /// - Returns: Up to `limit` hits.
  /// - Complexity: O(total text length) at most: the messages are scanned in order.
  public func searchHits(for query: MessageSearchQuery, startingAt paragraph: Int, limit: Int) -> [MessageSearchHit] {
    var hits: [MessageSearchHit] = []
    guard limit > 0 else { return hits }
    for (index, text) in paragraphTexts() where index >= paragraph {
      for match in query.matches(in: text) {
        hits.append(MessageSearchHit(paragraphIndex: index, offset: match.offset, length: match.length))
        if hits.count == limit { return hits }
      }
    }
    return hits
  }

  /// The last hits of `query` in paragraphs before `paragraph`, the last first.
  /// - Parameters:
  ///   - query: What to find.
  ///   - paragraph: The paragraph after the last one searched.
  ///   - limit: The most hits returned.
  /// - Returns: Up to `limit` hits, in reverse document order.
  /// - Complexity: O(total text length) at most.
  public func searchHits(for query: MessageSearchQuery, before paragraph: Int, limit: Int) -> [MessageSearchHit] {
    var hits: [MessageSearchHit] = []
    guard limit > 0 else { return hits }
    for (index, text) in paragraphTexts().reversed() where index < paragraph {
      for match in query.matches(in: text).reversed() {
        hits.append(MessageSearchHit(paragraphIndex: index, offset: match.offset, length: match.length))
        if hits.count == limit { return hits }
      }
    }
    return hits
  }

  /// How many hits `query` has, counted up to `bound`.
  /// - Parameters:
  ///   - query: What to count.
  ///   - bound: Counting stops at this many.
  /// - Returns: The exact count when it is at most `bound`, else `bound` and not exact.
  /// - Complexity: O(total text length) at most.
  public func searchHitCount(for query: MessageSearchQuery, upTo bound: Int) -> MessageSearchCount {
    var count = 0
    for (_, text) in paragraphTexts() {
      count += query.matches(in: text).count
      if count > bound { return MessageSearchCount(count: bound, isExact: false) }
    }
    return MessageSearchCount(count: count, isExact: true)
  }

  /// Each message's paragraph index and text, day separators skipped but counted.
  private func paragraphTexts() -> [(index: Int, text: String)] {
    var placement = ChatDay.SeparatorPlacement()
    var index = 0
    var result: [(index: Int, text: String)] = []
    result.reserveCapacity(messages.count)
    for message in messages {
      if placement.separator(before: message) != nil { index += 1 }
      result.append((index, message.searchableText))
      index += 1
    }
    return result
  }
}

extension ChatMessage {
  /// The message's text as its paragraph holds it: the text parts, and U+FFFC for each sticker.
  /// - Complexity: O(message length).
  public var searchableText: String {
    var text = ""
    for part in parts {
      switch part {
      case .text(let string): text += string
      case .sticker: text += "\u{FFFC}"
      }
    }
    return text
  }
}
