import ReuseKitSupport

/// The script HarfBuzz shapes a run with, found from the run's code points.
///
/// SDL2_ttf neither guesses the script nor the direction, and HarfBuzz joins Arabic, forms Indic
/// conjuncts and places Thai marks only when told the script. Scripts whose glyphs depend on their
/// neighbours are measured by shaping whole words (``needsContext``); the others one character at a time.
struct ShapingScript: Hashable, Sendable {
  /// The ISO 15924 code, for example `"Arab"`.
  var code: String
  /// Whether the script is written right to left (HarfBuzz shapes such runs right to left).
  var isRightToLeft: Bool
  /// Whether a glyph's shape or advance depends on its neighbours (joining, conjuncts, reordering).
  var needsContext: Bool

  /// The script of text without letters (digits, punctuation, spaces, symbols).
  static let common = ShapingScript(code: "Zyyy", isRightToLeft: false, needsContext: false)

  private struct Block {
    var first: UInt32
    var last: UInt32
    var script: ShapingScript
  }

  /// The script of `scalar`, or `nil` when it belongs to no script (common or inherited characters,
  /// which take the script of the text around them).
  /// - Complexity: O(log blocks).
  static func of(_ scalar: Unicode.Scalar) -> ShapingScript? {
    let value = scalar.value
    if value < 0x80 {
      return (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) ? latin : nil
    }
    let index = blocks.partitioningIndex { $0.last >= value }
    guard index < blocks.count, blocks[index].first <= value else { return nil }
    return blocks[index].script
  }

  /// Latin shapes as common text (HarfBuzz's default lookups), as SDL2_ttf always shaped it.
  private static let latin = common

  /// Han, with Hiragana and Katakana: HarfBuzz shapes all three alike, so Japanese mixing them
  /// stays one sub-run (one texture) instead of splitting at every change of kana and kanji.
  private static let han = ShapingScript(code: "Hani", isRightToLeft: false, needsContext: false)

  private static func simple(_ code: String) -> ShapingScript {
    ShapingScript(code: code, isRightToLeft: false, needsContext: false)
  }

  private static func complex(_ code: String) -> ShapingScript {
    ShapingScript(code: code, isRightToLeft: false, needsContext: true)
  }

  private static func rightToLeft(_ code: String) -> ShapingScript {
    ShapingScript(code: code, isRightToLeft: true, needsContext: true)
  }

  /// Unicode blocks by first code point; gaps are common or unlisted scripts.
  private static let blocks: [Block] = [
    Block(first: 0x00C0, last: 0x024F, script: latin),
    Block(first: 0x0370, last: 0x03FF, script: simple("Grek")),
    Block(first: 0x0400, last: 0x052F, script: simple("Cyrl")),
    Block(first: 0x0530, last: 0x058F, script: simple("Armn")),
    Block(first: 0x0590, last: 0x05FF, script: rightToLeft("Hebr")),
    Block(first: 0x0600, last: 0x06FF, script: rightToLeft("Arab")),
    Block(first: 0x0700, last: 0x074F, script: rightToLeft("Syrc")),
    Block(first: 0x0750, last: 0x077F, script: rightToLeft("Arab")),
    Block(first: 0x0780, last: 0x07BF, script: rightToLeft("Thaa")),
    Block(first: 0x07C0, last: 0x07FF, script: rightToLeft("Nkoo")),
    Block(first: 0x0840, last: 0x085F, script: rightToLeft("Mand")),
    Block(first: 0x08A0, last: 0x08FF, script: rightToLeft("Arab")),
    Block(first: 0x0900, last: 0x097F, script: complex("Deva")),
    Block(first: 0x0980, last: 0x09FF, script: complex("Beng")),
    Block(first: 0x0A00, last: 0x0A7F, script: complex("Guru")),
    Block(first: 0x0A80, last: 0x0AFF, script: complex("Gujr")),
    Block(first: 0x0B00, last: 0x0B7F, script: complex("Orya")),
    Block(first: 0x0B80, last: 0x0BFF, script: complex("Taml")),
    Block(first: 0x0C00, last: 0x0C7F, script: complex("Telu")),
    Block(first: 0x0C80, last: 0x0CFF, script: complex("Knda")),
    Block(first: 0x0D00, last: 0x0D7F, script: complex("Mlym")),
    Block(first: 0x0D80, last: 0x0DFF, script: complex("Sinh")),
    Block(first: 0x0E00, last: 0x0E7F, script: complex("Thai")),
    Block(first: 0x0E80, last: 0x0EFF, script: complex("Laoo")),
    Block(first: 0x0F00, last: 0x0FFF, script: complex("Tibt")),
    Block(first: 0x1000, last: 0x109F, script: complex("Mymr")),
    Block(first: 0x10A0, last: 0x10FF, script: simple("Geor")),
    Block(first: 0x1100, last: 0x11FF, script: complex("Hang")),
    Block(first: 0x1780, last: 0x17FF, script: complex("Khmr")),
    Block(first: 0x1E00, last: 0x1EFF, script: latin),
    Block(first: 0x3040, last: 0x309F, script: han),
    Block(first: 0x30A0, last: 0x30FF, script: han),
    Block(first: 0x3130, last: 0x318F, script: simple("Hang")),
    Block(first: 0x3400, last: 0x4DBF, script: han),
    Block(first: 0x4E00, last: 0x9FFF, script: han),
    Block(first: 0xA960, last: 0xA97F, script: complex("Hang")),
    Block(first: 0xAC00, last: 0xD7FF, script: simple("Hang")),
    Block(first: 0xF900, last: 0xFAFF, script: han),
    Block(first: 0xFB1D, last: 0xFB4F, script: rightToLeft("Hebr")),
    Block(first: 0xFB50, last: 0xFDFF, script: rightToLeft("Arab")),
    Block(first: 0xFE70, last: 0xFEFF, script: rightToLeft("Arab")),
    Block(first: 0x20000, last: 0x3FFFF, script: han),
  ]
}
