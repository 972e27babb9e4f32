/// Writes JSON as UTF-8 bytes, one token at a time, indented two spaces per level.
///
/// The caller writes in document order: ``beginObject()``, then ``key(_:)`` and a value per member,
/// then ``endObject()``; arrays likewise. Commas, colons and indentation are the writer's job.
/// Strings are escaped as RFC 8259 requires (`"`, `\` and control characters); everything else,
/// non-ASCII text included, is written as UTF-8. What it writes, ``JSONReader`` reads back.
public struct JSONWriter: Sendable {
  /// The document so far.
  public private(set) var bytes: [UInt8] = []
  private var level = 0
  /// Whether the current array or object has no member yet.
  private var isEmptyContainer = false
  /// Whether a key was just written, so that the value follows on the same line.
  private var afterKey = false

  /// Creates an empty document.
  /// - Parameter capacity: Bytes to reserve, when the caller can estimate the size.
  public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  /// Hands over the bytes written so far and empties the buffer, keeping the nesting state, so
  /// that a long document can be written out piece by piece in bounded memory.
  public mutating func takeBytes() -> [UInt8] {
    let written = bytes
    bytes.removeAll(keepingCapacity: true)
    return written
  }

  /// Opens an object.
  public mutating func beginObject() { open(UInt8(ascii: "{")) }

  /// Closes the innermost object.
  public mutating func endObject() { close(UInt8(ascii: "}")) }

  /// Opens an array.
  public mutating func beginArray() { open(UInt8(ascii: "[")) }

  /// Closes the innermost array.
  public mutating func endArray() { close(UInt8(ascii: "]")) }

  /// Writes a member's key; its value comes next.
  public mutating func key(_ key: String) {
    startValue()
    appendString(key)
    bytes.append(UInt8(ascii: ":"))
    bytes.append(UInt8(ascii: " "))
    afterKey = true
  }

  /// Writes a string value.
  public mutating func string(_ value: String) {
    startValue()
    appendString(value)
  }

  /// Writes an integer value.
  public mutating func number(_ value: Int) {
    startValue()
    bytes.append(contentsOf: String(value).utf8)
  }

  /// Writes a boolean value.
  public mutating func bool(_ value: Bool) {
    startValue()
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// Writes `null`.
  public mutating func null() {
    startValue()
    bytes.append(contentsOf: "null".utf8)
  }

  // MARK: Layout

  private mutating func open(_ bracket: UInt8) {
    startValue()
    bytes.append(bracket)
    level += 1
    isEmptyContainer = true
  }

  private mutating func close(_ bracket: UInt8) {
    level -= 1
    if !isEmptyContainer { newLine() }
    bytes.append(bracket)
    isEmptyContainer = false
  }

  /// Puts the separator and indentation a value or key needs where it stands.
  private mutating func startValue() {
    if afterKey {
      afterKey = false
      return
    }
    guard level > 0 else { return }
    if !isEmptyContainer { bytes.append(UInt8(ascii: ",")) }
    isEmptyContainer = false
    newLine()
  }

  private mutating func newLine() {
    bytes.append(0x0A)
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
  }

  private mutating func appendString(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0x00..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [
          UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
        ])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
