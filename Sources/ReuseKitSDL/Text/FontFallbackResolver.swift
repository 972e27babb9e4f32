import ReuseKitSupport
import SDLSupport

/// Chooses the font for each character: the primary font when it has every glyph, else the first
/// face of fontconfig's sorted fallback list that does (colour emoji first for emoji clusters).
///
/// Every answer is cached per (weight, character), and every coverage check per (face, character),
/// in least-recently-used caches of ``cacheCapacity`` entries, so after warm-up choosing a font is
/// one dictionary lookup and makes no fontconfig call.
/// Fallback faces are opened once per pixel size and kept.
@MainActor
final class FontFallbackResolver {
  /// The family the fallback lists are sorted for, for example `"DejaVu Sans"`.
  let family: String
  /// Fontconfig queries made so far (the sorts and every coverage check), for the counters.
  var fontconfigCalls: Int { lists.values.reduce(retiredCalls) { $0 + $1.calls } }

  private struct ChoiceKey: Hashable {
    var character: Character
    var bold: Bool
  }

  private struct CoverageKey: Hashable {
    var face: FontFace
    var character: Character
  }

  private struct OpenKey: Hashable {
    var face: FontFace
    var pixelSize: Int
  }

  /// The most choices, and the most coverage checks, kept: grapheme clusters are unbounded (any
  /// base with any marks), so the least recently used are dropped past this many (cost 1 each).
  /// A screenful of any script needs a few hundred, so typing after warm-up asks fontconfig nothing.
  static let cacheCapacity = 1 << 14

  /// Font choices cached now (at most ``cacheCapacity``).
  var cachedChoiceCount: Int { choices.count }
  /// Coverage checks cached now (at most ``cacheCapacity``).
  var cachedCoverageCount: Int { coverage.count }

  private let context: SDLContext
  private var lists: [String: FontFallbackList] = [:]
  private var unavailablePatterns: Set<String> = []
  private var retiredCalls = 0
  private var choices = LRUCache<ChoiceKey, FontChoice>(costLimit: cacheCapacity)
  private var coverage = LRUCache<CoverageKey, Bool>(costLimit: cacheCapacity)
  private var openFonts: [OpenKey: SDLFont] = [:]

  /// Creates a resolver; fontconfig is first asked when a character needs a fallback.
  /// - Parameters:
  ///   - context: Keeps SDL2_ttf initialised for the fallback fonts.
  ///   - family: The primary family, whose sorted list supplies the fallbacks.
  init(context: SDLContext, family: String) {
    self.context = context
    self.family = family
  }

  /// The font that draws `character` in a weight.
  /// - Parameters:
  ///   - character: One grapheme cluster.
  ///   - bold: Whether the text is bold (the bold list prefers bold faces).
  ///   - primary: The primary font of that weight.
  /// - Complexity: One dictionary lookup after the first call for this character.
  func choice(for character: Character, bold: Bool, primary: SDLFont) -> FontChoice {
    let key = ChoiceKey(character: character, bold: bold)
    if let choice = choices.value(for: key) { return choice }
    let choice = resolve(character, bold: bold, primary: primary)
    choices.insert(choice, for: key, cost: 1)
    return choice
  }

  /// Whether the font of `choice` has every glyph of `character` (cached per face and character).
  ///
  /// Asks the opened font's character map (SDL2_ttf), never fontconfig, so a keystroke that puts a
  /// character next to a new neighbour makes no fontconfig call.
  func covers(_ choice: FontChoice, _ character: Character, bold: Bool, primary: SDLFont) -> Bool {
    switch choice {
    case .missing: return false
    case .primary: return Self.required(character).allSatisfy(primary.provides)
    case .fallback(let face):
      let key = CoverageKey(face: face, character: character)
      if let covered = coverage.value(for: key) { return covered }
      let font = font(for: face, pixelSize: primary.pixelSize)
      let covered = font.map { Self.required(character).allSatisfy($0.provides) } ?? false
      coverage.insert(covered, for: key, cost: 1)
      return covered
    }
  }

  /// How many code points of `character` the font of `choice` lacks, each drawn as a
  /// missing-glyph box: one for a missing character, and those a partial-coverage fallback
  /// (no face has the whole cluster, so the face of its first code point draws it) cannot draw.
  /// - Complexity: O(1) when the font covers the character (a cached check), else O(scalars).
  func boxes(_ choice: FontChoice, _ character: Character, bold: Bool, primary: SDLFont) -> Int {
    if choice == .missing { return 1 }
    if covers(choice, character, bold: bold, primary: primary) { return 0 }
    var font = primary
    if case .fallback(let face) = choice, let opened = self.font(for: face, pixelSize: primary.pixelSize) {
      font = opened
    }
    return Self.required(character).count { !font.provides($0) }
  }

  /// The fallback face opened at a pixel size, or `nil` when SDL2_ttf cannot open it.
  func font(for face: FontFace, pixelSize: Int) -> SDLFont? {
    let key = OpenKey(face: face, pixelSize: pixelSize)
    if let font = openFonts[key] { return font }
    guard let font = try? SDLFont(context: context, face: face, pixelSize: pixelSize) else { return nil }
    openFonts[key] = font
    return font
  }

  private func resolve(_ character: Character, bold: Bool, primary: SDLFont) -> FontChoice {
    let scalars = Self.required(character)
    guard !scalars.isEmpty else { return .primary }
    if Self.wantsEmojiPresentation(character), let face = list("emoji")?.firstFace(covering: scalars), face.isColor {
      return .fallback(face)
    }
    if scalars.allSatisfy(primary.provides) { return .primary }
    let list = list(bold ? "\(family):bold" : family)
    if let face = list?.firstFace(covering: scalars) { return .fallback(face) }
    if let face = list?.firstFace(covering: [scalars[0]]) { return .fallback(face) }
    return .missing
  }

  private func list(_ pattern: String) -> FontFallbackList? {
    if let list = lists[pattern] { return list }
    guard !unavailablePatterns.contains(pattern) else { return nil }
    guard let list = try? FontFallbackList(pattern: pattern) else {
      unavailablePatterns.insert(pattern)
      retiredCalls += 1
      return nil
    }
    lists[pattern] = list
    return list
  }

  /// The code points a font must have to draw `character`: all but the default-ignorable ones
  /// (joiners, variation selectors, tags), which shaping consumes.
  private static func required(_ character: Character) -> [Unicode.Scalar] {
    character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
  }

  /// Whether `character` should draw as a colour emoji: emoji presentation by default, a VS16,
  /// a skin-tone modifier, a flag or a ZWJ sequence of emoji.
  private static func wantsEmojiPresentation(_ character: Character) -> Bool {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return false }
    if scalars.contains("\u{FE0E}") { return false }
    if scalars.contains("\u{FE0F}") || first.properties.isEmojiPresentation { return true }
    if scalars.contains(where: { $0.properties.isEmojiModifier }) { return true }
    return scalars.count > 1 && scalars.contains("\u{200D}") && first.properties.isEmoji
  }
}
