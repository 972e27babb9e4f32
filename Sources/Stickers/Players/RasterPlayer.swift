import AnimationRuntime
import ReuseKitSupport

/// Plays a raster sticker (GIF, WebP, APNG, PNG strip) lazily: frames are decoded and composited
/// only when a render reaches them, then scaled to the display size. Memory stays at one canvas
/// (capped by `StickerLimits.maxDecodedBytes`) plus the encoded file, however many frames it has;
/// the shared ``FrameCache`` keeps what was rendered at display size.
final class RasterPlayer: StickerPlayer {
  let contentKey: String
  let frameCount: Int
  let frameRate: Double
  let frameDurations: [Double]?
  private let source: any RasterFrameSource

  /// Plays `source` with the given timing.
  init(contentKey: String, source: any RasterFrameSource, durations: [Double]?, frameRate: Double) {
    self.contentKey = contentKey
    self.source = source
    frameCount = source.frameCount
    frameDurations = durations
    if let durations {
      self.frameRate = Double(durations.count) / max(0.001, durations.reduce(0, +))
    } else {
      self.frameRate = frameRate
    }
  }

  /// Checks that a `width × height` canvas fits in `StickerLimits.maxDecodedBytes`.
  static func checkCanvas(width: Int, height: Int, limits: StickerLimits) throws(StickerError.Reason) {
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixels <= limits.maxDecodedBytes / 4 else {
      // A canvas of PNG sides near 2^31 has more pixels than Int can count in bytes.
      let (bytes, bytesOverflow) = pixels.multipliedReportingOverflow(by: 4)
      throw .decodedSizeTooLarge(bytes: overflow || bytesOverflow ? .max : bytes, limit: limits.maxDecodedBytes)
    }
  }

  func render(frame: Int, pixelSize: Int) -> RGBAImage {
    source.canvas(at: min(max(0, frame), frameCount - 1)).reduced(toAbout: pixelSize).scaledToFit(square: pixelSize)
  }
}
