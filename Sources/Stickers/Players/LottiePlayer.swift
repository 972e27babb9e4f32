import AnimationRuntime
import ReuseKitSupport

/// Plays a Lottie sticker through rlottie, rendering at the display's pixel size.
final class LottiePlayer: StickerPlayer {
  let contentKey: String
  let frameCount: Int
  let frameRate: Double
  var frameDurations: [Double]? { nil }
  /// What rlottie leaves out of this file, as one warning (or none).
  let warnings: [String]
  /// The static draw-cost estimate that passed `StickerLimits.maxLottieCost`.
  let cost: Int
  private let animation: LottieAnimation

  /// Checks, analyses and cleans `bytes` (``LottieDocument``), then parses them with rlottie.
  /// - Throws: The reason the file was refused.
  init(bytes: [UInt8], limits: StickerLimits) throws(StickerError.Reason) {
    let document = try LottieDocument(bytes: bytes, limits: limits)
    contentKey = contentHash(document.json)
    animation = try LottieAnimation(json: document.json, cacheKey: contentKey)
    let size = animation.size
    guard size.width == document.header.width, size.height == document.header.height else {
      throw .decoderFailed(
        "rlottie read a \(size.width)×\(size.height) canvas, the header says "
          + "\(document.header.width)×\(document.header.height)")
    }
    let frames = animation.totalFrames
    guard frames >= 1 else { throw .decoderFailed("rlottie found no frames") }
    frameCount = frames
    frameRate = document.header.frameRate
    warnings = document.warnings
    cost = document.cost
  }

  func render(frame: Int, pixelSize: Int) -> RGBAImage {
    let words = animation.render(frame: min(max(0, frame), frameCount - 1), size: pixelSize)
    return RGBAImage(premultipliedARGB: words, width: pixelSize, height: pixelSize)
  }
}
