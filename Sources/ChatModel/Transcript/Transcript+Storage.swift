import TextEngine

extension Transcript {
  /// The transcript a chat view's storage holds, one message per paragraph; day separators are
  /// skipped and collapsed days are included.
  /// - Parameter storage: The storage.
  /// - Complexity: O(total characters).
  public init(storage: TextContentStorage) {
    self.init(messages: Self.messageParagraphs(of: storage).map(ChatMessage.init(paragraph:)))
  }

  /// The paragraphs of `storage` that are messages, in order: day separators are skipped, and the
  /// messages of collapsed days are included (the storage's delegate hides them from layout only).
  /// What every save, export and report reads.
  /// - Complexity: O(paragraphs), copying references only.
  public static func messageParagraphs(of storage: TextContentStorage) -> [TextParagraph] {
    var paragraphs: [TextParagraph] = []
    paragraphs.reserveCapacity(storage.paragraphCount)
    let delegate = storage.delegate
    storage.delegate = nil
    defer { storage.delegate = delegate }
    storage.enumerateTextElements { element in
      if let paragraph = element as? TextParagraph, paragraph.paragraphAttributes[ChatDay.separatorKey] == nil {
        paragraphs.append(paragraph)
      }
      return true
    }
    return paragraphs
  }

  /// Storage holding the transcript, one paragraph per message, with a day separator paragraph
  /// (see ``ChatDay/separatorParagraph(for:)``) before each message whose date differs from the
  /// previous dated message's.
  /// - Parameter stickers: Makes the sticker attachments.
  /// - Complexity: O(total characters).
  public func storage(stickers: some StickerAttachmentMaker) -> TextContentStorage {
    var paragraphs: [(AttributedText, [String: String])] = []
    paragraphs.reserveCapacity(messages.count)
    var separators = ChatDay.SeparatorPlacement()
    var attributes = ParagraphAttributeTable()
    for message in messages {
      if let date = separators.separator(before: message) { paragraphs.append(ChatDay.separatorParagraph(for: date)) }
      paragraphs.append(message.paragraph(stickers: stickers, sharing: &attributes))
    }
    return TextContentStorage(paragraphs: paragraphs)
  }
}
