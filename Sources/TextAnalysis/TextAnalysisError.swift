/// An error from a Unicode library, carrying the library's own message.
public struct TextAnalysisError: Error, Equatable, CustomStringConvertible {
  /// The library that failed (`ICU`, `FriBidi`).
  public let library: String
  /// What was being done.
  public let operation: String
  /// The library's message (ICU's error name, such as `U_MEMORY_ALLOCATION_ERROR`).
  public let message: String

  public var description: String { "\(library): \(operation) failed: \(message)" }
}
