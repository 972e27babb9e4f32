/// Why a sticker could not be loaded; its description names the file, its real format and the reason.
public struct StickerError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The reason a sticker was refused.
  public enum Reason: Error, Equatable, Sendable {
    case unknownSticker(name: String)
    case unreadable(String)
    case empty
    case fileTooLarge(bytes: Int, limit: Int)
    case unknownFormat(String)
    case inflatedTooLarge(limit: Int)
    case notUTF8
    case nestingTooDeep(limit: Int)
    case malformed(String)
    case durationTooLong(seconds: Double, limit: Double)
    case decodedSizeTooLarge(bytes: Int, limit: Int)
    case externalImage(String)
    case costTooHigh(cost: Int, limit: Int)
    case renderBudgetExceeded(String)
    case decoderFailed(String)
  }

  /// The file (or, for unknown names, the sticker name) the error concerns.
  public var file: String
  /// The format the bytes turned out to be, when they were recognised.
  public var format: StickerAsset.Kind?
  /// What went wrong.
  public var reason: Reason

  public init(file: String, format: StickerAsset.Kind? = nil, reason: Reason) {
    self.file = file
    self.format = format
    self.reason = reason
  }

  public var description: String {
    "sticker file '\(file)'\(format.map { " (\($0.displayName))" } ?? ""): \(reasonText)"
  }

  /// The reason alone, without the file name.
  public var reasonText: String {
    switch reason {
    case .unknownSticker(let name): "no sticker named '\(name)' in the library"
    case .unreadable(let detail): "cannot be read (\(detail))"
    case .empty: "is empty"
    case .fileTooLarge(let bytes, let limit): "is too large (\(bytes) bytes, limit \(limit))"
    case .unknownFormat(let detail): "is not a sticker format (\(detail))"
    case .inflatedTooLarge(let limit): "inflates past the \(limit)-byte cap (a compression bomb?)"
    case .notUTF8: "is not valid UTF-8"
    case .nestingTooDeep(let limit): "JSON nests deeper than \(limit) levels"
    case .malformed(let detail): "is malformed (\(detail))"
    case .durationTooLong(let seconds, let limit): "lasts too long (\(seconds) s, limit \(limit) s)"
    case .decodedSizeTooLarge(let bytes, let limit): "would decode to \(bytes) bytes (limit \(limit))"
    case .externalImage(let path):
      "names an external image file '\(path)'; stickers never read paths a file names (embed it as a data: URI)"
    case .costTooHigh(let cost, let limit):
      "is too costly to draw (estimated \(cost) shape draws per frame, limit \(limit))"
    case .renderBudgetExceeded(let detail): "exceeded its render budget (\(detail))"
    case .decoderFailed(let detail): "was rejected by the decoder (\(detail))"
    }
  }
}
