/// A whole JSON document as a tree, for small documents (scenario files, manifests).
///
/// Large documents (transcripts) should be read with ``JSONReader`` directly, without a tree.
/// Booleans and numbers are distinct cases: ``int`` and ``double`` are `nil` for `true`.
public enum JSONValue: Equatable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as read (see ``JSONNumber``).
  case number(JSONNumber)
  /// A string, its escapes decoded.
  case string(String)
  /// An array, its elements in order.
  case array([JSONValue])
  /// An object; when a key repeats, the last value wins.
  case object([String: JSONValue])

  /// Parses a whole document.
  /// - Parameters:
  ///   - bytes: UTF-8 JSON, optionally after a byte-order mark.
  ///   - maximumDepth: The deepest nesting of arrays and objects accepted.
  /// - Throws: ``JSONError`` naming the line and column of the first problem.
  /// - Complexity: O(n).
  public init(parsing bytes: some Sequence<UInt8>, maximumDepth: Int = JSONReader.defaultMaximumDepth)
    throws(JSONError)
  {
    self = try JSONReader.read(bytes, maximumDepth: maximumDepth) { reader throws(JSONError) in
      try reader.readValue()
    }
  }

  /// The member `key` of an object; `nil` for a missing key or a value that is not an object.
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { members[key] } else { nil }
  }

  /// The string, if this is one.
  public var string: String? { if case .string(let value) = self { value } else { nil } }
  /// The number as an `Int`, if this is a whole number (never a boolean).
  public var int: Int? { if case .number(let value) = self { value.int } else { nil } }
  /// The number as a `Double`, if this is a number (never a boolean).
  public var double: Double? { if case .number(let value) = self { value.double } else { nil } }
  /// The boolean, if this is one.
  public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
  /// The elements, if this is an array.
  public var array: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
  /// The members, if this is an object.
  public var object: [String: JSONValue]? { if case .object(let value) = self { value } else { nil } }

  /// The kind of value, for error messages: "a string", "an object", …
  public var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
