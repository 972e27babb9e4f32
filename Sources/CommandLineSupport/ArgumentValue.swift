/// A type an option's value converts to (`--samples 300` as an `Int`).
package protocol ArgumentValue {
  /// The value `argument` spells, or `nil` when it spells none.
  init?(argument: String)
  /// What a valid value is, for the error message (`a whole number`).
  static var expectation: String { get }
}

extension String: ArgumentValue {
  package init?(argument: String) { self = argument }
  package static var expectation: String { "text" }
}

extension Int: ArgumentValue {
  /// A whole number; `_` separates digits (`1_000_000`).
  package init?(argument: String) { self.init(argument.filter { $0 != "_" }) }
  package static var expectation: String { "a whole number" }
}

extension UInt64: ArgumentValue {
  /// A whole number from 0; `_` separates digits.
  package init?(argument: String) { self.init(argument.filter { $0 != "_" }) }
  package static var expectation: String { "a whole number from 0" }
}

extension Double: ArgumentValue {
  /// A finite number.
  package init?(argument: String) {
    guard let value = Double(argument), value.isFinite else { return nil }
    self = value
  }
  package static var expectation: String { "a number" }
}

extension Int {
  /// What ``positive(argument:)`` reads, as a usage error says it.
  package static let positiveExpectation = "a positive whole number"

  /// A whole number above zero (`_` may separate digits), as counts, sizes and limits are given;
  /// `nil` for anything else.
  /// - Parameter argument: The command-line text.
  /// - Returns: The number, or `nil`.
  package static func positive(argument: String) -> Int? {
    Int(argument: argument).flatMap { $0 > 0 ? $0 : nil }
  }
}
