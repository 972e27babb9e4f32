/// A strict, one-pass pull reader for JSON (RFC 8259) over UTF-8 bytes.
///
/// The caller walks the document: ``peek()`` tells what comes next, ``beginObject()`` and
/// ``nextKey()`` walk an object, ``beginArray()`` and ``nextElement()`` an array, and
/// ``readString()``, ``readNumber()``, ``readBool()``, ``readNull()``, ``skipValue()`` and
/// ``readValue()`` consume one value. Nothing is built that the caller does not ask for, so a
/// large document costs only what its caller keeps.
///
/// It is strict:
/// - only valid UTF-8 is accepted, inside strings and out (a leading byte-order mark is skipped);
/// - arrays and objects may nest at most ``maximumDepth`` levels;
/// - numbers follow the JSON grammar (no leading zeros, no `1.`, no `NaN`), and `true`/`false` are
///   never numbers;
/// - a `\u` escape of a lone (unpaired) surrogate is **rejected**, never replaced by U+FFFD;
/// - nothing but whitespace may follow the document.
///
/// Every error names the line and column (``JSONError``). The reader only borrows the bytes:
/// use it inside ``read(_:maximumDepth:_:)-(UnsafeRawBufferPointer,_,_)``.
public struct JSONReader {
  /// What the next value is.
  public enum Kind: Equatable, Sendable {
    /// One kind of JSON value each: an object (`{`), an array (`[`), a string (`"`), a number, a
    /// boolean (`true` or `false`), `null`.
    case object, array, string, number, bool, null

    /// "an object", "a string", … for error messages.
    public var name: String {
      switch self {
      case .object: "an object"
      case .array: "an array"
      case .string: "a string"
      case .number: "a number"
      case .bool: "a boolean"
      case .null: "null"
      }
    }
  }

  /// The nesting limit used unless a caller picks another.
  public static let defaultMaximumDepth = 64

  /// The deepest nesting of arrays and objects accepted.
  public let maximumDepth: Int
  let bytes: UnsafeRawBufferPointer
  /// The offset of the next unread byte.
  public internal(set) var offset = 0
  private var depth = 0
  /// Bytes the escaped-string path has copied, for `JSONReader+Testing.swift`'s linearity check.
  var stringWork = 0
  /// Whether the last token opened an array or object, so that no ',' may come before its first member.
  private var justOpened = false

  private init(bytes: UnsafeRawBufferPointer, maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  /// Reads one document from `bytes`: `body` consumes one value, then only whitespace may remain.
  /// - Parameters:
  ///   - bytes: UTF-8 JSON, optionally after a byte-order mark; borrowed for the call.
  ///   - maximumDepth: The deepest nesting of arrays and objects accepted.
  ///   - body: Reads the document's value with the reader.
  /// - Returns: What `body` returns.
  /// - Throws: ``JSONError``, from the reader or from `body`.
  /// - Complexity: O(n) for the reader's own work.
  public static func read<Value>(
    _ bytes: UnsafeRawBufferPointer, maximumDepth: Int = defaultMaximumDepth,
    _ body: (inout JSONReader) throws(JSONError) -> Value
  ) throws(JSONError) -> Value {
    var reader = JSONReader(bytes: bytes, maximumDepth: maximumDepth)
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { reader.offset = 3 }
    let value = try body(&reader)
    reader.skipWhitespace()
    if reader.offset < bytes.count {
      throw try reader.syntax("unexpected data after the value (\(reader.describeCurrentByte()))")
    }
    return value
  }

  /// Reads one document from any byte sequence (contiguous storage is borrowed, anything else copied once).
  /// - Parameters:
  ///   - bytes: UTF-8 JSON, optionally after a byte-order mark.
  ///   - maximumDepth: The deepest nesting of arrays and objects accepted.
  ///   - body: Reads the document's value with the reader.
  /// - Throws: ``JSONError``, from the reader or from `body`.
  public static func read<Bytes: Sequence<UInt8>, Value>(
    _ bytes: Bytes, maximumDepth: Int = defaultMaximumDepth,
    _ body: (inout JSONReader) throws(JSONError) -> Value
  ) throws(JSONError) -> Value {
    func attempt(_ raw: UnsafeRawBufferPointer) -> Result<Value, JSONError> {
      do throws(JSONError) {
        return .success(try read(raw, maximumDepth: maximumDepth, body))
      } catch {
        return .failure(error)
      }
    }
    if let result = bytes.withContiguousStorageIfAvailable({ attempt(UnsafeRawBufferPointer($0)) }) {
      return try result.get()
    }
    return try Array(bytes).withUnsafeBytes { attempt($0) }.get()
  }

  // MARK: Walking

  /// What the next value is, after skipping whitespace.
  /// - Throws: ``JSONError`` when no value starts here.
  public mutating func peek() throws(JSONError) -> Kind {
    skipWhitespace()
    guard offset < bytes.count else { throw truncated("expected a value") }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    default: throw try unexpected(expected: "a value")
    }
  }

  /// Enters the object that comes next; walk its members with ``nextKey()``.
  /// - Throws: ``JSONError`` when the next value is not an object or nests too deep.
  public mutating func beginObject() throws(JSONError) {
    try begin(.object)
  }

