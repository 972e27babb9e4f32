import TextEngine

/// A measurer whose advances depend on the neighbours within a word, as a shaper's joining
/// forms do: a character between two non-space characters of the text measured is 6 points wide
/// (a medial form), any other 8. Measuring a word in two pieces gives other advances at the cut.
final class JoiningGlyphMeasurer: GlyphMeasuring {
  func advances(of text: Substring, attributes: TextAttributes) -> [Double] {
    let characters = Array(text)
    return characters.indices.map { index in
      let joinsBefore = index > 0 && !characters[index - 1].isWhitespace
      let joinsAfter = index + 1 < characters.count && !characters[index + 1].isWhitespace
      return !characters[index].isWhitespace && joinsBefore && joinsAfter ? 6 : 8
    }
  }

  func lineMetrics(for attributes: TextAttributes) -> LineMetrics {
    LineMetrics(ascent: 12, descent: 4, lineHeight: 16)
  }
}
