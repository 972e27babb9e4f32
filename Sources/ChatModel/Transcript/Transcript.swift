/// A whole conversation, oldest message first.
///
/// ``TranscriptCodec`` reads and writes it as JSON; `Transcript+Storage.swift` converts it to and
/// from a chat view's storage.
public struct Transcript: Equatable, Sendable {
  /// The messages, oldest first.
  public var messages: [ChatMessage]

  /// Creates a transcript.
  public init(messages: [ChatMessage] = []) { self.messages = messages }

  /// The number of sticker parts across all messages.
  /// - Complexity: O(parts).
  public var stickerCount: Int {
    messages.reduce(0) { total, message in
      total + message.parts.filter { if case .sticker = $0 { true } else { false } }.count
    }
  }
}
