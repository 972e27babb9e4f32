/// Why a search query was refused.
public struct MessageSearchError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was wrong with the query.
  public enum Kind: Equatable, Sendable {
    /// The query holds no letter or digit (it is empty, or only spaces, punctuation or emoji).
    case nothingToSearch
    /// The query holds more than ``MessageSearchQuery/maximumTokens`` words and characters.
    case tooLong
  }

  /// What was wrong.
  public var kind: Kind
  /// What was wrong, in words.
  public var reason: String

  /// Creates an error.
  /// - Parameters:
  ///   - kind: What was wrong.
  ///   - reason: What was wrong, in words.
  public init(_ kind: Kind, reason: String) {
    self.kind = kind
    self.reason = reason
  }

  /// The reason.
  public var description: String { reason }
}
