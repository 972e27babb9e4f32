/// The default analysis: a line may break after whitespace, and everything runs left to right.
///
/// It is what a ``TextLayoutManager`` uses until it is given another analyzer; the fixed-advance
/// test measurer and it make layout deterministic without any C library. The SDL view uses the
/// `TextAnalysis` module's `UnicodeTextAnalyzer` (ICU and FriBidi) instead.
public final class SimpleTextAnalyzer: TextAnalyzing, Sendable {
  public init() {}

  /// 0: an opportunity depends only on the character before it.
  public var lineBreakContext: Int { 0 }

  /// Every offset just after a whitespace character.
  /// - Complexity: O(characters of `text`); ASCII text is read as bytes, without grapheme breaking.
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

  /// The same opportunities for ASCII text, from its bytes: each byte is a character, except that
  /// CR LF is one (as `Character` has it), and the whitespace characters are tab, LF, VT, FF, CR and
  /// space. `nil` when `text` holds a byte that is not ASCII.
  private static func asciiLineBreakOpportunities(in text: Substring) -> [Int]? {
    text.utf8.withContiguousStorageIfAvailable { bytes -> [Int]? in
      var result: [Int] = []
      var offset = 0
      var previousIsWhitespace = false
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        guard byte < 0x80 else { return nil }
        if previousIsWhitespace, offset > 0 { result.append(offset) }
        previousIsWhitespace = byte == 0x20 || (0x09...0x0D).contains(byte)
        // CR LF is one character.
        index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
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
