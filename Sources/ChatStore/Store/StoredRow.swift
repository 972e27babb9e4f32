import ChatModel
import Foundation
import ReuseKitSupport
import TextEngine

/// One paragraph of a chat as the columns of the store's `messages` table: a message, or a day
/// separator.
///
/// The body is the message's text with `\n` for line breaks (as in ``ChatMessage``) and U+FFFC
/// where each sticker stands; the stickers are rows of their own, each with a stable id.
struct StoredRow: Equatable, Sendable {
  /// The `"from"` paragraph attribute.
  var sender: String?
  /// The `"time"` paragraph attribute.
  var time: String?
  /// The `"date"` paragraph attribute.
  var date: String?
  /// The day a separator paragraph separates (``ChatDay/separatorKey``), or `nil` for a message.
  var separator: String?
  /// The text, `\n` for line breaks and U+FFFC for each sticker.
  var body: String
  /// Any other paragraph attributes, as a JSON object of strings, or `nil`.
  var extra: String?
  /// The sticker parts, in order.
  var stickers: [StoredSticker]
  /// The paragraph's length in characters, a sticker counting one.
  var length: Int

  /// The paragraph's length in Unicode scalars, a sticker counting one: the body's (a line break is
  /// one scalar in the body and in the paragraph).
  /// - Complexity: O(1) when every character is one byte, else O(body length).
  var scalars: Int {
    let bytes = body.utf8.count
    return bytes == length ? length : body.unicodeScalars.count
  }

  /// The object replacement character that stands for a sticker in the body.
  static let stickerMark = "\u{FFFC}"
  private static let knownKeys: Set<String> = [
    ChatMessage.senderKey, ChatMessage.timeKey, ChatMessage.dateKey, ChatDay.separatorKey,
  ]

  init(
    sender: String?, time: String?, date: String?, separator: String?, body: String, extra: String?,
    stickers: [StoredSticker], length: Int
  ) {
    self.sender = sender
    self.time = time
    self.date = date
    self.separator = separator
    self.body = body
    self.extra = extra
    self.stickers = stickers
    self.length = length
  }

  /// The row of `message`, its stickers without ids.
  /// - Complexity: O(message length).
  init(message: ChatMessage) {
    sender = message.from
    time = message.time
    date = message.date
    separator = nil
    extra = nil
    var body = ""
    var stickers: [StoredSticker] = []
    for part in message.parts {
      switch part {
      case .text(let text): body += text
      case .sticker(let name):
        stickers.append(StoredSticker(offset: body.utf8.count, name: name, id: nil))
        body += Self.stickerMark
      }
    }
    self.body = body
    self.stickers = stickers
    length = message.length
  }

  /// The row of the separator paragraph before the messages of `day`.
  init(separator day: String) {
    sender = nil
    time = nil
    date = nil
    separator = day
    body = ""
    extra = nil
    stickers = []
    length = 0
  }

  /// The row of a paragraph a content manager hands over (every keystroke makes one): its
  /// attributes as they are, its text with U+2028 back as `\n` and a mark per sticker, as
  /// the chat model's ``ChatMessage/init(paragraph:)`` reads a paragraph, each sticker keeping the stored
  /// id its attachment carries. Read from the runs directly, without a message in between.
  /// - Complexity: O(paragraph length).
  init(element: StoredTextElement) {
    let attributes = element.paragraphAttributes
    let text = element.attributedString
    var body = ""
    body.reserveCapacity(text.string.utf8.count)
    var stickers: [StoredSticker] = []
    var offset = 0
    for run in text.runs {
      if let attachment = run.attributes.attachment {
        let name = ChatMessage.stickerName(of: attachment)
        let id = attachment.persistentIdentifier.flatMap { Int64($0) }
        stickers.append(StoredSticker(offset: body.utf8.count, name: name, id: id))
        body += Self.stickerMark
      } else {
        Self.append(text.string[text.stringIndex(at: offset)..<text.stringIndex(at: offset + run.length)], to: &body)
      }
      offset += run.length
    }
    let sender = attributes[ChatMessage.senderKey]
    let time = attributes[ChatMessage.timeKey]
    let date = attributes[ChatMessage.dateKey]
    let separator = attributes[ChatDay.separatorKey]
    let known = [sender, time, date, separator].count { $0 != nil }
    // Other attributes are rare: filter only when there are some.
    let others = attributes.count > known ? attributes.filter { !Self.knownKeys.contains($0.key) } : [:]
    self.init(
      sender: sender, time: time, date: date, separator: separator, body: body,
      extra: others.isEmpty ? nil : Self.encode(others), stickers: stickers, length: text.length)
  }

