/// Vertical metrics of one line of text in a given style.
public struct LineMetrics: Equatable, Sendable {
  /// Distance from the top of the line to the baseline.
  public var ascent: Double
  /// Distance from the baseline to the bottom of the line.
  public var descent: Double
  /// The line's full height, including leading.
  public var lineHeight: Double

  /// Metrics from their three values, taken as given (`lineHeight` is not checked against the others).
  /// - Parameters:
  ///   - ascent: The distance from the top of the line to the baseline.
  ///   - descent: The distance from the baseline to the bottom of the line.
  ///   - lineHeight: The line's full height, including leading.
  public init(ascent: Double, descent: Double, lineHeight: Double) {
    self.ascent = ascent
    self.descent = descent
    self.lineHeight = lineHeight
  }
}

/// Measures glyphs for the layout layer.
///
/// The layout layer never talks to a font library directly. The core ships
/// ``FixedAdvanceGlyphMeasurer`` for tests; the SDL view layer implements this over SDL2_ttf.
public protocol GlyphMeasuring: AnyObject {
  /// The horizontal advance of each `Character` of `text`, in points.
  /// - Returns: Exactly `text.count` advances.
  func advances(of text: Substring, attributes: TextAttributes) -> [Double]
  /// The line metrics for text with `attributes`.
  func lineMetrics(for attributes: TextAttributes) -> LineMetrics
}
