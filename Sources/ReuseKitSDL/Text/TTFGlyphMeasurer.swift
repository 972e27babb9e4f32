import TextEngine

/// Measures text for the layout layer with SDL2_ttf, so layout matches what ``TextFragmentRenderer`` draws.
///
/// Advances are whole pixels: the hinted glyph advance for one-scalar characters, the shaped pen
/// advance for clusters (`e` + combining accent). HarfBuzz places each glyph of a run at the sum of
/// the advances before it, so positions from layout match the pixels of a rendered run.
/// They are cached per
/// (character, bold, scale): after warm-up, measuring costs a dictionary lookup per character.
/// Control characters and line/paragraph separators advance by 0.
@MainActor
public final class TTFGlyphMeasurer: @MainActor GlyphMeasuring {
  private struct AdvanceKey: Hashable {
    var character: Character
    var bold: Bool
    var scale: Double
  }

  private struct StyleKey: Hashable {
    var bold: Bool
    var scale: Double
  }

  /// The fonts measured with.
  public let fonts: SDLFontSet
  /// How many advances came from the cache, for tests of the work done.
  package private(set) var cacheHits = 0
  /// How many advances were measured with SDL2_ttf.
  package private(set) var cacheMisses = 0
  private var advanceCache: [AdvanceKey: Double] = [:]
  private var metricsCache: [StyleKey: LineMetrics] = [:]

  /// Creates a measurer over `fonts`.
  public init(fonts: SDLFontSet) {
    self.fonts = fonts
  }

  /// The advance of each character of `text`.
  /// - Returns: Exactly `text.count` advances, in pixels.
  /// - Complexity: O(n) dictionary lookups once the characters have been seen.
  public func advances(of text: Substring, attributes: TextAttributes) -> [Double] {
    var result: [Double] = []
    result.reserveCapacity(text.utf8.count)
    for character in text {
      result.append(advance(of: character, bold: attributes.isBold, scale: attributes.fontScale))
    }
    return result
  }

  /// Line metrics from the font's ascent, descent and line skip.
  public func lineMetrics(for attributes: TextAttributes) -> LineMetrics {
    let key = StyleKey(bold: attributes.isBold, scale: attributes.fontScale)
    if let metrics = metricsCache[key] { return metrics }
    let font = fonts.font(for: attributes)
    let metrics = LineMetrics(
      ascent: Double(font.ascent), descent: Double(font.descent),
      lineHeight: Double(max(font.lineSkip, font.ascent + font.descent)))
    metricsCache[key] = metrics
    return metrics
  }

  private func advance(of character: Character, bold: Bool, scale: Double) -> Double {
    let key = AdvanceKey(character: character, bold: bold, scale: scale)
    if let advance = advanceCache[key] {
      cacheHits += 1
      return advance
    }
    cacheMisses += 1
    let advance: Double
    if Self.hasNoAdvance(character) {
      advance = 0
    } else {
      let font = fonts.font(for: TextAttributes(isBold: bold, fontScale: scale))
      let scalars = character.unicodeScalars
      if scalars.count == 1, let metrics = font.glyphMetrics(scalars.first!) {
        advance = Double(metrics.advance)
      } else {
        advance = Double((try? font.penAdvance(of: String(character))) ?? 0)
      }
    }
    advanceCache[key] = advance
    return advance
  }

  /// Whether a character takes no horizontal space: controls and line/paragraph separators.
  private static func hasNoAdvance(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return true }
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }
}
