/// A deterministic measurer: every character has the same advance, scaled by ``TextAttributes/fontScale``.
///
/// Tests and benchmarks use it so that layout never depends on fonts.
public final class FixedAdvanceGlyphMeasurer: GlyphMeasuring {
  /// Advance of one character at scale 1.
  public let advance: Double
  /// Line metrics at scale 1.
  public let metrics: LineMetrics
  /// How many characters have been measured, for complexity tests.
  public private(set) var measuredCharacters = 0

  /// A measurer whose every character advances `advance` and whose lines are `ascent + descent` tall
  /// (no leading), all at scale 1.
  /// - Parameters:
  ///   - advance: The advance of one character at scale 1 (default 8).
  ///   - ascent: The distance from a line's top to its baseline at scale 1 (default 12).
  ///   - descent: The distance from the baseline to a line's bottom at scale 1 (default 4).
  public init(advance: Double = 8, ascent: Double = 12, descent: Double = 4) {
    self.advance = advance
    self.metrics = LineMetrics(ascent: ascent, descent: descent, lineHeight: ascent + descent)
  }

  public func advances(of text: Substring, attributes: TextAttributes) -> [Double] {
    let count = text.count
    measuredCharacters += count
    return Array(repeating: advance * attributes.fontScale, count: count)
  }

  public func lineMetrics(for attributes: TextAttributes) -> LineMetrics {
    LineMetrics(
      ascent: metrics.ascent * attributes.fontScale, descent: metrics.descent * attributes.fontScale,
      lineHeight: metrics.lineHeight * attributes.fontScale)
  }
}
