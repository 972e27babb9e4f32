import ChatKit
import Stickers
import TextEngine

/// The benchmarks' transcript: ChatKit's ``TranscriptGenerator`` (every third message holding a
/// sticker), turned into chat paragraphs with the chat's own conversion.
///
/// Two places differ from the rule, so that the figures have something to measure:
/// - ``typingParagraph`` (the middle message) holds three stickers: keystrokes go there (P1);
/// - ``stickerParty`` (a run of messages after it) holds ``partyStickers`` stickers per message, so
///   that a 480×800 viewport scrolled through it shows at least 30 animated stickers (P2, P6).
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
    return generator.generate().messages.map { $0.paragraph(stickers: stickers) }
  }
}
