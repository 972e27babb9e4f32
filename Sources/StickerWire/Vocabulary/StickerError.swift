/// Why a sticker could not be loaded; its description names the file, its real format and the reason.
public struct StickerError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The reason a sticker was refused.
  public enum Reason: Error, Equatable, Sendable {
    /// The library has no sticker called `name`.
    case unknownSticker(name: String)
    /// The file (or the library's directory) cannot be read: missing, not a regular file, or an I/O
    /// error, described.
    case unreadable(String)
    /// The file holds no bytes.
    case empty
    /// The file is `bytes` long, over ``StickerLimits/maxFileBytes`` (`limit`); refused before or
    /// after reading it.
    case fileTooLarge(bytes: Int, limit: Int)
    /// The bytes are none of the sticker formats (``StickerKind``); the detail says what they
    /// start with.
    case unknownFormat(String)
    /// Inflating a `.tgs` gzip stream or a dotLottie zip entry went past `limit` bytes
    /// (``StickerLimits/maxInflatedBytes``): a likely compression bomb, stopped while inflating.
    case inflatedTooLarge(limit: Int)
    /// A Lottie document is not valid UTF-8.
    case notUTF8
    /// A Lottie document's JSON nests deeper than `limit` levels.
    case nestingTooDeep(limit: Int)
    /// The file breaks its format's rules (bad JSON, a missing field, a truncated chunk, an unsafe
    /// zip path…), described.
    case malformed(String)
    /// The animation lasts `seconds`, over ``StickerLimits/maxDuration`` (`limit`, in seconds).
    case durationTooLong(seconds: Double, limit: Double)
    /// Decoding would produce `bytes` bytes (frames and canvas, or an embedded image), over `limit`.
    case decodedSizeTooLarge(bytes: Int, limit: Int)
    /// A Lottie file names an external image file (the path given); stickers never read paths a
    /// file names, only embedded `data:` images.
    case externalImage(String)
    /// A Lottie file's estimated draw cost per frame is `cost`, over ``StickerLimits/maxLottieCost``
    /// (`limit`).
    case costTooHigh(cost: Int, limit: Int)
    /// A render took longer than ``StickerLimits/renderTimeBudget``, described; the sticker then
    /// shows its placeholder.
    case renderBudgetExceeded(String)
    /// A decoder library (zlib, libzip, rlottie, libwebp, SDL2_image) refused the data, described.
    case decoderFailed(String)
    /// The sandboxed sticker worker died while decoding the file, described: a crash (with its
    /// signal), the memory limit, or a system call the sandbox forbids.
    case decoderCrashed(String)
  }

  /// The file (or, for unknown names, the sticker name) the error concerns.
  public var file: String
  /// The format the bytes turned out to be, when they were recognised.
  public var format: StickerKind?
  /// What went wrong.
  public var reason: Reason

  /// An error about `file`.
  /// - Parameters:
  ///   - file: The file (or, for unknown names, the sticker name) the error concerns.
  ///   - format: The format the bytes turned out to be, if they were recognised.
  ///   - reason: What went wrong.
  public init(file: String, format: StickerKind? = nil, reason: Reason) {
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
    case .decoderCrashed(let detail): detail
    case .decoderFailed(let detail): "was rejected by the decoder (\(detail))"
    }
  }
}
