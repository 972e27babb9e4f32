import TextEngine

extension ChatMessage {
  /// What the chat view needs of a message paragraph to lay it out and draw it — sender, time, side,
  /// and whether it is sticker-only — read from the paragraph's attributes without copying its text.
  public struct Header: Equatable, Sendable {
    /// The sender's name, or `nil` when the paragraph has none.
    public var sender: String?
    /// The display time, or `nil`.
    public var time: String?
    /// Whether the local sender wrote it (drawn on the trailing side).
    public var isLocal: Bool
    /// Whether the message is exactly one sticker (drawn without a bubble); the same rule as
    /// ``ChatMessage/isStickerOnly``.
    public var isStickerOnly: Bool
    /// The day this paragraph separates, when it is a day separator rather than a message.
    public var separatedDay: String?

    /// Reads the header of the message `paragraph` holds.
    /// - Parameters:
    ///   - paragraph: The paragraph.
    ///   - localSender: The name of the view's own user.
    /// - Complexity: O(1).
    public init(_ paragraph: TextParagraph, localSender: String) {
      sender = paragraph.paragraphAttributes[ChatMessage.senderKey].flatMap { $0.isEmpty ? nil : $0 }
      time = paragraph.paragraphAttributes[ChatMessage.timeKey].flatMap { $0.isEmpty ? nil : $0 }
      isLocal = sender == localSender
      separatedDay = paragraph.paragraphAttributes[ChatDay.separatorKey]
      let text = paragraph.attributedString
      isStickerOnly = ChatMessage.isStickerOnly(
        length: text.length, startsWithSticker: text.attributes(at: 0).attachment != nil)
    }
  }
}
