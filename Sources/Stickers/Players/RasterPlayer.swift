import AnimationRuntime
import ReuseKitSupport
import SDLSupport

/// Plays a GIF or a frame strip from frames decoded once by SDL2_image, scaling them to the display size.
final class RasterPlayer: StickerPlayer {
  let contentKey: String
  let frameCount: Int
  let frameRate: Double
  let frameDurations: [Double]?
  private let frames: [RGBAImage]

  /// Checks a GIF's structure against `limits`, then decodes it with `IMG_LoadAnimation_RW`.
  ///
  /// Per-frame delays are honoured; delays of 0 or 1 centisecond play as 10, as browsers do.
  init(gif bytes: [UInt8], limits: StickerLimits) throws(StickerError.Reason) {
    let structure = try GIFStructure(bytes: bytes, limits: limits)
    let decoded: (frames: [RGBAImage], delays: [Int])
    do {
      decoded = try SDLImageDecoder.animation(from: bytes)
    } catch {
      throw .decoderFailed(error.description)
    }
    guard decoded.frames.count == structure.delays.count else {
      throw .decoderFailed("decoded \(decoded.frames.count) of \(structure.delays.count) frames")
    }
    contentKey = contentHash(bytes)
    frames = decoded.frames
    frameCount = frames.count
    frameDurations = structure.delays.map { Double($0 <= 1 ? 10 : $0) / 100 }
    frameRate = Double(frameCount) / (frameDurations ?? []).reduce(0, +)
  }

  /// Checks a PNG strip's header against `limits`, then decodes it with `IMG_Load_RW` and cuts it into frames.
  init(strip bytes: [UInt8], frameCount: Int, frameRate: Double, limits: StickerLimits) throws(StickerError.Reason) {
    let header = try PNGHeader(bytes: bytes, frameCount: frameCount, limits: limits)
    guard frameRate.isFinite, frameRate > 0, frameRate <= 240 else {
      throw .malformed("frame rate \(frameRate) outside 0–240")
    }
    guard Double(frameCount) / frameRate <= limits.maxDuration else {
      throw .durationTooLong(seconds: Double(frameCount) / frameRate, limit: limits.maxDuration)
    }
    let frameWidth = header.width / frameCount
    do throws(SDLError) {
      let surface = try SDLImageDecoder.surface(from: bytes)
      guard surface.width == header.width, surface.height == header.height else {
        throw SDLError(context: "IMG_Load_RW", detail: "decoded size differs from the PNG header")
      }
      frames = try (0..<frameCount).map { index throws(SDLError) in
        try surface.rgbaImage(x: index * frameWidth, width: frameWidth)
      }
    } catch {
      throw .decoderFailed(error.description)
    }
    contentKey = contentHash(bytes)
    self.frameCount = frameCount
    self.frameRate = frameRate
    frameDurations = nil
  }

  func render(frame: Int, pixelSize: Int) -> RGBAImage {
    frames[min(max(0, frame), frameCount - 1)].scaledToFit(square: pixelSize)
  }
}
