/// A stretch of a run drawn with one font and shaped as one HarfBuzz run: a font-fallback sub-run.
package struct TextSubrun: Equatable, Sendable {
  /// The characters, in logical order.
  package var text: Substring
  /// How many characters (grapheme clusters) it holds.
  package var characterCount: Int
  /// The font that draws it.
  package var choice: FontChoice
  /// The script it is shaped with (its direction says how HarfBuzz orders its glyphs).
  package var script: ShapingScript
}
