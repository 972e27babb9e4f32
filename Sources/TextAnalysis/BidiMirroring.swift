import CFriBidi

/// Rule L4 of the Unicode Bidirectional Algorithm: a mirrored character (a parenthesis, a bracket, a
/// less-than sign) drawn in a right-to-left run shows its mirror image, from FriBidi's copy of
/// `BidiMirroring.txt`.
public enum BidiMirroring {
  /// `character`'s mirror image (`(` for `)`), or `character` itself when it has none or is a cluster.
  /// - Complexity: O(1).
  public static func mirrored(_ character: Character) -> Character {
    let scalars = character.unicodeScalars
    guard scalars.count == 1, let scalar = scalars.first, scalar.properties.isBidiMirrored else { return character }
    var mirror: FriBidiChar = 0
    guard fribidi_get_mirror_char(scalar.value, &mirror) != 0, let result = Unicode.Scalar(mirror) else {
      return character
    }
    return Character(result)
  }

  /// The characters of a right-to-left run as a left-to-right renderer draws them: last to first,
  /// each mirrored (whole clusters, so marks stay on their letters).
  /// - Complexity: O(characters).
  public static func visualString(ofRightToLeft text: Substring) -> String {
    String(text.reversed().map(mirrored))
  }
}
