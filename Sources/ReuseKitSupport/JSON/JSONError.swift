/// Why JSON could not be read: what went wrong and where, by line and column.
///
/// Syntax problems (``Kind/syntax``, ``Kind/truncated``, ``Kind/invalidUTF8``, ``Kind/tooDeep(limit:)``)
/// come from ``JSONReader``; ``Kind/content`` errors are raised by the reader's callers (a value of the
/// wrong kind, a missing field) through `JSONReader.error(_:)`.
public struct JSONError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The class of problem.
  public enum Kind: Equatable, Sendable {
    /// Bytes that break the JSON grammar.
    case syntax
    /// The input ends before the document does.
    case truncated
    /// Bytes that are not UTF-8.
    case invalidUTF8
    /// Arrays and objects nested deeper than the reader's limit.
    case tooDeep(limit: Int)
    /// Well-formed JSON that is not what the caller expects.
    case content
  }

  /// The class of problem.
  public var kind: Kind
  /// What went wrong, without the place.
  public var reason: String
  /// The byte offset of the problem from the start of the input (a byte-order mark included).
  public var offset: Int
  /// The 1-based line of the problem.
  public var line: Int
  /// The 1-based column of the problem, in Unicode scalars.
  public var column: Int

  /// Creates an error.
  public init(kind: Kind, reason: String, offset: Int, line: Int, column: Int) {
    self.kind = kind
    self.reason = reason
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// Whether the input is not JSON at all (rather than JSON of the wrong shape).
  public var isMalformed: Bool { kind != .content }

  /// `line L, column C`.
  public var location: String { "line \(line), column \(column)" }

  /// `malformed JSON at line L, column C: reason`, or `reason (line L, column C)` for a content error.
  public var description: String {
    isMalformed ? "malformed JSON at \(location): \(reason)" : "\(reason) (\(location))"
  }
}
