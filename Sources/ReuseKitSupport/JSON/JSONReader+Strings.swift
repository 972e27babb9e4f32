/// Strings: scanning, escapes and UTF-8 validation.
extension JSONReader {
  /// Reads a string at the reader's `"`, decoding escapes; unescaped runs are copied as UTF-8 in one piece.
  mutating func scanString() throws(JSONError) -> String {
    offset += 1
    let start = offset
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        let value = try decodeUTF8(start..<offset)
        offset += 1
        return value
      }
      if byte == UInt8(ascii: "\\") { return try scanEscapedString(from: start) }
      if byte < 0x20 { throw try syntax("\(describeCurrentByte()) in a string") }
      offset += 1
    }
    throw truncated("unterminated string")
  }

  /// Reads the rest of a string that holds escapes, from its first backslash: the string's UTF-8 is
  /// built in one byte array (unescaped runs copied in one piece, each escape encoded in place), so
  /// the cost is linear in the string's length whatever its escapes. (Appending scalars to a
  /// `String.UnicodeScalarView` instead is quadratic: 28.8 s for 400,000 `\u05d0` escapes.)
  private mutating func scanEscapedString(from start: Int) throws(JSONError) -> String {
    var utf8: [UInt8] = []
    // An escape never decodes to more bytes than it is written with, so the string so far times
    // two is a good first guess; the array grows geometrically past it.
    utf8.reserveCapacity(2 * (offset - start) + 16)
    try appendRun(start..<offset, to: &utf8)
    var runStart = offset
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        try appendRun(runStart..<offset, to: &utf8)
        offset += 1
        if byte == UInt8(ascii: "\"") {
          stringWork += utf8.count
          return String(decoding: utf8, as: UTF8.self)
        }
        let scalar = try escape()
        UTF8.encode(scalar) { utf8.append($0) }
        runStart = offset
        continue
      }
      if byte < 0x20 { throw try syntax("\(describeCurrentByte()) in a string") }
      offset += 1
    }
    throw truncated("unterminated string")
  }

  /// Appends the unescaped bytes `range`, once checked to be UTF-8, to `utf8`.
  private mutating func appendRun(_ range: Range<Int>, to utf8: inout [UInt8]) throws(JSONError) {
    guard !range.isEmpty else { return }
    try validateUTF8(range)
    utf8.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[range]))
    stringWork += range.count
  }

  /// Steps over a string at the reader's `"`, checking it without building it.
  mutating func skipString() throws(JSONError) {
    offset += 1
    var runStart = offset
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        try validateUTF8(runStart..<offset)
        offset += 1
        if byte == UInt8(ascii: "\"") { return }
        _ = try escape()
        runStart = offset
        continue
      }
      if byte < 0x20 { throw try syntax("\(describeCurrentByte()) in a string") }
      offset += 1
    }
    throw truncated("unterminated string")
  }

  /// Decodes the escape after a backslash.
  private mutating func escape() throws(JSONError) -> Unicode.Scalar {
    guard let escape = peekByte() else { throw truncated("unterminated string") }
    let scalar: Unicode.Scalar
    switch escape {
    case UInt8(ascii: "\""): scalar = "\""
    case UInt8(ascii: "\\"): scalar = "\\"
    case UInt8(ascii: "/"): scalar = "/"
    case UInt8(ascii: "b"): scalar = "\u{08}"
    case UInt8(ascii: "f"): scalar = "\u{0C}"
    case UInt8(ascii: "n"): scalar = "\n"
    case UInt8(ascii: "r"): scalar = "\r"
    case UInt8(ascii: "t"): scalar = "\t"
    case UInt8(ascii: "u"):
      offset += 1
      return try unicodeEscape()
    default: throw try syntax("bad escape '\\\(describeCurrentByte(quoted: false))'")
    }
    offset += 1
    return scalar
  }

  /// Decodes `XXXX` (after `\u`), with the low half of a surrogate pair; a lone surrogate is an error.
  private mutating func unicodeEscape() throws(JSONError) -> Unicode.Scalar {
    let start = offset - 2
    let high = try hex4()
    if (0xD800...0xDBFF).contains(high) {
      guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
      else {
        throw makeError(.syntax, "unpaired surrogate \\u\(String(high, radix: 16, uppercase: true))", at: start)
      }
      offset += 2
      let low = try hex4()
      guard (0xDC00...0xDFFF).contains(low),
        let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
      else {
        throw makeError(.syntax, "bad surrogate pair \\u\(String(high, radix: 16, uppercase: true))", at: start)
      }
      return scalar
    }
    guard let scalar = Unicode.Scalar(high) else {
      throw makeError(.syntax, "unpaired surrogate \\u\(String(high, radix: 16, uppercase: true))", at: start)
    }
    return scalar
  }

  private mutating func hex4() throws(JSONError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peekByte() else { throw truncated("short \\u escape") }
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: throw try syntax("bad \\u escape (\(describeCurrentByte()))")
      }
      value = value << 4 | digit
      offset += 1
    }
    return value
  }

  private func decodeUTF8(_ range: Range<Int>) throws(JSONError) -> String {
    guard let value = String(validating: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self) else {
      try validateUTF8(range)
      return ""  // unreachable: validation throws
    }
    return value
  }

  /// Throws at the first byte of `range` that is not UTF-8.
  private func validateUTF8(_ range: Range<Int>) throws(JSONError) {
    var index = range.lowerBound
    while index < range.upperBound {
      if bytes[index] < 0x80 {
        index += 1
        continue
      }
      guard let length = scalarLength(at: index, end: range.upperBound) else {
        throw makeError(.invalidUTF8, "invalid UTF-8", at: index)
      }
      index += length
    }
  }

  /// The length of the UTF-8 scalar at `index`, or `nil` when the bytes there are not UTF-8.
  func scalarLength(at index: Int, end: Int) -> Int? {
    var iterator = UnsafeRawBufferPointer(rebasing: bytes[index..<min(end, index + 4)]).makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
    return UTF8.width(scalar)
  }
}
