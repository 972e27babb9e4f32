import CFontconfig

/// Fontconfig's sorted fallback list for one pattern (`FcFontSort` with charset coverage).
///
/// The list is sorted once, when it is created; afterwards ``firstFace(covering:)`` only asks each
/// entry's character set (`FcCharSetHasChar`). Every call into fontconfig's query API is counted in
/// ``calls`` so that callers can prove a keystroke makes none after warm-up. The font set is
/// destroyed in `deinit`.
@MainActor
public final class FontFallbackList {
  /// The fontconfig pattern the list was sorted for, for example `"DejaVu Sans:bold"`.
  public let pattern: String
  /// The faces in fontconfig's order, best first.
  public let faces: [FontFace]
  /// Queries made so far: the sort, the per-entry property reads and every coverage check.
  public private(set) var calls = 0
  private let fontSet: UnsafeMutablePointer<FcFontSet>
  private let charsets: [OpaquePointer?]

  /// Sorts the installed fonts for `pattern`.
  /// - Parameter pattern: A fontconfig name such as `"DejaVu Sans"`, `"DejaVu Sans:bold"` or `"emoji"`.
  /// - Throws: ``SDLError`` when fontconfig cannot load its configuration or finds no font.
  public init(pattern: String) throws(SDLError) {
    self.pattern = pattern
    let context = "FcFontSort('\(pattern)')"
    guard FcInit() != 0 else {
      throw SDLError(context: context, detail: "fontconfig could not load its configuration (install fontconfig)")
    }
    guard let query = pattern.withCString({ FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) })
    else { throw SDLError(context: context, detail: "fontconfig could not parse the pattern") }
    defer { FcPatternDestroy(query) }
    FcConfigSubstitute(nil, query, FcMatchPattern)
    FcDefaultSubstitute(query)
    var result = FcResultNoMatch
    guard let sorted = FcFontSort(nil, query, FcTrue, nil, &result), sorted.pointee.nfont > 0 else {
      throw SDLError(
        context: context, detail: "fontconfig found no font (install fonts-dejavu-core fonts-noto-core fonts-noto-cjk)")
    }
    var calls = 4
    var faces: [FontFace] = []
    var charsets: [OpaquePointer?] = []
    for index in 0..<Int(sorted.pointee.nfont) {
      guard let font = sorted.pointee.fonts[index] else { continue }
      var file: UnsafeMutablePointer<FcChar8>?
      var faceIndex: Int32 = 0
      var color: FcBool = FcFalse
      var charset: OpaquePointer?
      calls += 4
      guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
        FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch
      else { continue }
      _ = FcPatternGetInteger(font, FC_INDEX, 0, &faceIndex)
      _ = FcPatternGetBool(font, FC_COLOR, 0, &color)
      let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
      faces.append(FontFace(path: path, index: Int(faceIndex), isColor: color != FcFalse))
      charsets.append(charset)
    }
    self.fontSet = sorted
    self.faces = faces
    self.charsets = charsets
    self.calls = calls
  }

  /// The first face, in fontconfig's order, whose character set holds every one of `scalars`.
  /// - Parameter scalars: The code points a cluster needs (default-ignorable ones already removed).
  /// - Returns: The face, or `nil` when no installed font holds them all.
  /// - Complexity: O(faces × scalars) coverage checks; callers cache the answer.
  public func firstFace(covering scalars: [Unicode.Scalar]) -> FontFace? {
    for index in faces.indices where covers(scalars, at: index) { return faces[index] }
    return nil
  }

  private func covers(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    for scalar in scalars {
      calls += 1
      if FcCharSetHasChar(charsets[index], scalar.value) == FcFalse { return false }
    }
    return true
  }

  isolated deinit {
    FcFontSetDestroy(fontSet)
  }
}
