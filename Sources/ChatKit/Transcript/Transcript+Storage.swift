import TextEngine

extension Transcript {
  /// The transcript a chat view's storage holds, one message per paragraph.
  /// - Parameter storage: The storage.
  /// - Complexity: O(total characters).
  public init(storage: TextContentStorage) {
    var messages: [ChatMessage] = []
    messages.reserveCapacity(storage.paragraphCount)
    storage.enumerateTextElements { element in
      if let paragraph = element as? TextParagraph { messages.append(ChatMessage(paragraph: paragraph)) }
      return true
    }
    self.init(messages: messages)
  }

  /// Storage holding the transcript, one paragraph per message.
  /// - Parameter stickers: Makes the sticker attachments.
  /// - Complexity: O(total characters).
  public func storage(stickers: StickerFactory) -> TextContentStorage {
    TextContentStorage(paragraphs: messages.map { $0.paragraph(stickers: stickers) })
  }
}
