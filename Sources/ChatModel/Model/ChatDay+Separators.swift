extension ChatDay {
  /// Where day separators go in a run of messages: before each message whose date differs from the
  /// previous dated message's. The one rule behind ``Transcript/storage(stickers:)`` and every
  /// other backing store that holds a transcript's paragraphs.
  public struct SeparatorPlacement: Sendable {
    private var lastDate: String?

    /// A placement at the start of a transcript.
    public init() {}

    /// The day of the separator paragraph that goes before `message`, or `nil` for none; call it
    /// once per message, in order.
    /// - Complexity: O(1).
    public mutating func separator(before message: ChatMessage) -> String? {
      guard let date = message.date, date != lastDate else { return nil }
      lastDate = date
      return date
    }
  }
}
