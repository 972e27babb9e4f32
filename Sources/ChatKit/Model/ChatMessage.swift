import TextEngine

/// How the chat reads one paragraph: a message with a sender, a time and a side.
public struct ChatMessage: Equatable, Sendable {
  /// The paragraph attribute holding the sender's name.
  public static let senderKey = "from"
  /// The paragraph attribute holding the display time, for example `"14:05"`.
  public static let timeKey = "time"

  /// The sender's name, or `nil` when the paragraph has none.
  public var sender: String?
  /// The display time, or `nil`.
  public var time: String?
  /// Whether the local sender wrote it (drawn on the trailing side).
  public var isLocal: Bool
  /// Whether the message is exactly one attachment (drawn without a bubble).
  public var isStickerOnly: Bool

  /// Reads `paragraph` as a message.
  /// - Parameters:
  ///   - paragraph: The paragraph.
  ///   - localSender: The name of the view's own user.
  public init(_ paragraph: TextParagraph, localSender: String) {
    sender = paragraph.paragraphAttributes[Self.senderKey].flatMap { $0.isEmpty ? nil : $0 }
    time = paragraph.paragraphAttributes[Self.timeKey].flatMap { $0.isEmpty ? nil : $0 }
    isLocal = sender == localSender
    let text = paragraph.attributedString
    isStickerOnly = text.length == 1 && text.attributes(at: 0).attachment != nil
  }
}
