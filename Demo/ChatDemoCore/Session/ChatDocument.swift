import AnimationRuntime
import ChatKit
import ReuseKitSDL
import Stickers
import TextEngine

/// Converts between transcripts and text storage: one message, one paragraph.
///
/// A message's sender and time live in the paragraph attributes `from` and `time`; a `\n`
/// inside a message becomes U+2028; a sticker part becomes a ``StickerAttachment``.
public enum ChatDocument {
  /// The paragraph attribute holding the sender.
  public static let fromKey = ChatKit.ChatMessage.senderKey
  /// The paragraph attribute holding the display time.
  public static let timeKey = ChatKit.ChatMessage.timeKey

  /// The paragraph content and attributes for `message`.
  /// - Complexity: O(message length); one pass over plain text.
  public static func paragraph(for message: ChatMessage, stickers: StickerFactory) -> (AttributedText, [String: String])
  {
    let attributes = message.time.map { [fromKey: message.from, timeKey: $0] } ?? [fromKey: message.from]
    if message.parts.count == 1, case .text(let string) = message.parts[0] {
      return (AttributedText(string.replacingLineBreaks()), attributes)
    }
    var text = AttributedText()
    let standalone = message.isStickerOnly
    for part in message.parts {
      switch part {
      case .text(let string):
        text.append(AttributedText(string.replacingLineBreaks()))
      case .sticker(let name):
        text.append(AttributedText(attachment: stickers.make(name, standalone: standalone)))
      }
    }
    return (text, attributes)
  }

  /// Storage holding `transcript`.
  /// - Complexity: O(total characters).
  public static func storage(for transcript: Transcript, stickers: StickerFactory) -> TextContentStorage {
    TextContentStorage(paragraphs: transcript.messages.map { paragraph(for: $0, stickers: stickers) })
  }

  /// The message paragraph `paragraph` holds.
  public static func message(from paragraph: TextParagraph) -> ChatMessage {
    var parts: [ChatMessage.Part] = []
    let string = paragraph.attributedString.string
    var index = string.startIndex
    for run in paragraph.attributedString.runs {
      let end = string.index(index, offsetBy: run.length)
      if let sticker = run.attributes.attachment {
        parts.append(.sticker((sticker as? StickerAttachment)?.stickerName ?? sticker.fileType ?? "unknown"))
      } else {
        let text = String(string[index..<end]).replacingOccurrences(of: "\u{2028}", with: "\n")
        if case .text(let previous)? = parts.last {
          parts[parts.count - 1] = .text(previous + text)
        } else {
          parts.append(.text(text))
        }
      }
      index = end
    }
    if parts.isEmpty { parts = [.text("")] }
    return ChatMessage(
      from: paragraph.paragraphAttributes[fromKey] ?? "me", time: paragraph.paragraphAttributes[timeKey], parts: parts)
  }

  /// The transcript `storage` holds.
  /// - Complexity: O(n).
  public static func transcript(from storage: TextContentStorage) -> Transcript {
    var messages: [ChatMessage] = []
    messages.reserveCapacity(storage.paragraphCount)
    storage.enumerateTextElements { element in
      if let paragraph = element as? TextParagraph { messages.append(message(from: paragraph)) }
      return true
    }
    return Transcript(messages: messages)
  }
}

extension String {
  fileprivate func replacingLineBreaks() -> String {
    guard utf8.contains(0x0A) else { return self }
    return String(map { $0 == "\n" || $0 == "\r\n" ? AttributedText.lineSeparator : $0 })
  }

  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
