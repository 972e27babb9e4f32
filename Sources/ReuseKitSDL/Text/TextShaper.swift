import ReuseKitSupport
import SDLSupport
import TextEngine

/// Splits runs into font-fallback sub-runs and measures them shaped, one advance per character.
///
/// Measuring and drawing both go through this type, so layout and pixels agree. Characters of
/// scripts without context (Latin, CJK, emoji) are measured one at a time and cached per
/// (character, font, size). Words of joining or reordering scripts (Arabic, Devanagari, Thai…) are
/// shaped whole, in their script and direction, and the shaped width is split per character by
/// shaping each prefix; these words are cached too, so a keystroke re-shapes at most the word it
/// touches.
@MainActor
final class TextShaper {
  /// The fonts shaped with.
  let fonts: SDLFontSet
  /// Advances served from the caches.
  private(set) var cacheHits = 0
  /// Advances that had to be measured with SDL2_ttf.
  private(set) var cacheMisses = 0

  /// The longest piece whose prefixes are shaped on their own; longer words are split in pieces of
  /// this many characters, each ending where the whole word's shaping puts it.
  private static let wordLimit = 32

  private struct CharacterKey: Hashable {
    var character: Character
    var choice: FontChoice
    var pixelSize: Int
    var bold: Bool
  }

  /// A word's key holds its own copy: a `Substring` would keep the whole paragraph's string alive in the cache.
  private struct WordKey: Hashable {
    var word: String
    var choice: FontChoice
    var script: String
    var pixelSize: Int
    var bold: Bool
  }

  private struct StyleKey: Hashable {
    var bold: Bool
    var pixelSize: Int
  }

  /// The most character advances kept: grapheme clusters are unbounded (any base with any marks),
  /// so the least recently used are dropped past this many (cost 1 each). A screenful of any
  /// script needs a few hundred.
  static let characterCacheCapacity = 1 << 14

  private var characterAdvances = LRUCache<CharacterKey, Double>(costLimit: characterCacheCapacity)
  private var primaryCoversASCII: [Bool: Bool] = [:]
  private var asciiTables: [StyleKey: [Double]] = [:]
  private var wordAdvances = LRUCache<WordKey, [Double]>(costLimit: 1 << 16)

  /// Character advances cached now (at most ``characterCacheCapacity``).
  var cachedCharacterCount: Int { characterAdvances.count }

  /// Creates a shaper over `fonts`.
  init(fonts: SDLFontSet) {
    self.fonts = fonts
  }

  /// The sub-runs of `text`: maximal stretches with one font and one script.
  ///
  /// Spaces, digits and punctuation stay in the sub-run before them when its (non-colour) font has
  /// them, so a sentence in a fallback script is shaped as one run. Each missing character is a
  /// sub-run of its own.
  /// - Complexity: O(n) dictionary lookups after warm-up; one pass over the bytes for ASCII text.
  func subruns(of text: Substring, attributes: TextAttributes) -> [TextSubrun] {
    if Self.isSimpleASCII(text), asciiIsPrimary(attributes) {
      return [TextSubrun(text: text, characterCount: text.utf8.count, choice: .primary, script: .common)]
    }
    var result: [TextSubrun] = []
    var start = text.startIndex
    var count = 0
    var choice: FontChoice?
    var script: ShapingScript?
    for index in text.indices {
      let character = text[index]
      let characterScript = character.unicodeScalars.lazy.compactMap(ShapingScript.of).first
      var characterChoice = fonts.choice(for: character, attributes: attributes)
      if let current = choice, characterChoice != current, characterScript == nil, Self.absorbsNeighbours(current),
        Self.absorbsNeighbours(characterChoice), fonts.covers(current, character, attributes: attributes)
      {
        characterChoice = current
      }
      let scriptChanges = characterScript != nil && script != nil && characterScript != script
      if let current = choice, characterChoice != current || current == .missing || scriptChanges {
        result.append(
          TextSubrun(text: text[start..<index], characterCount: count, choice: current, script: script ?? .common))
        start = index
        count = 0
        script = nil
      }
      choice = characterChoice
      if script == nil { script = characterScript }
      count += 1
    }
    if let choice, count > 0 {
      result.append(
        TextSubrun(text: text[start...], characterCount: count, choice: choice, script: script ?? .common))
    }
    return result
  }

