import SDLSupport

/// Which font draws a character: the style's own font, a fontconfig fallback, or none.
enum FontChoice: Hashable, Sendable {
  /// The primary font (DejaVu Sans in the style's weight) has every glyph.
  case primary
  /// The first face of fontconfig's sorted fallback list that has every glyph.
  case fallback(FontFace)
  /// No installed font has the character: it draws one missing-glyph box from the primary font.
  case missing
}