  /// The next member's key, with the reader before its value (which the caller must consume), or
  /// `nil` after the object's closing brace.
  /// - Throws: ``JSONError`` on a malformed object.
  public mutating func nextKey() throws(JSONError) -> String? {
    let first = justOpened
    guard try nextMember(closing: UInt8(ascii: "}")) else { return nil }
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
      throw try unexpected(expected: first ? "a key or '}'" : "a key")
    }
    let key = try scanString()
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw try unexpected(expected: "':'") }
    offset += 1
    return key
  }

  /// Enters the array that comes next; walk its elements with ``nextElement()``.
  /// - Throws: ``JSONError`` when the next value is not an array or nests too deep.
  public mutating func beginArray() throws(JSONError) {
    try begin(.array)
  }

  /// Whether another element follows (the caller must consume it); `false` after the closing bracket.
  /// - Throws: ``JSONError`` on a malformed array.
  public mutating func nextElement() throws(JSONError) -> Bool {
    try nextMember(closing: UInt8(ascii: "]"))
  }

  // MARK: Values

  /// Reads a string.
  /// - Throws: ``JSONError``: a content error when the value is not a string.
  public mutating func readString() throws(JSONError) -> String {
    try expect(.string)
    return try scanString()
  }

  /// Reads a number (never a boolean).
  /// - Throws: ``JSONError``: a content error when the value is not a number.
  public mutating func readNumber() throws(JSONError) -> JSONNumber {
    try expect(.number)
    let start = offset
    try scanNumber()
    return JSONNumber(literal: String(decoding: bytes[start..<offset], as: UTF8.self))
  }

  /// Reads `true` or `false`.
  /// - Throws: ``JSONError``: a content error when the value is not a boolean.
  public mutating func readBool() throws(JSONError) -> Bool {
    try expect(.bool)
    if bytes[offset] == UInt8(ascii: "t") {
      try literal("true")
      return true
    }
    try literal("false")
    return false
  }

  /// Reads `null`.
  /// - Throws: ``JSONError``: a content error when the value is not `null`.
  public mutating func readNull() throws(JSONError) {
    try expect(.null)
    try literal("null")
  }

  /// Consumes the next value, checking it, without keeping anything.
  /// - Throws: ``JSONError`` on malformed JSON.
  /// - Complexity: O(size of the value).
  public mutating func skipValue() throws(JSONError) {
    switch try peek() {
    case .object:
      try beginObject()
      while try nextKey() != nil { try skipValue() }
    case .array:
      try beginArray()
      while try nextElement() { try skipValue() }
    case .string: try skipString()
    case .number: try scanNumber()
    case .bool: _ = try readBool()
    case .null: try readNull()
    }
  }

  /// Reads the next value as a tree.
  /// - Throws: ``JSONError`` on malformed JSON.
  /// - Complexity: O(size of the value), and a tree as large.
  public mutating func readValue() throws(JSONError) -> JSONValue {
    switch try peek() {
    case .object:
      try beginObject()
      var members: [String: JSONValue] = [:]
      while let key = try nextKey() { members[key] = try readValue() }
      return .object(members)
    case .array:
      try beginArray()
      var elements: [JSONValue] = []
      while try nextElement() { elements.append(try readValue()) }
      return .array(elements)
    case .string: return .string(try scanString())
    case .number: return .number(try readNumber())
    case .bool: return .bool(try readBool())
    case .null:
      try readNull()
      return .null
    }
  }

  /// A content error, for callers that find well-formed JSON of the wrong shape.
  /// - Parameters:
  ///   - reason: What is wrong, for example `message 3 has no "from" string`.
  ///   - position: The byte offset to name, for example where the faulty value starts (an earlier
  ///     ``offset``); the reader's position by default.
  public func error(_ reason: String, at position: Int? = nil) -> JSONError {
    makeError(.content, reason, at: position)
  }

  // MARK: Structure

  mutating func expect(_ kind: Kind) throws(JSONError) {
    let found = try peek()
    guard found == kind else { throw error("expected \(kind.name), found \(found.name)") }
  }

  private mutating func begin(_ kind: Kind) throws(JSONError) {
    try expect(kind)
    guard depth < maximumDepth else {
      throw makeError(.tooDeep(limit: maximumDepth), "nested deeper than \(maximumDepth) levels")
    }
    depth += 1
    offset += 1
    justOpened = true
  }

  /// Steps over the ',' before a member, or the closing byte after the last one.
  /// - Returns: Whether a member follows.
  private mutating func nextMember(closing: UInt8) throws(JSONError) -> Bool {
    skipWhitespace()
    let closeName = closing == UInt8(ascii: "}") ? "'}'" : "']'"
    guard offset < bytes.count else {
      throw truncated(justOpened ? "expected a value or \(closeName)" : "expected ',' or \(closeName)")
    }
    if bytes[offset] == closing {
      offset += 1
      depth -= 1
      justOpened = false
      return false
    }
    if justOpened {
      justOpened = false
      return true
    }
    guard bytes[offset] == UInt8(ascii: ",") else { throw try unexpected(expected: "',' or \(closeName)") }
    offset += 1
    skipWhitespace()
    return true
  }

  mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  mutating func literal(_ word: StaticString) throws(JSONError) {
    let count = word.utf8CodeUnitCount
    for index in 0..<count {
      guard offset + index < bytes.count else { throw truncated("expected \(word)") }
      guard bytes[offset + index] == word.utf8Start[index] else {
        offset += index
        throw try unexpected(expected: "\(word)")
      }
    }
    offset += count
  }
}
