/// A stretch of a run drawn with one font and shaped as one HarfBuzz run: a font-fallback sub-run.
struct TextSubrun: Equatable, Sendable {
  /// The characters, in logical order.
  var text: Substring
  /// How many characters (grapheme clusters) it holds.
  var characterCount: Int
  /// The font that draws it.
  var choice: FontChoice
  /// The script it is shaped with (its direction says how HarfBuzz orders its glyphs).
  var script: ShapingScript
}
