import ReuseKitSupport

/// Reads and writes transcripts as JSON, the one format of transcript files and scenario transcripts.
///
/// ```json
/// {"messages": [
///   {"from": "ana", "time": "09:00", "date": "2026-11-30", "text": "Happy birthday!"},
///   {"from": "ben", "parts": ["see you ", {"sticker": "party"}]}
/// ]}
/// ```
///
/// Reading is one pass with `JSONReader` straight from bytes to messages, without a tree of the
/// document (a tree costs about ten times the messages at a million of them). Unknown keys are
/// skipped; errors name the message, the part and the line and column.
public enum TranscriptCodec {
  /// Reads a whole transcript document.
  /// - Parameter bytes: UTF-8 JSON, borrowed for the call.
  /// - Throws: ``TranscriptError`` naming the message, the part, or the line and column at fault.
  /// - Complexity: O(n).
  public static func decode(_ bytes: UnsafeRawBufferPointer) throws(TranscriptError) -> Transcript {
    do {
      return try JSONReader.read(bytes) { reader throws(JSONError) in try readTranscript(&reader) }
    } catch {
      throw TranscriptError(reason: error.description)
    }
  }

  /// The transcript as pretty JSON: two-space indents, keys in alphabetical order, a message with
  /// one text part written with `"text"`.
  /// - Complexity: O(total characters).
  public static func encode(_ transcript: Transcript) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(transcript.messages.count * 128)
    encode(transcript.messages, chunkBytes: .max) { (chunk: [UInt8]) in bytes.append(contentsOf: chunk) }
    return bytes
  }

  /// Writes `messages` as a transcript document (the same bytes as ``encode(_:)``) in pieces of
  /// about `chunkBytes`, handing each to `write`: memory stays bounded by one piece and one
  /// message, however many messages the sequence makes.
  /// - Parameters:
  ///   - messages: The messages, read once, in order.
  ///   - chunkBytes: The size at which a piece is handed over.
  ///   - write: Takes each piece, in order; an error it throws stops the encoding.
  /// - Complexity: O(total characters).
  public static func encode<Messages: Sequence<ChatMessage>, Failure: Error>(
    _ messages: Messages, chunkBytes: Int = 1 << 20, to write: ([UInt8]) throws(Failure) -> Void
  ) throws(Failure) {
    var writer = JSONWriter(capacity: min(chunkBytes, 1 << 20) + 4_096)
    writer.beginObject()
    writer.key("messages")
    writer.beginArray()
    for message in messages {
      encode(message, into: &writer)
      if writer.bytes.count >= chunkBytes { try write(writer.takeBytes()) }
    }
    writer.endArray()
    writer.endObject()
    try write(writer.takeBytes())
  }

  private static func encode(_ message: ChatMessage, into writer: inout JSONWriter) {
    writer.beginObject()
    if let date = message.date {
      writer.key("date")
      writer.string(date)
    }
    writer.key("from")
    writer.string(message.from)
    if message.parts.count == 1, case .text(let text) = message.parts[0] {
      writer.key("text")
      writer.string(text)
    } else {
      writer.key("parts")
      writer.beginArray()
      for part in message.parts {
        switch part {
        case .text(let text): writer.string(text)
        case .sticker(let name):
          writer.beginObject()
          writer.key("sticker")
          writer.string(name)
          writer.endObject()
        }
      }
      writer.endArray()
    }
    if let time = message.time {
      writer.key("time")
      writer.string(time)
    }
    writer.endObject()
  }

  // MARK: Reading

  /// Reads `{"messages": [...]}` (other keys skipped).
  /// - Throws: ``JSONError``; content errors name the message and part.
  static func readTranscript(_ reader: inout JSONReader) throws(JSONError) -> Transcript {
    let start = reader.offset
    guard try reader.peek() == .object else {
      try reader.skipValue()
      throw reader.error("expected an object with a \"messages\" array", at: start)
    }
    var messages: [ChatMessage]?
    try reader.beginObject()
    while let key = try reader.nextKey() {
      if key == "messages", try reader.peek() == .array {
        messages = try readMessages(&reader)
      } else {
        try reader.skipValue()
      }
    }
    guard let messages else { throw reader.error("expected an object with a \"messages\" array", at: start) }
    return Transcript(messages: messages)
  }

  /// Reads the `"messages"` array.
  /// - Throws: `JSONError`; content errors name the message and part.
  public static func readMessages(_ reader: inout JSONReader) throws(JSONError) -> [ChatMessage] {
    var messages: [ChatMessage] = []
    try reader.beginArray()
    while try reader.nextElement() { messages.append(try readMessage(&reader, index: messages.count)) }
    return messages
  }

  private static func readMessage(_ reader: inout JSONReader, index: Int) throws(JSONError) -> ChatMessage {
    let start = reader.offset
    guard try reader.peek() == .object else {
      throw reader.error("message \(index) is not an object", at: reader.offset)
    }
    var from: String?
    var time: String?
    var date: String?
    var text: String?
    var parts: [ChatMessage.Part]?
    var badText = false
    try reader.beginObject()
    while let key = try reader.nextKey() {
      switch key {
      case "from": from = try optionalString(&reader)
      case "time": time = try optionalString(&reader)
      case "date": date = try optionalString(&reader)
      case "text":
        text = try optionalString(&reader)
        badText = text == nil
      case "parts" where try reader.peek() == .array: parts = try readParts(&reader, in: "message \(index)")
      default: try reader.skipValue()
      }
    }
    guard let from, !from.isEmpty else { throw reader.error("message \(index) has no \"from\" string", at: start) }
    if badText { throw reader.error("message \(index): \"text\" must be a string", at: start) }
    if let date, ChatDay(iso: date) == nil {
      throw reader.error("message \(index): \"date\" must be YYYY-MM-DD, found \"\(date)\"", at: start)
    }
    if let text { return ChatMessage(from: from, time: time, date: date, text: text) }
    guard let parts else { throw reader.error("message \(index) needs \"text\" or a \"parts\" array", at: start) }
    return ChatMessage(from: from, time: time, date: date, parts: parts)
  }

  /// Reads a `"parts"` array: strings and `{"sticker": name}` objects.
  /// - Parameters:
  ///   - reader: A reader before the array.
  ///   - context: What holds the parts, for errors (`message 3`), or `nil`; built only on an error.
  ///   - joiningText: Whether strings in a row become one text part (and empty ones none), so that
  ///     the parts take no more memory than their characters: what a scenario's `send` step reads.
  /// - Throws: `JSONError`; content errors name the part.
  public static func readParts(
    _ reader: inout JSONReader, in context: @autoclosure () -> String?, joiningText: Bool = false
  ) throws(JSONError) -> [ChatMessage.Part] {
    var parts: [ChatMessage.Part] = []
    var index = 0
    var joinedText = ""  // the strings in a row so far, when joining
    try reader.beginArray()
    while try reader.nextElement() {
      defer { index += 1 }
      let start = reader.offset
      let kind = try reader.peek()
      if kind == .string {
        if joiningText { joinedText += try reader.readString() } else { parts.append(.text(try reader.readString())) }
        continue
      }
      var sticker: String?
      if kind == .object {
        try reader.beginObject()
        while let key = try reader.nextKey() {
          if key == "sticker" { sticker = try optionalString(&reader) } else { try reader.skipValue() }
        }
      } else {
        try reader.skipValue()
      }
      guard let sticker, !sticker.isEmpty else {
        let place = context().map { "\($0), part \(index)" } ?? "part \(index)"
        throw reader.error("\(place): expected a string or {\"sticker\": name}", at: start)
      }
      if !joinedText.isEmpty {
        parts.append(.text(joinedText))
        joinedText = ""
      }
      parts.append(.sticker(sticker))
    }
    if !joinedText.isEmpty { parts.append(.text(joinedText)) }
    return parts
  }

  /// A string value, or `nil` (consuming the value) when it is something else.
  private static func optionalString(_ reader: inout JSONReader) throws(JSONError) -> String? {
    guard try reader.peek() == .string else {
      try reader.skipValue()
      return nil
    }
    return try reader.readString()
  }
}
