/// A search query and its matching rule, the one definition every ``MessageSearching`` document
/// uses.
///
/// The query is folded (case-insensitive; Latin diacritics ignored: "cafe" finds "Café") and
/// split into tokens as `SearchText` splits any text: words for scripts written with spaces;
/// one token per character for scripts written without (Han, Hiragana, Katakana, Hangul, Thai,
/// Lao, Khmer). A text matches where the query's tokens occur consecutively among its tokens (a
/// phrase; spaces and punctuation between them do not count): each word equal to a whole word of
/// the text, except the query's last word, which may be the start of one (typing "mor" finds
/// "morning"); characters that touch in the query must touch in the text, and match anywhere in
/// a run ("京" finds "東京都"). Emoji, symbols and the U+FFFC sticker placeholder are never matched.
/// A hit is one occurrence; occurrences in one text do not overlap.
public struct MessageSearchQuery: Hashable, Sendable, CustomStringConvertible {
  /// The most words and characters a query holds.
  public static let maximumTokens = 64

  /// The query as typed.
  public let text: String
  /// The folded tokens.
  let tokens: [Term]

  /// A query token.
  struct Term: Hashable, Sendable {
    var isWord: Bool
    var folded: [Unicode.Scalar]
    /// Whether this character touches the character before it in the query.
    var touchesPrevious: Bool
  }

  /// Parses a query.
  /// - Parameter text: The query as typed.
  /// - Throws: ``MessageSearchError``: `.nothingToSearch` for a query without a letter or digit,
  ///   `.tooLong` for one of more than ``maximumTokens`` tokens.
  /// - Complexity: O(query length).
  public init(_ text: String) throws(MessageSearchError) {
    self.text = text
    let scanned = SearchText(text).tokens
    guard !scanned.isEmpty else {
      throw MessageSearchError(.nothingToSearch, reason: "the query \"\(text)\" has no letter or digit to search for")
    }
    guard scanned.count <= Self.maximumTokens else {
      throw MessageSearchError(
        .tooLong, reason: "the query has \(scanned.count) words and characters; at most \(Self.maximumTokens)")
    }
    var terms: [Term] = []
    for (index, token) in scanned.enumerated() {
      let touches =
        token.kind == .character && index > 0 && scanned[index - 1].kind == .character
        && scanned[index - 1].end == token.start
      terms.append(Term(isWord: token.kind == .word, folded: token.folded, touchesPrevious: touches))
    }
    tokens = terms
  }

  /// The query as typed.
  public var description: String { text }

  /// The hits of the query in `text`, in order, as UTF-16 offset and length.
  /// - Parameter text: A paragraph's text (U+FFFC for each sticker).
  /// - Returns: Each occurrence's span, not overlapping.
  /// - Complexity: O(text length · query tokens).
  public func matches(in text: String) -> [(offset: Int, length: Int)] {
    let candidates = SearchText(text).tokens
    let count = tokens.count
    guard candidates.count >= count else { return [] }
    var result: [(offset: Int, length: Int)] = []
    var index = 0
    while index + count <= candidates.count {
      if matches(candidates, at: index) {
        let last = candidates[index + count - 1]
        let end = tokens[count - 1].isWord ? last.end(coveringFolded: tokens[count - 1].folded.count) : last.end
        result.append((candidates[index].start, end - candidates[index].start))
        index += count
      } else {
        index += 1
      }
    }
    return result
  }

  private func matches(_ candidates: [SearchText.Token], at index: Int) -> Bool {
    for (offset, term) in tokens.enumerated() {
      let token = candidates[index + offset]
      guard (token.kind == .word) == term.isWord else { return false }
      if term.touchesPrevious, candidates[index + offset - 1].end != token.start { return false }
      if term.isWord, offset == tokens.count - 1 {
        guard token.folded.starts(with: term.folded) else { return false }
      } else if token.folded != term.folded {
        return false
      }
    }
    return true
  }
}
