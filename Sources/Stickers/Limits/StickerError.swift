/// Why a sticker could not be loaded; its description names the file and the reason.
public struct StickerError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The reason a sticker was refused.
  public enum Reason: Error, Equatable, Sendable {
    case unknownSticker(name: String)
    case unreadable(String)
    case empty
    case fileTooLarge(bytes: Int, limit: Int)
    case notUTF8
    case nestingTooDeep(limit: Int)
    case malformed(String)
    case canvasTooLarge(width: Int, height: Int, limit: Int)
    case tooManyFrames(count: Int, limit: Int)
    case durationTooLong(seconds: Double, limit: Double)
    case decodedSizeTooLarge(bytes: Int, limit: Int)
    case decoderFailed(String)
  }

  /// The file (or, for unknown names, the sticker name) the error concerns.
  public var file: String
  /// What went wrong.
  public var reason: Reason

  public init(file: String, reason: Reason) {
    self.file = file
    self.reason = reason
  }

  public var description: String { "sticker file '\(file)': \(reasonText)" }

  private var reasonText: String {
    switch reason {
    case .unknownSticker(let name): "no sticker named '\(name)' in the manifest"
    case .unreadable(let detail): "cannot be read (\(detail))"
    case .empty: "is empty"
    case .fileTooLarge(let bytes, let limit): "is too large (\(bytes) bytes, limit \(limit))"
    case .notUTF8: "is not valid UTF-8"
    case .nestingTooDeep(let limit): "JSON nests deeper than \(limit) levels"
    case .malformed(let detail): "is malformed (\(detail))"
    case .canvasTooLarge(let width, let height, let limit): "canvas \(width)×\(height) exceeds \(limit) px"
    case .tooManyFrames(let count, let limit): "has too many frames (\(count), limit \(limit))"
    case .durationTooLong(let seconds, let limit): "lasts too long (\(seconds) s, limit \(limit) s)"
    case .decodedSizeTooLarge(let bytes, let limit): "would decode to \(bytes) bytes (limit \(limit))"
    case .decoderFailed(let detail): "was rejected by the decoder (\(detail))"
    }
  }
}
