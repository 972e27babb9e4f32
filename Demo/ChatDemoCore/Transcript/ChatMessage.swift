/// One chat message: a sender, an optional display time, and text and sticker parts.
public struct ChatMessage: Equatable, Sendable {
  /// A piece of a message.
  public enum Part: Equatable, Sendable {
    /// Text; `\n` inside it is a line break within the message (stored as U+2028).
    case text(String)
    /// A sticker from the library, by name.
    case sticker(String)
  }

  public var from: String
  /// A display time such as "14:05", if any.
  public var time: String?
  public var parts: [Part]

  public init(from: String, time: String? = nil, parts: [Part]) {
    self.from = from
    self.time = time
    self.parts = parts
  }

  /// A text-only message.
  public init(from: String, time: String? = nil, text: String) {
    self.init(from: from, time: time, parts: [.text(text)])
  }

  /// Whether the message is exactly one sticker (drawn large, without a bubble).
  public var isStickerOnly: Bool {
    if parts.count == 1, case .sticker = parts[0] { return true }
    return false
  }

  /// The message's length in characters, a sticker counting one.
  public var length: Int {
    parts.reduce(0) { total, part in
      switch part {
      case .text(let text): total + text.count
      case .sticker: total + 1
      }
    }
  }
}

/// A whole conversation, oldest message first.
public struct Transcript: Equatable, Sendable {
  public var messages: [ChatMessage]

  public init(messages: [ChatMessage] = []) { self.messages = messages }

  /// The number of sticker parts across all messages.
  public var stickerCount: Int {
    messages.reduce(0) { total, message in
      total + message.parts.filter { if case .sticker = $0 { true } else { false } }.count
    }
  }
}
