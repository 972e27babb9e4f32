/// The default analysis: a line may break after whitespace, and everything runs left to right.
///
/// It is what a ``TextLayoutManager`` uses until it is given another analyzer; the fixed-advance
/// test measurer and it make layout deterministic without any C library. The SDL view uses the
/// `TextAnalysis` module's `UnicodeTextAnalyzer` (ICU and FriBidi) instead.
public final class SimpleTextAnalyzer: TextAnalyzing, Sendable {
  /// Creates the analyzer; it holds no state.
  public init() {}

  /// 0: an opportunity depends only on the character before it.
  public var lineBreakContext: Int { 0 }

  /// Every offset just after a whitespace character.
  /// - Complexity: O(characters of `text`); ASCII text with attachments is read as bytes, without
  ///   grapheme breaking.
  public func lineBreakOpportunities(in text: Substring) -> [Int] {
    if let ascii = Self.asciiLineBreakOpportunities(in: text) { return ascii }
    var result: [Int] = []
    var offset = 0
    var previousIsWhitespace = false
    for character in text {
      if previousIsWhitespace, offset > 0 { result.append(offset) }
      previousIsWhitespace = character.isWhitespace
      offset += 1
    }
    return result
  }

  /// The same opportunities for ASCII text with attachments, from its bytes: each ASCII byte is a
  /// character, except that CR LF is one (as `Character` has it); each U+FFFC (an attachment, three
  /// bytes) is one, and no ASCII character extends it. The whitespace characters are tab, LF, VT, FF,
  /// CR and space. `nil` when `text` holds any other non-ASCII character (a cluster may then span
  /// several scalars: the caller walks characters).
  private static func asciiLineBreakOpportunities(in text: Substring) -> [Int]? {
    text.utf8.withContiguousStorageIfAvailable { bytes -> [Int]? in
      var result: [Int] = []
      var offset = 0
      var previousIsWhitespace = false
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        let length: Int
        if byte < 0x80 {
          length = byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1  // CR LF is one
        } else if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] == 0xBC {
          length = 3  // U+FFFC OBJECT REPLACEMENT CHARACTER
        } else {
          return nil
        }
        if previousIsWhitespace, offset > 0 { result.append(offset) }
        previousIsWhitespace = byte == 0x20 || (0x09...0x0D).contains(byte)
        index += length
        offset += 1
      }
      return result
    } ?? nil
  }

  /// Always `nil`: every paragraph is left to right.
  public func firstStrongDirection(of text: Substring) -> WritingDirection? { nil }

  /// Level 0 for every character (1 when the base direction is right to left).
  /// - Complexity: O(characters of `text`).
  public func embeddingLevels(of text: Substring, baseDirection: WritingDirection) -> [UInt8] {
    Array(repeating: baseDirection.paragraphLevel, count: text.count)
  }
}
