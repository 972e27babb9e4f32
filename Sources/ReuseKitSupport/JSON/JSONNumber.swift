/// A JSON number as written, read as a `Double` or, when it is a whole number, an `Int`.
///
/// Keeping the literal means large integers (seeds, ids) are not rounded through `Double`.
public struct JSONNumber: Equatable, Sendable {
  /// The number exactly as it appears in the document, for example `-12.5e3`.
  public let literal: String

  /// Wraps a literal the reader has checked against the JSON grammar.
  public init(literal: String) { self.literal = literal }

  /// The nearest `Double`; infinite when the literal is out of range.
  public var double: Double { Double(literal) ?? .nan }

  /// The value as an `Int` when it is a whole number in range (`3`, `3.0` and `3e0` all are).
  public var int: Int? { Int(literal) ?? Int(exactly: double) }
}
