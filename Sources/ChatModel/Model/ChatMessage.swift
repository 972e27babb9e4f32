/// One chat message: a sender, an optional display time, and text and sticker parts.
///
/// In a chat view's storage a message is one paragraph: the sender and time are the paragraph
/// attributes ``senderKey`` and ``timeKey``, a `\n` in the text is U+2028 and a sticker part is an
/// attachment a ``StickerAttachmentMaker`` made (see `ChatMessage+Paragraph.swift`). Drawing reads only a paragraph's
/// ``Header``, without copying its text.
public struct ChatMessage: Equatable, Sendable {
  /// The paragraph attribute holding the sender's name.
  public static let senderKey = "from"
  /// The paragraph attribute holding the display time, for example `"14:05"`.
  public static let timeKey = "time"
  /// The paragraph attribute holding the day the message was sent, `"YYYY-MM-DD"` (see ``ChatDay``).
  public static let dateKey = "date"
  /// The sender of a paragraph without a ``senderKey`` attribute, and the local sender a chat view
  /// has unless told otherwise: `"me"`.
  public static let defaultLocalSender = "me"

  /// A piece of a message.
  public enum Part: Equatable, Sendable {
    /// Text; `\n` inside it is a line break within the message (stored as U+2028).
    case text(String)
    /// A sticker from the library, by name.
    case sticker(String)
  }

  /// The sender's name.
  public var from: String
  /// A display time such as "14:05", if any.
  public var time: String?
  /// The day the message was sent, `"YYYY-MM-DD"`, if known: messages with a date are grouped into
  /// days under a day separator (see ``ChatDay``).
  public var date: String?
  /// The text and stickers, in order.
  public var parts: [Part]

  /// Creates a message from parts.
  public init(from: String, time: String? = nil, date: String? = nil, parts: [Part]) {
    self.from = from
    self.time = time
    self.date = date
    self.parts = parts
  }

  /// A text-only message.
  public init(from: String, time: String? = nil, date: String? = nil, text: String) {
    self.init(from: from, time: time, date: date, parts: [.text(text)])
  }

  /// Whether the message is exactly one sticker (drawn large, without a bubble); see
  /// `isStickerOnly(length:startsWithSticker:)`. Empty text parts do not count.
  /// - Complexity: O(parts).
  public var isStickerOnly: Bool {
    var stickers = 0
    for part in parts {
      switch part {
      case .sticker: stickers += 1
      case .text(let text): if !text.isEmpty { return false }
      }
    }
    return Self.isStickerOnly(length: stickers, startsWithSticker: stickers > 0)
  }

  /// The one sticker-only rule, for a message and its paragraph alike: the content is one
  /// character long, and that character is a sticker.
  /// - Parameters:
  ///   - length: The content's length, a sticker counting one.
  ///   - startsWithSticker: Whether the first character is a sticker; only evaluated for length 1.
  static func isStickerOnly(length: Int, startsWithSticker: @autoclosure () -> Bool) -> Bool {
    length == 1 && startsWithSticker()
  }

  /// The characters in `text`: its UTF-8 count when it is ASCII without `\r` (one byte, one
  /// character), else its `count`.
  /// - Complexity: O(text length).
  private static func characterCount(_ text: String) -> Int {
    let simple = text.utf8.withContiguousStorageIfAvailable { bytes in
      !bytes.contains { $0 >= 0x80 || $0 == 0x0D }
    }
    return simple == true ? text.utf8.count : text.count
  }

  /// The message's length in characters, a sticker counting one.
  /// - Complexity: O(length).
  public var length: Int {
    parts.reduce(0) { total, part in
      switch part {
      case .text(let text): total + Self.characterCount(text)
      case .sticker: total + 1
      }
    }
  }
}
