import AnimationRuntime

/// Turns a sticker file into a player: reads it under the size cap, finds its format from the
/// bytes, unwraps `.tgs` and dotLottie, and hands it to the right player.
package enum StickerLoader {
  /// A loaded sticker.
  package struct Loaded {
    /// Plays the sticker.
    package let player: any StickerPlayer
    /// The format the bytes turned out to be.
    package let kind: StickerAsset.Kind
    /// What the player leaves out (features it does not draw).
    package let warnings: [String]
  }

  /// Loads `asset`.
  /// - Throws: `StickerError` naming the file, its real format when known, and the reason.
  static func load(_ asset: StickerAsset, limits: StickerLimits) throws(StickerError) -> Loaded {
    let (bytes, kind) = try read(asset, limits: limits)
    do {
      return try load(bytes, kind: kind, strip: asset.strip, limits: limits)
    } catch {
      throw StickerError(file: asset.file.path, format: kind, reason: error)
    }
  }

  /// Reads `asset`'s file under the size cap and finds its format from the bytes; decodes nothing.
  /// - Throws: `StickerError` for a bad manifest entry, an unreadable or oversized file, or no known format.
  static func read(_ asset: StickerAsset, limits: StickerLimits) throws(StickerError) -> ([UInt8], StickerAsset.Kind) {
    let path = asset.file.path
    if let entryError = asset.entryError { throw StickerError(file: path, reason: .malformed(entryError)) }
    let bytes = try StickerFileReader.read(asset.file, limits: limits)
    guard let kind = StickerAsset.detect(bytes) else {
      let start = bytes.prefix(4).map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
      throw StickerError(
        file: path,
        reason: .unknownFormat(
          "starts with bytes \(start); expected Lottie JSON, .tgs, dotLottie, GIF, WebP or PNG/APNG"))
    }
    return (bytes, kind)
  }

  /// Loads bytes already read, whose format is `kind`.
  package static func load(
    _ bytes: [UInt8], kind: StickerAsset.Kind, strip: StickerAsset.StripLayout?, limits: StickerLimits
  )
    throws(StickerError.Reason) -> Loaded
  {
    func lottie(_ json: [UInt8]) throws(StickerError.Reason) -> Loaded {
      let player = try LottiePlayer(bytes: json, limits: limits)
      return Loaded(player: player, kind: kind, warnings: player.warnings)
    }
    switch kind {
    case .lottie: return try lottie(bytes)
    case .tgs: return try lottie(try GzipInflater.inflate(bytes, limit: limits.maxInflatedBytes))
    case .dotLottie: return try lottie(try DotLottieArchive(bytes: bytes, limits: limits).animationJSON())
    case .gif: return Loaded(player: try RasterPlayer.gif(bytes, limits: limits), kind: kind, warnings: [])
    case .webp: return Loaded(player: try RasterPlayer.webp(bytes, limits: limits), kind: kind, warnings: [])
    case .apng: return Loaded(player: try RasterPlayer.apng(bytes, limits: limits), kind: kind, warnings: [])
    case .frameStrip:
      return Loaded(player: try RasterPlayer.strip(bytes, layout: strip, limits: limits), kind: kind, warnings: [])
    }
  }
}
