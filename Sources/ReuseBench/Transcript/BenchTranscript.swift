import ChatKit
import ChatModel
import Stickers
import TextEngine

/// The benchmarks' transcript: ChatKit's ``TranscriptGenerator`` (every third message holding a
/// sticker), turned into chat paragraphs with the chat's own conversion.
///
/// Four places differ from the rule, so that the figures have something to measure:
/// - ``typingParagraph`` (the middle message) holds three stickers: the keystroke figures type there;
/// - ``stickerParty`` (a run of messages after it) holds ``partyStickers`` stickers per message, so
///   that a 480×800 viewport scrolled through it shows at least 30 animated stickers (the scroll and sticker-rendering figures);
/// - ``intlTypingParagraph`` is Japanese, Arabic and emoji around three stickers (the multilingual keystroke);
/// - ``intlScroll`` (a run after the party) is Chinese, Japanese and Korean with emoji (the multilingual scroll).
struct BenchTranscript {
  /// The number of messages.
  let count: Int
  /// The sticker names to draw from.
  let stickerNames: [String]
  /// The runtime every sticker attachment plays in.
  let runtime: StickerRuntime

  /// Messages in the sticker party.
  static let partyLength = 160
  /// Stickers per message in the party.
  static let partyStickers = 6
  /// Stickers in the typing paragraph.
  static let typingStickers = 3

  /// The message a keystroke figure types into.
  var typingParagraph: Int { count / 2 }
  /// The messages holding ``partyStickers`` stickers each, for the scroll and sticker figures.
  var stickerParty: Range<Int> {
    let start = min(typingParagraph + 40, max(0, count - Self.partyLength))
    return start..<min(count, start + Self.partyLength)
  }

  /// The multilingual message a keystroke figure types into, two after ``typingParagraph``.
  var intlTypingParagraph: Int { min(count - 1, typingParagraph + 2) }
  /// The CJK-and-emoji messages the multilingual scroll figure scrolls through, after the party.
  var intlScroll: Range<Int> {
    let start = min(stickerParty.upperBound + 20, max(0, count - Self.partyLength))
    return start..<min(count, start + Self.partyLength)
  }

  /// The generator, with the typing paragraph and the party as sticker runs.
  var generator: TranscriptGenerator {
    TranscriptGenerator(
      messages: count, seed: 0xC4A7, stickerEvery: 3, stickers: stickerNames,
      stickerRuns: [
        .init(messages: stickerParty, stickersPerMessage: Self.partyStickers),
        .init(messages: typingParagraph..<(typingParagraph + 1), stickersPerMessage: Self.typingStickers),
      ])
  }

  /// Every message's text and paragraph attributes, in order.
  /// - Complexity: O(count).
  func messages() -> [(AttributedText, [String: String])] {
    let stickers = StickerFactory(runtime: runtime)
    var attributes = ParagraphAttributeTable()
    var paragraphs: [(AttributedText, [String: String])] = []
    paragraphs.reserveCapacity(count)
    // One message at a time, as a transcript is opened: no array of messages beside the paragraphs.
    for (index, generated) in generator.messageSequence.enumerated() {
      var message = generated
      if intlScroll.contains(index), index != intlTypingParagraph {
        message.parts = [.text(Self.intlLines[index % Self.intlLines.count])]
      }
      if index == intlTypingParagraph, stickerNames.count >= 3 {
        message.parts = [
          .text("今日は新しいテキストエンジンを試しています"), .sticker(stickerNames[0]),
          .text(" مرحبا بالعالم، هذا محرك النصوص "), .sticker(stickerNames[1]),
          .text(" 👨‍👩‍👧‍👦🇯🇵👍🏽 すごい！"), .sticker(stickerNames[2]),
        ]
      }
      paragraphs.append(message.paragraph(stickers: stickers, sharing: &attributes))
    }
    return paragraphs
  }

  /// Chinese, Japanese and Korean lines with emoji for ``intlScroll``.
  private static let intlLines = [
    "你好！今天的会议改到下午三点 🙂 请大家准时参加 👍🏻",
    "こんにちは！週末は京都へ行きます 🍵🇯🇵 写真を送りますね 📷",
    "안녕하세요! 오늘 저녁에 같이 밥 먹을래요? 🍜😋",
    "这个新的文本引擎支持中文、日本語、한국어 还有表情符号 👨‍👩‍👧‍👦🎉",
    "明日の天気は晴れ ☀️ 気温は二十五度くらいです",
    "생일 축하해요! 🎂🎈 행복한 하루 보내세요 ❤️",
  ]
}
