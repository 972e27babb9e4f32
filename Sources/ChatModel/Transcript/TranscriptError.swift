/// Why a transcript could not be read or written. The message names the file and the place.
public struct TranscriptError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The transcript file, or `nil` when the error concerns no file (a document read from bytes).
  public var file: String?
  /// What went wrong, and where (a message index, a JSON line and column).
  public var reason: String

  /// An error about `file`.
  /// - Parameters:
  ///   - file: The transcript file, or `nil`.
  ///   - reason: What went wrong, and where.
  public init(file: String? = nil, reason: String) {
    self.file = file
    self.reason = reason
  }

  public var description: String { file.map { "\($0): \(reason)" } ?? reason }
}
