/// How a sticker file is encoded; always read from the bytes (`StickerAsset.detect(_:)`), never from the name.
public enum StickerKind: String, Codable, Sendable, CaseIterable {
  /// Lottie JSON, played by rlottie.
  case lottie
  /// Telegram's `.tgs`: gzip-compressed Lottie JSON.
  case tgs
  /// dotLottie: a zip with `manifest.json` and `animations/*.json`.
  case dotLottie
  /// A GIF, composited frame by frame (frames decoded by SDL2_image).
  case gif
  /// A WebP (animated or not), decoded by libwebp's animation decoder.
  case webp
  /// An animated PNG, split into one PNG per frame (decoded by SDL2_image).
  case apng
  /// A PNG still, or a strip of equal frames laid out left to right as a manifest entry describes.
  case frameStrip

  /// The format's name in error messages and reports.
  public var displayName: String {
    switch self {
    case .lottie: "Lottie JSON"
    case .tgs: "Telegram .tgs (gzip Lottie)"
    case .dotLottie: "dotLottie (zip)"
    case .gif: "GIF"
    case .webp: "WebP"
    case .apng: "APNG"
    case .frameStrip: "PNG"
    }
  }
}
