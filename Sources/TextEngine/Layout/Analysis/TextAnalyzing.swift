/// The Unicode analysis layout consults: where lines may break (UAX #14) and which way
/// characters run (the Unicode Bidirectional Algorithm, UAX #9).
///
/// The layout layer stays pure Swift: it asks this protocol, never a C library. The core ships
/// ``SimpleTextAnalyzer`` (breaks after spaces, everything left to right), which tests with the
/// fixed-advance measurer use; the `TextAnalysis` module implements it over ICU and FriBidi.
///
/// Every offset and every array here counts `Character`s (grapheme clusters) of the text passed,
/// as all offsets in ReuseKit do. Layout passes windows of a paragraph, never a whole long one
/// on a keystroke, so an implementation may cost O(characters passed) per call.
public protocol TextAnalyzing: AnyObject {
  /// How many characters on each side of an offset its break opportunity may depend on, beyond the
  /// character before it (which layout always passes). Layout passes this many around each window
  /// it asks about, and re-breaks this far around an edit.
  var lineBreakContext: Int { get }

  /// The offsets in `1..<text.count` before which a line may break (a line may start there),
  /// ascending. Mandatory breaks count as opportunities too.
  /// - Complexity: O(characters of `text`).
  func lineBreakOpportunities(in text: Substring) -> [Int]

  /// The direction of the first strong character of `text` (rule P2 of UAX #9), or `nil` when it
  /// has none.
  /// - Complexity: O(characters up to the first strong one).
  func firstStrongDirection(of text: Substring) -> WritingDirection?

  /// The resolved embedding level of every character of `text`, laid out as one paragraph with
  /// base direction `baseDirection` (rules X1–I2 of UAX #9; a cluster takes its first scalar's level).
  /// - Returns: Exactly `text.count` levels.
  /// - Complexity: O(characters of `text`).
  func embeddingLevels(of text: Substring, baseDirection: WritingDirection) -> [UInt8]
}
