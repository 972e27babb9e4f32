/// One glyph's box and advance in pixels, as SDL2_ttf reports them (`TTF_GlyphMetrics32`).
public struct GlyphMetrics: Equatable, Sendable {
  /// Left edge of the ink relative to the pen position (negative overhangs the previous glyph).
  public var minX: Int
  /// Right edge of the ink relative to the pen position.
  public var maxX: Int
  /// Bottom of the ink relative to the baseline, y up (negative below the baseline).
  public var minY: Int
  /// Top of the ink relative to the baseline, y up.
  public var maxY: Int
  /// How far the pen moves after the glyph.
  public var advance: Int

  /// Metrics from their values, in pixels.
  /// - Parameters:
  ///   - minX: Left edge of the ink relative to the pen position.
  ///   - maxX: Right edge of the ink relative to the pen position.
  ///   - minY: Bottom of the ink relative to the baseline, y up.
  ///   - maxY: Top of the ink relative to the baseline, y up.
  ///   - advance: How far the pen moves after the glyph.
  public init(minX: Int, maxX: Int, minY: Int, maxY: Int, advance: Int) {
    self.minX = minX
    self.maxX = maxX
    self.minY = minY
    self.maxY = maxY
    self.advance = advance
  }
}
