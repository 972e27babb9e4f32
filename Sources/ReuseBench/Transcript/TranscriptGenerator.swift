import AnimationRuntime
import ChatKit
import ReuseKitSDL
import ReuseKitSupport
import Stickers
import TextEngine

/// Generates a chat transcript: one paragraph per message, about 80 characters each, every third
/// holding a sticker, with the chat's sender and time paragraph attributes (`ChatMessage.senderKey`,
/// `ChatMessage.timeKey`).
///
/// Two places differ from the rule, so that the figures have something to measure:
/// - ``typingParagraph`` (the middle message) holds three stickers: keystrokes go there (P1);
/// - ``stickerParty`` (a run of messages after it) holds ``partyStickers`` stickers per message, so
///   that a 480×800 viewport scrolled through it shows at least 30 animated stickers (P2, P6).
struct TranscriptGenerator {
  /// The number of messages.
  let count: Int
  /// The sticker names, used round robin.
  let stickerNames: [String]
  /// The runtime every sticker attachment plays in.
  let runtime: StickerRuntime

  /// Messages in the sticker party.
  static let partyLength = 160
  /// Stickers per message in the party.
  static let partyStickers = 6
  /// Characters per message, about.
  static let targetLength = 80

  /// The message a keystroke figure types into.
  var typingParagraph: Int { count / 2 }
  /// The messages holding three stickers each, for the scroll and sticker figures.
  var stickerParty: Range<Int> {
    let start = min(typingParagraph + 40, max(0, count - Self.partyLength))
    return start..<min(count, start + Self.partyLength)
  }

  private static let words = [
    "hey", "see", "you", "at", "the", "party", "tonight", "bring", "cake", "birthday", "happy", "sticker",
    "message", "scrolling", "really", "fast", "reuse", "animation", "state", "when", "we", "edit", "this",
    "paragraph", "okay", "thanks", "great", "idea", "later", "lunch", "coffee", "tomorrow", "meeting", "nice",
  ]
  /// The chat view's own user first: their messages sit on the trailing side.
  private static let senders = [ChatTextView.defaultLocalSender, "Ana", "Ben", "Chloé", "Dmitri", "Eun-ji"]

  /// Every message's text and paragraph attributes, in order.
  /// - Complexity: O(count).
  func messages() -> [(AttributedText, [String: String])] {
    var random = SplitMix64(seed: 0xC4A7)
    var result: [(AttributedText, [String: String])] = []
    result.reserveCapacity(count)
    let party = stickerParty
    var stickerIndex = 0
    for index in 0..<count {
      let stickers =
        party.contains(index) ? Self.partyStickers : (index == typingParagraph ? 3 : (index % 3 == 0 ? 1 : 0))
      let text = message(stickers: stickers, random: &random, stickerIndex: &stickerIndex)
      let sender = Self.senders[random.next(below: Self.senders.count)]
      result.append((text, [ChatMessage.senderKey: sender, ChatMessage.timeKey: String(1_700_000_000 + index * 37)]))
    }
    return result
  }

  /// One message of about ``targetLength`` characters with `stickers` stickers spread through it.
  private func message(stickers: Int, random: inout SplitMix64, stickerIndex: inout Int) -> AttributedText {
    let target = Self.targetLength - 4 + random.next(below: 9) - stickers * 2
    var chunks: [String] = [""]
    chunks[0].reserveCapacity(Self.targetLength + 8)
    let chunkLength = target / (stickers + 1) + 1
    var length = 0
    while length < target {
      let word = Self.words[random.next(below: Self.words.count)]
      if chunks.count <= stickers, chunks[chunks.count - 1].utf8.count >= chunkLength { chunks.append("") }
      chunks[chunks.count - 1] += chunks[chunks.count - 1].isEmpty && length == 0 ? word : " " + word
      length += word.utf8.count + 1
    }
    guard stickers > 0 else { return AttributedText(chunks[0]) }
    var text = AttributedText()
    for index in 0..<stickers {
      text.append(AttributedText(index < chunks.count ? chunks[index] + " " : " "))
      text.append(AttributedText(attachment: sticker(&stickerIndex)))
    }
    if chunks.count > stickers { text.append(AttributedText(chunks[stickers])) }
    return text
  }

  private func sticker(_ index: inout Int) -> StickerAttachment {
    defer { index += 1 }
    return StickerAttachment(stickerName: stickerNames[index % stickerNames.count], runtime: runtime)
  }
}
