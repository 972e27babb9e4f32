import AnimationRuntime
import ReuseKitSupport

/// Plays a Lottie sticker through rlottie, rendering at the display's pixel size.
final class LottiePlayer: StickerPlayer {
  let contentKey: String
  let frameCount: Int
  let frameRate: Double
  var frameDurations: [Double]? { nil }
  private let animation: LottieAnimation

  /// Checks `bytes` against `limits`, then parses them with rlottie.
  /// - Throws: The reason the file was refused.
  init(bytes: [UInt8], limits: StickerLimits) throws(StickerError.Reason) {
    let header = try LottieHeader(bytes: bytes, limits: limits)
    contentKey = contentHash(bytes)
    animation = try LottieAnimation(json: bytes, cacheKey: contentKey)
    let size = animation.size
    guard size.width == header.width, size.height == header.height else {
      throw .decoderFailed(
        "rlottie read a \(size.width)×\(size.height) canvas, the header says \(header.width)×\(header.height)")
    }
    let frames = animation.totalFrames
    guard frames >= 1, frames <= limits.maxFrameCount else {
      throw .tooManyFrames(count: frames, limit: limits.maxFrameCount)
    }
    frameCount = frames
    frameRate = header.frameRate
  }

  func render(frame: Int, pixelSize: Int) -> RGBAImage {
    let words = animation.render(frame: min(max(0, frame), frameCount - 1), size: pixelSize)
    return RGBAImage(premultipliedARGB: words, width: pixelSize, height: pixelSize)
  }
}
