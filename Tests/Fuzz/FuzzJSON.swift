import ReuseKitSupport

/// The JSON reader on arbitrary bytes: a document either parses or throws a `JSONError` (never
/// traps), and what parses, written back as text, parses to the same tree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let value = try? JSONValue(parsing: bytes) else { return 0 }
  var text = ""
  write(value, to: &text)
  guard let again = try? JSONValue(parsing: Array(text.utf8)) else {
    fatalError("written JSON does not parse: \(text.prefix(200))")
  }
  require(again == value, "JSON does not round-trip: \(text.prefix(200))")
  return 0
}

/// The tree as JSON text: numbers as they were read, strings escaped as RFC 8259 requires.
private func write(_ value: JSONValue, to text: inout String) {
  switch value {
  case .null: text += "null"
  case .bool(let flag): text += flag ? "true" : "false"
  case .number(let number): text += number.literal
  case .string(let string): quote(string, to: &text)
  case .array(let elements):
    text += "["
    for (index, element) in elements.enumerated() {
      if index > 0 { text += "," }
      write(element, to: &text)
    }
    text += "]"
  case .object(let members):
    text += "{"
    for (index, key) in members.keys.sorted().enumerated() {
      if index > 0 { text += "," }
      quote(key, to: &text)
      text += ":"
      write(members[key]!, to: &text)
    }
    text += "}"
  }
}

private func quote(_ string: String, to text: inout String) {
  text += "\""
  for scalar in string.unicodeScalars {
    switch scalar {
    case "\"": text += "\\\""
    case "\\": text += "\\\\"
    default:
      if scalar.value < 0x20 {
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
  }
  text += "\""
}
