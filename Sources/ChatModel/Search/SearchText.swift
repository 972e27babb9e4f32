import Foundation

/// Text as search sees it: folded tokens, each with the UTF-16 span it came from.
///
/// The one tokenizer behind ``MessageSearchQuery``'s matching and the store's full-text index:
/// - a *word* is a run of letters, digits and the marks that follow them, in scripts written with
///   spaces between words (Latin, Cyrillic, Greek, Arabic, Hebrew, Devanagari…);
/// - in scripts written without spaces (Han, Hiragana, Katakana, Hangul, Thai, Lao, Khmer) every
///   character (a letter, digit or mark scalar) is a token of its own, a *character*;
/// - everything else (spaces, punctuation, symbols, emoji, U+FFFC sticker placeholders) separates
///   tokens and is never matched.
///
/// Folding lowercases and removes the diacritics of Latin letters (é → e, İ → i), whether
/// precomposed or followed by combining marks (U+0300–U+036F); other scripts keep their marks.
struct SearchText {
  /// What a token is.
  enum Kind: Equatable {
    /// A word of a space-separated script; a query's last word matches as a prefix.
    case word
    /// One character of a script written without spaces.
    case character
  }

  /// One token.
  struct Token {
    var kind: Kind
    /// The folded scalars.
    var folded: [Unicode.Scalar]
    /// The token's UTF-16 offset in the text.
    var start: Int
    /// For each original scalar of the token, the folded scalars so far and its UTF-16 end:
    /// how a prefix of the folded text maps back to the original.
    var ends: [(folded: Int, utf16: Int)]
    /// The UTF-16 offset just past the token.
    var end: Int { ends.last?.utf16 ?? start }

    /// The UTF-16 offset where the first `count` folded scalars end in the original text.
    /// Marks folded away right after them (a decomposed accent) are covered too.
    func end(coveringFolded count: Int) -> Int {
      guard let first = ends.firstIndex(where: { $0.folded >= count }) else { return end }
      var index = first
      while index + 1 < ends.count, ends[index + 1].folded == ends[first].folded { index += 1 }
      return ends[index].utf16
    }
  }

  /// The tokens, in order.
  private(set) var tokens: [Token] = []

  /// Tokenizes `text`.
  /// - Complexity: O(text length).
  init(_ text: String) {
    var offset = 0
    /// The kind of the token in progress, and whether its last base letter is Latin.
    var current: Kind?
    var latinBase = false
    for scalar in text.unicodeScalars {
      let width = scalar.utf16.count
      defer { offset += width }
      switch Self.classify(scalar) {
      case .base:
        if Self.isUnspaced(scalar.value) {
          tokens.append(Token(kind: .character, folded: [scalar], start: offset, ends: [(1, offset + width)]))
          current = .character
        } else {
          if current != .word { tokens.append(Token(kind: .word, folded: [], start: offset, ends: [])) }
          current = .word
          latinBase = Self.isLatin(scalar.value)
          tokens[tokens.count - 1].append(Self.fold(scalar), end: offset + width)
        }
      case .mark:
        switch current {
        case .word:
          // A combining diacritic on a Latin letter is folded away; other marks stay.
          let dropped = latinBase && (0x0300...0x036F).contains(scalar.value)
          tokens[tokens.count - 1].append(dropped ? [] : [scalar], end: offset + width)
        case .character:
          tokens.append(Token(kind: .character, folded: [scalar], start: offset, ends: [(1, offset + width)]))
        case nil: break
        }
      case .separator:
        current = nil
      }
    }
  }

  /// What a scalar is to the tokenizer.
  enum ScalarClass { case base, mark, separator }

  /// Whether `scalar` is a letter or digit (`base`), a mark, or neither.
  static func classify(_ scalar: Unicode.Scalar) -> ScalarClass {
    let value = scalar.value
    if value < 0x80 {
      return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        ? .base : .separator
    }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber:
      return .base
    case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
    default: return .separator
    }
  }

  /// Whether `value` is a letter or digit of a script written without spaces between words.
  static func isUnspaced(_ value: UInt32) -> Bool {
    switch value {
    case 0x0E00...0x0EFF,  // Thai, Lao
      0x1780...0x17FF, 0x19E0...0x19FF,  // Khmer
      0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF,  // Hangul
      0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F,  // Hiragana, Katakana
      0x3005...0x3007, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF:  // Han
      return true
    default: return false
    }
  }

  private static func isLatin(_ value: UInt32) -> Bool {
    (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || (0xC0...0x24F).contains(value)
      || (0x1E00...0x1EFF).contains(value)
  }

  /// `scalar` lowercased, without the diacritics of a Latin letter.
  static func fold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    let value = scalar.value
    if value < 0x80 {
      return [(0x41...0x5A).contains(value) ? Unicode.Scalar(value + 0x20)! : scalar]
    }
    if let folded = latinFolds[value] { return folded }
    let lower = scalar.properties.lowercaseMapping.unicodeScalars
    return lower.count == 1 && lower.first == scalar ? [scalar] : Array(lower)
  }

  /// The folds of the precomposed Latin letters: lowercased, canonically decomposed, without
  /// combining diacritics (U+0300–U+036F).
  private static let latinFolds: [UInt32: [Unicode.Scalar]] = {
    var table: [UInt32: [Unicode.Scalar]] = [:]
    for value in Array(0xC0...0x24F) + Array(0x1E00...0x1EFF) {
      guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
      let lower = scalar.properties.lowercaseMapping.decomposedStringWithCanonicalMapping
      let folded = Array(lower.unicodeScalars).filter { !(0x0300...0x036F).contains($0.value) }
      table[UInt32(value)] = folded
    }
    return table
  }()
}

extension SearchText.Token {
  fileprivate mutating func append(_ scalars: [Unicode.Scalar], end: Int) {
    folded += scalars
    ends.append((folded.count, end))
  }
}
