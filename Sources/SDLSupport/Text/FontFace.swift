/// One face of a font file: the file and the face's index inside it (TrueType collections hold several).
public struct FontFace: Hashable, Sendable {
  /// The font file's path.
  public var path: String
  /// The face's index in the file (0 for a single-face file).
  public var index: Int
  /// Whether fontconfig reports colour glyphs (for example Noto Color Emoji's bitmaps).
  public var isColor: Bool

  /// Face `index` of the font file at `path`; the file is not opened here.
  /// - Parameters:
  ///   - path: The font file's path.
  ///   - index: The face's index in the file (default 0).
  ///   - isColor: Whether the face has colour glyphs (default `false`).
  public init(path: String, index: Int = 0, isColor: Bool = false) {
    self.path = path
    self.index = index
    self.isColor = isColor
  }
}
