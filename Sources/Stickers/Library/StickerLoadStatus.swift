/// How loading one sticker went: what a scenario report's `stickers` list holds.
public struct StickerLoadStatus: Codable, Equatable, Sendable {
  /// Whether the sticker plays.
  public enum Status: String, Codable, Sendable {
    /// The sticker loaded and plays (perhaps with ``StickerLoadStatus/warnings``).
    case ok
    /// The sticker was refused (see ``StickerLoadStatus/reason``) and shows the placeholder.
    case rejected
  }

  /// The sticker's name in the library.
  public var name: String
  /// The file's real format (``StickerAsset/Kind`` raw value), or `nil` when the bytes were not recognised.
  public var kind: String?
  /// Whether it plays.
  public var status: Status
  /// Why it was rejected (the error naming the file and the reason), or `nil`.
  public var reason: String?
  /// What the renderer leaves out (at most one warning per file), plus library warnings such as duplicate names.
  public var warnings: [String]

  private enum CodingKeys: String, CodingKey {
    case name, kind, status, reason, warnings
  }

  /// Encodes every field, `null` included, so a report always shows all five.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(kind, forKey: .kind)
    try container.encode(status, forKey: .status)
    try container.encode(reason, forKey: .reason)
    try container.encode(warnings, forKey: .warnings)
  }

  /// A status from its fields.
  /// - Parameters:
  ///   - name: The sticker's name in the library.
  ///   - kind: The file's real format (a ``StickerAsset/Kind`` raw value), or `nil` when unrecognised.
  ///   - status: Whether it plays.
  ///   - reason: Why it was rejected, or `nil`.
  ///   - warnings: What the renderer leaves out, plus library warnings.
  public init(name: String, kind: String?, status: Status, reason: String?, warnings: [String]) {
    self.name = name
    self.kind = kind
    self.status = status
    self.reason = reason
    self.warnings = warnings
  }
}
