/// Errors: messages naming the offending byte, with line and column.
extension JSONReader {
  /// The byte at the reader's position, for messages: `'x'`, `a NUL byte`, `control character U+001F`.
  /// - Throws: ``JSONError`` (invalid UTF-8) when the bytes there are not UTF-8.
  func describeCurrentByte(quoted: Bool = true) throws(JSONError) -> String {
    let byte = bytes[offset]
    switch byte {
    case 0: return "a NUL byte"
    case 0x01..<0x20:
      return "control character U+00\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true))"
    case 0x20..<0x80:
      let character = String(UnicodeScalar(byte))
      return quoted ? "'\(character)'" : character
    default:
      guard let length = scalarLength(at: offset, end: bytes.count) else {
        throw makeError(.invalidUTF8, "invalid UTF-8", at: offset)
      }
      let character = String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
      return quoted ? "'\(character)'" : character
    }
  }

  /// `expected X, found Y` at the reader's position (a truncation error at the end of the input).
  func unexpected(expected: String) throws(JSONError) -> JSONError {
    guard offset < bytes.count else { return truncated("expected \(expected)") }
    return makeError(.syntax, "expected \(expected), found \(try describeCurrentByte())")
  }

  func syntax(_ reason: String) -> JSONError { makeError(.syntax, reason) }

  func truncated(_ reason: String) -> JSONError { makeError(.truncated, "truncated JSON, \(reason)") }

  /// An error at `offset` (the reader's position by default), with its line and column counted.
  /// - Complexity: O(offset): errors are rare, so positions are not tracked while reading.
  func makeError(_ kind: JSONError.Kind, _ reason: String, at position: Int? = nil) -> JSONError {
    let position = min(position ?? offset, bytes.count)
    var line = 1
    var column = 1
    let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    for index in (hasByteOrderMark ? min(3, position) : 0)..<position {  // the mark takes no column
      let byte = bytes[index]
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONError(kind: kind, reason: reason, offset: position, line: line, column: column)
  }
}
