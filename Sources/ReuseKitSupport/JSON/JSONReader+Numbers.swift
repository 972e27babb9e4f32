/// Numbers: stepping over a number that follows the JSON grammar.
extension JSONReader {
  /// Steps over a number that follows the JSON grammar.
  mutating func scanNumber() throws(JSONError) {
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    if peekByte() == UInt8(ascii: "0") {
      offset += 1
    } else {
      try digits(after: "'-'")
    }
    if peekByte() == UInt8(ascii: ".") {
      offset += 1
      try digits(after: "'.'")
    }
    if peekByte() == UInt8(ascii: "e") || peekByte() == UInt8(ascii: "E") {
      offset += 1
      if peekByte() == UInt8(ascii: "+") || peekByte() == UInt8(ascii: "-") { offset += 1 }
      try digits(after: "the exponent")
    }
  }

  /// Steps over one or more digits.
  private mutating func digits(after what: String) throws(JSONError) {
    guard let byte = peekByte() else { throw truncated("expected a digit after \(what)") }
    guard (0x30...0x39).contains(byte) else { throw try unexpected(expected: "a digit after \(what)") }
    while let byte = peekByte(), (0x30...0x39).contains(byte) { offset += 1 }
  }

  func peekByte() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
}