  /// The advance of each character of `text`, shaped.
  /// - Returns: Exactly `text.count` advances, in pixels.
  func advances(of text: Substring, attributes: TextAttributes) -> [Double] {
    if Self.isSimpleASCII(text), asciiIsPrimary(attributes) { return asciiAdvances(of: text, attributes: attributes) }
    var result: [Double] = []
    result.reserveCapacity(text.utf8.count)
    for subrun in subruns(of: text, attributes: attributes) {
      result.append(contentsOf: advances(of: subrun, attributes: attributes))
    }
    return result
  }

  /// The advance of each character of one sub-run.
  /// - Returns: Exactly `subrun.characterCount` advances.
  func advances(of subrun: TextSubrun, attributes: TextAttributes) -> [Double] {
    let (font, scale) = fonts.font(for: subrun.choice, attributes: attributes)
    guard subrun.script.needsContext, subrun.choice != .missing else {
      return subrun.text.map {
        advance(of: $0, choice: subrun.choice, font: font, scale: scale, bold: attributes.isBold)
      }
    }
    var result: [Double] = []
    result.reserveCapacity(subrun.characterCount)
    var wordStart = subrun.text.startIndex
    var wordLength = 0
    func flushWord(upTo end: Substring.Index) {
      guard wordLength > 0 else { return }
      result.append(
        contentsOf: shapedAdvances(
          of: subrun.text[wordStart..<end], count: wordLength, script: subrun.script, choice: subrun.choice,
          font: font, bold: attributes.isBold))
      wordLength = 0
    }
    for index in subrun.text.indices {
      let character = subrun.text[index]
      if character.isWhitespace {
        flushWord(upTo: index)
        result.append(advance(of: character, choice: subrun.choice, font: font, scale: scale, bold: attributes.isBold))
        wordStart = subrun.text.index(after: index)
      } else {
        if wordLength == 0 { wordStart = index }
        wordLength += 1
      }
    }
    flushWord(upTo: subrun.text.endIndex)
    return result
  }

