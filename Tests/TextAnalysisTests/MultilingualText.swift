import Foundation
import ReuseKitSupport
import ReuseKitTestSupport
import TextAnalysis
import TextEngine

/// Random multilingual paragraphs and layout managers with the real analyzer, for the layout tests.
enum MultilingualText {
  /// Words of many scripts, numbers, emoji clusters (ZWJ family, skin tone, flag) and a URL piece.
  static let words = [
    "hello", "world", "שלום", "עולם", "مرحبا", "بالعالم", "日本語の文章です", "我们今天去公园", "한국어 문장",
    "สวัสดีครับ", "ภาษาไทยไม่มีช่องว่าง", "नमस्ते", "42", "3.14", "(abc)", "👨‍👩‍👧‍👦", "👍🏽", "🇯🇵🇫🇷", "e\u{301}",
    "https://example.com/a/very/long/path?query=value", "—", "!",
  ]

  /// A random paragraph: words, spaces, sometimes a word longer than any line, a sticker or a hard break.
  static func paragraph(_ random: inout SplitMix64, words count: Int) -> AttributedText {
    var text = AttributedText()
    for _ in 0..<count {
      switch random.next() % 24 {
      case 0: text.append(AttributedText(attachment: Fixtures.sticker()))
      case 1: text.append(AttributedText(String(repeating: "x", count: 40 + Int(random.next() % 60))))
      case 2: text.append(AttributedText(String(repeating: "ש", count: 40 + Int(random.next() % 60))))
      case 3: text.append(AttributedText(String(AttributedText.lineSeparator)))
      default: text.append(AttributedText(words[Int(random.next() % UInt64(words.count))]))
      }
      if random.next() % 4 != 0 { text.append(AttributedText(" ")) }
    }
    return text
  }

  /// A layout manager over `storage` at `width`, measuring 8 points a character, with ICU and FriBidi.
  static func manager(_ storage: TextContentStorage, width: Double) throws -> TextLayoutManager {
    let manager = TextLayoutManager(
      textContentManager: storage, textContainer: TextContainer(size: CGSize(width: width, height: 0)),
      glyphMeasurer: FixedAdvanceGlyphMeasurer())
    manager.textAnalyzer = try UnicodeTextAnalyzer()
    return manager
  }
}
