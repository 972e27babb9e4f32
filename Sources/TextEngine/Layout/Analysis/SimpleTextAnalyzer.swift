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
  /// - Complexity: O(characters of `text`).
  public func lineBreakOpportunities(in text: Substring) -> [Int] {
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

  /// Always `nil`: every paragraph is left to right.
  public func firstStrongDirection(of text: Substring) -> WritingDirection? { nil }

  /// Level 0 for every character (1 when the base direction is right to left).
  /// - Complexity: O(characters of `text`).
  public func embeddingLevels(of text: Substring, baseDirection: WritingDirection) -> [UInt8] {
    Array(repeating: baseDirection.paragraphLevel, count: text.count)
  }
}