  /// Whether `text` is ASCII with one character per byte (no CR LF pair), so it needs no font
  /// choice, no script and no grapheme breaking.
  /// (Nonisolated, so its per-byte test runs without an actor check per byte.)
  private nonisolated static func isSimpleASCII(_ text: Substring) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
  }

  /// Advances of simple ASCII text in the primary font, from a 128-entry table per (weight, size).
  /// - Complexity: O(n) array reads after warm-up.
  private func asciiAdvances(of text: Substring, attributes: TextAttributes) -> [Double] {
    let font = fonts.font(for: attributes)
    let key = StyleKey(bold: attributes.isBold, pixelSize: font.pixelSize)
    var table = asciiTables[key] ?? [Double](repeating: .nan, count: 128)
    var measured = false
    var result: [Double] = []
    result.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      var advance = table[Int(byte)]
      if advance.isNaN {
        advance = self.advance(
          of: Character(Unicode.Scalar(byte)), choice: .primary, font: font, scale: 1, bold: attributes.isBold)
        table[Int(byte)] = advance
        measured = true
      } else {
        cacheHits += 1
      }
      result.append(advance)
    }
    if measured { asciiTables[key] = table }
    return result
  }

  /// Whether the primary font of a weight has every printable ASCII character (DejaVu Sans has),
  /// so ASCII text needs no per-character font choice. Asked once per weight.
  private func asciiIsPrimary(_ attributes: TextAttributes) -> Bool {
    if let known = primaryCoversASCII[attributes.isBold] { return known }
    let font = fonts.font(for: attributes)
    let covers = (0x20...0x7E).allSatisfy { font.provides(Unicode.Scalar(UInt8($0))) }
    primaryCoversASCII[attributes.isBold] = covers
    return covers
  }

  /// Whether spaces and punctuation may join a sub-run of this font, or leave their own font for a
  /// neighbour's: colour fonts draw digits and symbols as emoji, so they keep only emoji, and an
  /// emoji (`✈️`) keeps its colour font.
  private static func absorbsNeighbours(_ choice: FontChoice) -> Bool {
    if case .fallback(let face) = choice { return !face.isColor }
    return choice == .primary
  }

  private func advance(of character: Character, choice: FontChoice, font: SDLFont, scale: Double, bold: Bool)
    -> Double
  {
    let key = CharacterKey(character: character, choice: choice, pixelSize: font.pixelSize, bold: bold)
    if let advance = characterAdvances.value(for: key) {
      cacheHits += 1
      return advance
    }
    cacheMisses += 1
    let advance: Double
    let scalars = character.unicodeScalars
    if Self.hasNoAdvance(character) {
      advance = 0
    } else if choice == .missing || scalars.count == 1, let metrics = font.glyphMetrics(scalars.first!) {
      advance = (Double(metrics.advance) * scale).rounded()
    } else {
      font.setShaping(script: ShapingScript.common.code, direction: .leftToRight)
      advance = (Double((try? font.penAdvance(of: String(character))) ?? 0) * scale).rounded()
    }
    characterAdvances.insert(advance, for: key, cost: 1)
    return advance
  }

  /// Shapes a word in its script and direction and splits its width per character by shaping each prefix.
  ///
  /// The advances add up to the whole word's shaped width, which is what drawing the word renders.
  /// A word longer than ``wordLimit`` is split in pieces of that many characters: each piece's end
  /// is placed by shaping the word up to it, and the characters inside by shaping the piece's prefixes.
  /// - Complexity: O(n × wordLimit + n² / wordLimit) shaped characters for a word of n characters;
  ///   lines bound n, and the result is cached.
  private func shapedAdvances(
    of word: Substring, count: Int, script: ShapingScript, choice: FontChoice, font: SDLFont, bold: Bool
  ) -> [Double] {
    let key = WordKey(word: String(word), choice: choice, script: script.code, pixelSize: font.pixelSize, bold: bold)
    if let advances = wordAdvances.value(for: key) {
      cacheHits += count
      return advances
    }
    cacheMisses += count
    font.setShaping(script: script.code, direction: script.isRightToLeft ? .rightToLeft : .leftToRight)
    func width(_ range: Range<Substring.Index>) -> Double {
      Double((try? font.penAdvance(of: String(word[range]))) ?? 0)
    }
    var advances: [Double] = []
    advances.reserveCapacity(count)
    var previous = 0.0
    var pieceStart = word.startIndex
    var position = 0
    while position < count {
      let pieceCount = min(Self.wordLimit, count - position)
      let pieceEnd = word.index(pieceStart, offsetBy: pieceCount)
      let base = previous
      let pieceTotal = max(width(word.startIndex..<pieceEnd), previous)
      var end = pieceStart
      for offset in 0..<pieceCount {
        end = word.index(after: end)
        let prefix = offset == pieceCount - 1 ? pieceTotal : base + width(pieceStart..<end)
        let clamped = min(max(prefix, previous), pieceTotal)
        advances.append(clamped - previous)
        previous = clamped
      }
      position += pieceCount
      pieceStart = pieceEnd
    }
    wordAdvances.insert(advances, for: key, cost: count)
    return advances
  }

  /// Whether a character takes no horizontal space: controls, line/paragraph separators, and
  /// clusters made only of default-ignorable code points (bidi marks and isolates, U+061C,
  /// U+200B–U+200F, U+202A–U+202E, U+2060–U+206F…), which no font has to draw and which
  /// ``TextFragmentRenderer`` removes before rendering.
  nonisolated static func hasNoAdvance(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return true }
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: return true
    default: return character.unicodeScalars.allSatisfy(\.properties.isDefaultIgnorableCodePoint)
    }
  }
}