  /// Appends `text` to `body`, each U+2028 (a line break inside a paragraph) as `\n`.
  private static func append(_ text: Substring, to body: inout String) {
    // U+2028 is E2 80 A8 in UTF-8: text without an E2 byte has none.
    guard text.utf8.contains(0xE2) else {
      body += text
      return
    }
    for character in text { body.append(character == AttributedText.lineSeparator ? "\n" : character) }
  }

  /// The paragraph attributes the row holds.
  var paragraphAttributes: [String: String] {
    var attributes = extra.flatMap(Self.decode) ?? [:]
    if let sender { attributes[ChatMessage.senderKey] = sender }
    if let time { attributes[ChatMessage.timeKey] = time }
    if let date { attributes[ChatMessage.dateKey] = date }
    if let separator { attributes[ChatDay.separatorKey] = separator }
    return attributes
  }

  /// The message the row holds (`nil` for a day separator): what an export writes.
  /// - Complexity: O(body length).
  var message: ChatMessage? {
    guard separator == nil else { return nil }
    return ChatMessage(
      from: sender ?? ChatMessage.defaultLocalSender, time: time, date: date, parts: parts)
  }

  /// The body cut into text and sticker parts.
  private var parts: [ChatMessage.Part] {
    guard !stickers.isEmpty else { return [.text(body)] }
    var parts: [ChatMessage.Part] = []
    let utf8 = body.utf8
    var start = 0
    let markLength = Self.stickerMark.utf8.count
    for sticker in stickers {
      let offset = min(max(sticker.offset, start), utf8.count)
      if offset > start { parts.append(.text(Self.substring(of: body, utf8: start..<offset))) }
      parts.append(.sticker(sticker.name))
      start = min(offset + markLength, utf8.count)
    }
    if start < utf8.count { parts.append(.text(Self.substring(of: body, utf8: start..<utf8.count))) }
    return parts
  }

  /// The paragraph the row holds, made as the JSON transcript path makes it
  /// (``ChatMessage/paragraph(stickers:)``), each sticker attachment carrying its stored id as
  /// its `persistentIdentifier`.
  /// - Complexity: O(body length).
  func paragraph(stickers factory: some StickerAttachmentMaker) -> (AttributedText, [String: String]) {
    guard let message else { return (AttributedText(body), paragraphAttributes) }
    let (text, _) = message.paragraph(stickers: factory)
    for (attachment, sticker) in zip(text.attachments, stickers) {
      attachment.persistentIdentifier = sticker.id.map { String($0) }
    }
    return (text, paragraphAttributes)
  }

  private static func substring(of string: String, utf8 range: Range<Int>) -> String {
    let utf8 = string.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
    let end = utf8.index(start, offsetBy: range.count)
    return String(string[start..<end])
  }

  private static func encode(_ attributes: [String: String]) -> String {
    var writer = JSONWriter()
    writer.beginObject()
    for key in attributes.keys.sorted() {
      writer.key(key)
      writer.string(attributes[key] ?? "")
    }
    writer.endObject()
    return String(decoding: writer.takeBytes(), as: UTF8.self)
  }

  private static func decode(_ json: String) -> [String: String]? {
    try? JSONReader.read(Array(json.utf8)) { reader throws(JSONError) in
      var attributes: [String: String] = [:]
      try reader.beginObject()
      while let key = try reader.nextKey() {
        if try reader.peek() == .string { attributes[key] = try reader.readString() } else { try reader.skipValue() }
      }
      return attributes
    }
  }
}
