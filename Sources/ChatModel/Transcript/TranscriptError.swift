/// Why a transcript could not be read or written. The message names the file and the place.
public struct TranscriptError: Error, Equatable, CustomStringConvertible, Sendable {
  public var file: String?
  public var reason: String

  public init(file: String? = nil, reason: String) {
    self.file = file
    self.reason = reason
  }

  public var description: String { file.map { "\($0): \(reason)" } ?? reason }
}
