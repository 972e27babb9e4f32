/// The query and the texts as a SQLite FTS5 table (tokenizer `unicode61`) sees them: how
/// `ChatStore`'s index finds candidates, which ``MessageSearchQuery/matches(in:)`` then confirms.
///
/// A text's indexed form holds its words folded and without marks, and each run of touching
/// characters of a script written without spaces as its overlapping bigrams followed by its last
/// character alone ("東京都" → "東京 京都 都"), marks left out: so a one-character query is a prefix
/// query on those tokens, a two-character one a single token, a longer one its bigrams, and every
/// text the query matches is found (the index's answer is a superset of the matches).
extension MessageSearchQuery {
  /// The indexed form of a paragraph's text (empty when it has no word or character).
  /// - Complexity: O(text length).
  package static func fullTextDocument(_ text: String) -> String {
    // The tokens of `SearchText`, streamed straight into UTF-8 bytes (no token values, and no
    // array per ASCII letter): this runs for every message a store writes or indexes.
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    var run: [Unicode.Scalar] = []
    var inWord = false
    var inRun = false
    func append(_ scalar: Unicode.Scalar) {
      if scalar.value < 0x80 {
        output.append(UInt8(truncatingIfNeeded: scalar.value))
      } else {
        UTF8.encode(scalar) { output.append($0) }
      }
    }
    func closeRun() {
      for (index, scalar) in run.enumerated() {
        if !output.isEmpty { output.append(0x20) }
        append(scalar)
        if index + 1 < run.count { append(run[index + 1]) }
      }
      run.removeAll(keepingCapacity: true)
    }
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x80 {
        // ASCII: a letter or digit, lowercased, or a separator.
        let isUpper = (0x41...0x5A).contains(value)
        if isUpper || (0x61...0x7A).contains(value) || (0x30...0x39).contains(value) {
          if inRun { closeRun() }
          inRun = false
          if !inWord, !output.isEmpty { output.append(0x20) }
          inWord = true
          output.append(UInt8(truncatingIfNeeded: isUpper ? value + 0x20 : value))
        } else {
          if inRun { closeRun() }
          inRun = false
          inWord = false
        }
        continue
      }
      switch SearchText.classify(scalar) {
      case .base:
        if SearchText.isUnspaced(value) {
          inWord = false
          inRun = true
          run.append(scalar)
        } else {
          if inRun { closeRun() }
          inRun = false
          if !inWord, !output.isEmpty { output.append(0x20) }
          inWord = true
          for folded in SearchText.fold(scalar) where !isMark(folded) { append(folded) }
        }
      case .mark:
        // Marks are left out; a mark keeps a word or a run going.
        break
      case .separator:
        if inRun { closeRun() }
        inRun = false
        inWord = false
      }
    }
    closeRun()
    return String(decoding: output, as: UTF8.self)
  }

  /// The FTS5 `MATCH` expression whose answer holds every text this query matches: every word,
  /// and every bigram of each run of touching characters (a single character a prefix), all of
  /// them required, each on its own; the last word a prefix. The index keeps no positions
  /// (`detail=none`, less than half the size), so order and adjacency are left to
  /// ``matches(in:)``, which confirms every candidate.
  package var fullTextQuery: String { fullTextQuery(lastWordPrefix: nil) }

  /// ``fullTextQuery``, its last word cut to its first `lastWordPrefix` characters when longer: a
  /// looser query (more candidates) that a prefix index of that length answers without merging
  /// the postings of every word the last word begins.
  package func fullTextQuery(lastWordPrefix: Int?) -> String {
    var phrases: [String] = []
    var words: [String] = []
    var run: [Unicode.Scalar] = []
    func quoted(_ tokens: [String]) -> String { tokens.map { "\"" + $0 + "\"" }.joined(separator: " ") }
    func closeWords(prefix: Bool) {
      guard !words.isEmpty else { return }
      phrases.append(quoted(words) + (prefix ? "*" : ""))
      words.removeAll()
    }
    func closeRun() {
      defer { run.removeAll() }
      switch run.count {
      case 0: return
      case 1: phrases.append(quoted([String(Character(run[0]))]) + "*")
      default:
        phrases.append(quoted((0..<run.count - 1).map { String(String.UnicodeScalarView(run[$0...$0 + 1])) }))
      }
    }
    for term in tokens {
      let stripped = term.folded.filter { !Self.isMark($0) }
      if term.isWord {
        closeRun()
        words.append(String(String.UnicodeScalarView(stripped)))
      } else {
        closeWords(prefix: false)
        if !term.touchesPrevious { closeRun() }
        run += stripped
      }
    }
    closeRun()
    if let lastWordPrefix, let last = words.last, last.unicodeScalars.count > lastWordPrefix {
      words[words.count - 1] = String(String.UnicodeScalarView(last.unicodeScalars.prefix(lastWordPrefix)))
    }
    closeWords(prefix: true)
    return phrases.joined(separator: " ")
  }

  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
  }
}
