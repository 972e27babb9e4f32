/// A single-pass JSON reader for transcript files, straight from bytes to messages.
///
/// It accepts any valid JSON (unknown keys are skipped) and rejects invalid JSON with the byte
/// offset of the problem. It exists because a general JSON object graph costs about ten times
/// more time and memory than the messages themselves at a million messages.
struct TranscriptParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0
  private var depth = 0
  /// The deepest nesting accepted: transcripts are shallow, hostile files are not.
  private static let maximumDepth = 64

  private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// Parses a whole transcript file.
  /// - Throws: ``TranscriptError`` naming the message, the part or the byte offset at fault.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(TranscriptError) -> Transcript {
    var parser = TranscriptParser(bytes: bytes)
    parser.skipWhitespace()
    if parser.peek() == 0xEF, parser.bytes.count >= 3 { parser.position = 3 }  // a UTF-8 byte-order mark
    parser.skipWhitespace()
    guard parser.peek() == UInt8(ascii: "{") else {
      if parser.peek() == nil || parser.peek() == UInt8(ascii: "[") || parser.isValueStart {
        try parser.validateValue()
        throw TranscriptError(reason: "expected an object with a \"messages\" array")
      }
      throw parser.malformed("expected a JSON value")
    }
    var messages: [ChatMessage]?
    try parser.object { parser, key throws(TranscriptError) in
      if key == "messages", parser.peek() == UInt8(ascii: "[") {
        messages = try parser.messages()
      } else {
        try parser.skipValue()
      }
    }
    parser.skipWhitespace()
    guard parser.position == parser.bytes.count else { throw parser.malformed("unexpected data after the transcript") }
    guard let messages else { throw TranscriptError(reason: "expected an object with a \"messages\" array") }
    return Transcript(messages: messages)
  }

  // MARK: Transcript structure

  private mutating func messages() throws(TranscriptError) -> [ChatMessage] {
    var result: [ChatMessage] = []
    try array { parser, index throws(TranscriptError) in result.append(try parser.message(index)) }
    return result
  }

  private mutating func message(_ index: Int) throws(TranscriptError) -> ChatMessage {
    guard peek() == UInt8(ascii: "{") else {
      try skipValue()
      throw TranscriptError(reason: "message \(index) is not an object")
    }
    var from: String?
    var time: String?
    var text: String?
    var parts: [ChatMessage.Part]?
    var badText = false
    try object { parser, key throws(TranscriptError) in
      switch key {
      case "from": from = try parser.optionalString()
      case "time": time = try parser.optionalString()
      case "text":
        text = try parser.optionalString()
        badText = text == nil
      case "parts" where parser.peek() == UInt8(ascii: "["): parts = try parser.parts(index)
      default: try parser.skipValue()
      }
    }
    guard let from, !from.isEmpty else { throw TranscriptError(reason: "message \(index) has no \"from\" string") }
    if badText { throw TranscriptError(reason: "message \(index): \"text\" must be a string") }
    if let text { return ChatMessage(from: from, time: time, text: text) }
    guard let parts else { throw TranscriptError(reason: "message \(index) needs \"text\" or a \"parts\" array") }
    return ChatMessage(from: from, time: time, parts: parts)
  }

  private mutating func parts(_ message: Int) throws(TranscriptError) -> [ChatMessage.Part] {
    var parts: [ChatMessage.Part] = []
    try array { parser, index throws(TranscriptError) in
      if parser.peek() == UInt8(ascii: "\"") {
        parts.append(.text(try parser.string()))
        return
      }
      var sticker: String?
      if parser.peek() == UInt8(ascii: "{") {
        try parser.object { parser, key throws(TranscriptError) in
          if key == "sticker" { sticker = try parser.optionalString() } else { try parser.skipValue() }
        }
      } else {
        try parser.skipValue()
      }
      guard let sticker, !sticker.isEmpty else {
        throw TranscriptError(reason: "message \(message), part \(index): expected a string or {\"sticker\": name}")
      }
      parts.append(.sticker(sticker))
    }
    return parts
  }

  // MARK: JSON grammar

  private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

  private var isValueStart: Bool {
    guard let byte = peek() else { return false }
    return byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte)
      || byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n")
  }

  private func malformed(_ reason: String) -> TranscriptError {
    TranscriptError(reason: "malformed JSON at byte \(position): \(reason)")
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  private mutating func expect(_ byte: UInt8) throws(TranscriptError) {
    skipWhitespace()
    guard peek() == byte else { throw malformed("expected '\(Character(Unicode.Scalar(byte)))'") }
    position += 1
  }

  private mutating func enter() throws(TranscriptError) {
    depth += 1
    guard depth <= Self.maximumDepth else { throw malformed("nested deeper than \(Self.maximumDepth) levels") }
  }

  /// Reads `{ "key": value, … }`, handing each key to `member`, which must consume the value.
  private mutating func object(
    _ member: (inout TranscriptParser, String) throws(TranscriptError) -> Void
  ) throws(TranscriptError) {
    try expect(UInt8(ascii: "{"))
    try enter()
    defer { depth -= 1 }
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      position += 1
      return
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else { throw malformed("expected a key") }
      let key = try string()
      try expect(UInt8(ascii: ":"))
      skipWhitespace()
      try member(&self, key)
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return
      default: throw malformed("expected ',' or '}'")
      }
    }
  }

  /// Reads `[ value, … ]`, handing each index to `element`, which must consume the value.
  private mutating func array(
    _ element: (inout TranscriptParser, Int) throws(TranscriptError) -> Void
  ) throws(TranscriptError) {
    try expect(UInt8(ascii: "["))
    try enter()
    defer { depth -= 1 }
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      position += 1
      return
    }
    var index = 0
    while true {
      skipWhitespace()
      try element(&self, index)
      index += 1
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return
      default: throw malformed("expected ',' or ']'")
      }
    }
  }

  /// A string value, or `nil` (consuming the value) when it is something else.
  private mutating func optionalString() throws(TranscriptError) -> String? {
    skipWhitespace()
    guard peek() == UInt8(ascii: "\"") else {
      try skipValue()
      return nil
    }
    return try string()
  }

  /// Reads a string, decoding escapes; unescaped runs are copied as UTF-8 in one piece.
  private mutating func string() throws(TranscriptError) -> String {
    try expect(UInt8(ascii: "\""))
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let value = try decodeUTF8(start..<position)
        position += 1
        return value
      }
      if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
      if byte < 0x20 { throw malformed("control character in a string") }
      position += 1
    }
    throw malformed("unterminated string")
  }

  private mutating func escapedString(from start: Int) throws(TranscriptError) -> String {
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: try decodeUTF8(start..<position).unicodeScalars)
    var runStart = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        scalars.append(contentsOf: try decodeUTF8(runStart..<position).unicodeScalars)
        if byte == UInt8(ascii: "\"") {
          position += 1
          return String(scalars)
        }
        position += 1
        guard let escape = peek() else { break }
        position += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
        default: throw malformed("bad escape")
        }
        runStart = position
        continue
      }
      if byte < 0x20 { throw malformed("control character in a string") }
      position += 1
    }
    throw malformed("unterminated string")
  }

  private mutating func unicodeEscape() throws(TranscriptError) -> Unicode.Scalar {
    let high = try hex4()
    if (0xD800...0xDBFF).contains(high) {
      guard peek() == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
        throw malformed("unpaired surrogate")
      }
      position += 2
      let low = try hex4()
      guard (0xDC00...0xDFFF).contains(low),
        let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
      else { throw malformed("bad surrogate pair") }
      return scalar
    }
    guard let scalar = Unicode.Scalar(high) else { throw malformed("unpaired surrogate") }
    return scalar
  }

  private mutating func hex4() throws(TranscriptError) -> UInt32 {
    guard position + 4 <= bytes.count else { throw malformed("short \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: throw malformed("bad \\u escape")
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  private func decodeUTF8(_ range: Range<Int>) throws(TranscriptError) -> String {
    guard let value = String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) else {
      throw TranscriptError(reason: "malformed JSON at byte \(range.lowerBound): invalid UTF-8")
    }
    return value
  }

  /// Consumes any value.
  private mutating func skipValue() throws(TranscriptError) {
    skipWhitespace()
    switch peek() {
    case UInt8(ascii: "{"): try object { parser, _ throws(TranscriptError) in try parser.skipValue() }
    case UInt8(ascii: "["): try array { parser, _ throws(TranscriptError) in try parser.skipValue() }
    case UInt8(ascii: "\""): _ = try string()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    case .some(let byte) where byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte): try number()
    default: throw malformed("expected a value")
    }
  }

  /// Checks that the rest is one valid value (for a precise error on non-object documents).
  private mutating func validateValue() throws(TranscriptError) {
    try skipValue()
    skipWhitespace()
    guard position == bytes.count else { throw malformed("unexpected data after the value") }
  }

  private mutating func literal(_ word: String) throws(TranscriptError) {
    let expected = Array(word.utf8)
    guard position + expected.count <= bytes.count,
      expected.indices.allSatisfy({ bytes[position + $0] == expected[$0] })
    else { throw malformed("expected \(word)") }
    position += expected.count
  }

  private mutating func number() throws(TranscriptError) {
    let start = position
    if peek() == UInt8(ascii: "-") { position += 1 }
    var digits = 0
    while let byte = peek(), (0x30...0x39).contains(byte) {
      position += 1
      digits += 1
    }
    if peek() == UInt8(ascii: ".") {
      position += 1
      while let byte = peek(), (0x30...0x39).contains(byte) { position += 1 }
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      position += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
      while let byte = peek(), (0x30...0x39).contains(byte) { position += 1 }
    }
    guard digits > 0 else {
      position = start
      throw malformed("bad number")
    }
  }
}
