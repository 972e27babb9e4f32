import SDLSupport
import TextEngine

extension SDLFontSet {
  /// The font that draws `character` with `attributes`.
  /// - Complexity: One dictionary lookup once the character has been seen in this weight.
  func choice(for character: Character, attributes: TextAttributes) -> FontChoice {
    fallback.choice(for: character, bold: attributes.isBold, primary: font(for: attributes))
  }

  /// Whether the font of `choice` also has `character` (so neighbouring spaces and punctuation can
  /// stay in the same shaped run).
  func covers(_ choice: FontChoice, _ character: Character, attributes: TextAttributes) -> Bool {
    fallback.covers(choice, character, bold: attributes.isBold, primary: font(for: attributes))
  }

  /// How many missing-glyph boxes `character` draws with the font of `choice`.
  func boxes(_ choice: FontChoice, _ character: Character, attributes: TextAttributes) -> Int {
    fallback.boxes(choice, character, bold: attributes.isBold, primary: font(for: attributes))
  }

  /// The font that draws a choice at the size of `attributes`, and the factor its glyphs are scaled by.
  ///
  /// Outline fonts open at the style's pixel size and scale by 1. A bitmap font (Noto Color Emoji's
  /// one 109 ppem strike) is scaled so that its height matches the primary font's.
  /// Missing characters and faces that cannot be opened draw with the primary font.
  func font(for choice: FontChoice, attributes: TextAttributes) -> (font: SDLFont, scale: Double) {
    let primary = font(for: attributes)
    guard case .fallback(let face) = choice, let font = fallback.font(for: face, pixelSize: primary.pixelSize) else {
      return (primary, 1)
    }
    guard font.height > 2 * primary.pixelSize, font.height > 0 else { return (font, 1) }
    return (font, Double(primary.height) / Double(font.height))
  }
}
