import TextEngine

extension ChatMessage {
  /// The message a chat paragraph holds: its sender and time attributes, its text (U+2028 back to
  /// `\n`) and its stickers (by name).
  /// - Parameter paragraph: One message of a chat view's storage.
  /// - Complexity: O(paragraph length).
  public init(paragraph: TextParagraph) {
    var parts: [Part] = []
    let string = paragraph.attributedString.string
    var index = string.startIndex
    for run in paragraph.attributedString.runs {
      let end = string.index(index, offsetBy: run.length)
      if let sticker = run.attributes.attachment {
        parts.append(.sticker(Self.stickerName(of: sticker)))
      } else {
        let text = String(string[index..<end]).replacingLineSeparators()
        if case .text(let previous)? = parts.last {
          parts[parts.count - 1] = .text(previous + text)
        } else {
          parts.append(.text(text))
        }
      }
      index = end
    }
    if parts.isEmpty { parts = [.text("")] }
    self.init(
      from: paragraph.paragraphAttributes[Self.senderKey] ?? Self.defaultLocalSender,
      time: paragraph.paragraphAttributes[Self.timeKey], date: paragraph.paragraphAttributes[Self.dateKey],
      parts: parts)
  }

  /// The paragraph content and attributes that hold this message in a chat view's storage.
  /// - Parameter stickers: Makes the sticker attachments (large for a sticker-only message).
  /// - Complexity: O(message length); one pass over plain text.
  public func paragraph(stickers: some StickerAttachmentMaker) -> (AttributedText, [String: String]) {
    (paragraphText(stickers: stickers), paragraphAttributes)
  }

  /// The paragraph content and attributes, the attributes shared through `table` with earlier
  /// messages of the same sender, time and date: how a whole transcript is opened in memory.
  /// - Parameters:
  ///   - stickers: Makes the sticker attachments.
  ///   - table: The attributes made so far.
  public func paragraph(stickers: some StickerAttachmentMaker, sharing table: inout ParagraphAttributeTable) -> (
    AttributedText, [String: String]
  ) {
    (paragraphText(stickers: stickers), table.attributes(of: self))
  }

  /// The paragraph attributes: sender, and time and date when known.
  public var paragraphAttributes: [String: String] {
    var attributes = time.map { [Self.senderKey: from, Self.timeKey: $0] } ?? [Self.senderKey: from]
    if let date { attributes[Self.dateKey] = date }
    return attributes
  }

  private func paragraphText(stickers: some StickerAttachmentMaker) -> AttributedText {
    if parts.count == 1, case .text(let string) = parts[0] {
      return AttributedText(string.replacingLineBreaks())
    }
    var text = AttributedText()
    let standalone = isStickerOnly
    for part in parts {
      switch part {
      case .text(let string):
        text.append(AttributedText(string.replacingLineBreaks()))
      case .sticker(let name):
        text.append(AttributedText(attachment: stickers.makeAttachment(forSticker: name, standalone: standalone)))
      }
    }
    return text
  }
}

extension String {
  /// `\n` (and `\r\n`) as U+2028, the line break inside a paragraph (also how backing stores
  /// build a message paragraph's text).
  public func replacingLineBreaks() -> String {
    guard utf8.contains(0x0A) else { return self }
    return String(map { $0 == "\n" || $0 == "\r\n" ? AttributedText.lineSeparator : $0 })
  }

  /// U+2028 back as `\n`.
  fileprivate func replacingLineSeparators() -> String {
    split(separator: AttributedText.lineSeparator, omittingEmptySubsequences: false).joined(separator: "\n")
  }
}
