import ReuseKitSupport
import SDLSupport

extension RasterPlayer {
  /// A GIF whose frames are each re-assembled as a one-frame GIF, decoded (``GIFFrameDecoder``, in
  /// Swift) when the playhead reaches them and composited on the canvas.
  ///
  /// Frames spilling past the canvas are clipped, as browsers do; disposal to background clears
  /// to transparent (never black); delays of 0 or 1 centisecond play as 10, as browsers do.
  /// - Throws: The first cap or format problem; the first frame is decoded here, so a file whose
  ///   image data is corrupt is rejected at load.
  static func gif(_ bytes: [UInt8], limits: StickerLimits) throws(StickerError.Reason) -> RasterPlayer {
    let structure = try GIFStructure(bytes: bytes, limits: limits)
    try checkCanvas(width: structure.width, height: structure.height, limits: limits)
    let frames = structure.frames
    for (index, frame) in frames.enumerated() where frame.width * frame.height * 4 > limits.maxDecodedBytes {
      throw .malformed(
        "frame \(index) is \(frame.width)×\(frame.height), over the \(limits.maxDecodedBytes)-byte decode cap")
    }
    _ = try GIFFrameDecoder.decode(frames[0].encoded)
    let source = CompositedFrames(width: structure.width, height: structure.height, frames: frames) {
      try? GIFFrameDecoder.decode($0)
    }
    return RasterPlayer(
      contentKey: contentHash(bytes), source: source, durations: structure.durations, frameRate: 10)
  }

  /// An APNG split into frames (each re-assembled as a PNG, decoded by SDL2_image when the
  /// playhead reaches it), composited with each frame's dispose and blend operations.
  /// - Throws: The first cap or format problem; the first frame is decoded here.
  static func apng(_ bytes: [UInt8], limits: StickerLimits) throws(StickerError.Reason) -> RasterPlayer {
    let structure = try APNGStructure(bytes: bytes, limits: limits)
    try checkCanvas(width: structure.width, height: structure.height, limits: limits)
    let frames = structure.frames
    let first = try decode(frames[0].encoded, what: "APNG frame 0")
    guard first.width == frames[0].width, first.height == frames[0].height else {
      throw .decoderFailed("APNG frame 0 decoded to \(first.width)×\(first.height)")
    }
    let source = CompositedFrames(width: structure.width, height: structure.height, frames: frames) {
      try? decode($0, what: "APNG frame")
    }
    return RasterPlayer(contentKey: contentHash(bytes), source: source, durations: structure.durations, frameRate: 10)
  }

  /// A PNG still, or a PNG strip cut into `layout.frameCount` equal frames.
  /// - Throws: The first cap or decoding problem.
  static func strip(_ bytes: [UInt8], layout: StickerAsset.StripLayout?, limits: StickerLimits)
    throws(StickerError.Reason) -> RasterPlayer
  {
    // The header alone: the decoder checks the rest.
    guard bytes.count >= 33, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
      throw .malformed("no IHDR header")
    }
    let (width, height) = (PNGChunks.u32(bytes, 16), PNGChunks.u32(bytes, 20))
    let count = layout?.frameCount ?? 1
    let rate = layout?.frameRate ?? 1
    guard count >= 1, width >= count, height >= 1, width % count == 0 else {
      throw .malformed("strip width \(width) is not \(count) equal frames")
    }
    guard rate.isFinite, rate > 0, rate <= 240 else { throw .malformed("frame rate \(rate) outside 0–240") }
    guard Double(count) / rate <= limits.maxDuration || layout == nil else {
      throw .durationTooLong(seconds: Double(count) / rate, limit: limits.maxDuration)
    }
    try checkCanvas(width: width, height: height, limits: limits)
    let frameWidth = width / count
    var frames: [RGBAImage] = []
    do throws(SDLError) {
      let surface = try SDLImageDecoder.surface(from: bytes)
      guard surface.width == width, surface.height == height else {
        throw SDLError(context: "IMG_Load_RW", detail: "decoded size differs from the PNG header")
      }
      for index in 0..<count { frames.append(try surface.rgbaImage(x: index * frameWidth, width: frameWidth)) }
    } catch {
      throw .decoderFailed(error.description)
    }
    return RasterPlayer(contentKey: contentHash(bytes), source: DecodedFrames(frames), durations: nil, frameRate: rate)
  }

  /// A WebP (animated or not), decoded in order by libwebp's animation decoder, which composites each frame.
  /// - Throws: The first cap or decoding problem; the first frame is decoded here.
  static func webp(_ bytes: [UInt8], limits: StickerLimits) throws(StickerError.Reason) -> RasterPlayer {
    let animation = try WebPAnimation(bytes: bytes, maxCanvasBytes: limits.maxDecodedBytes)
    guard animation.width >= 1, animation.height >= 1, animation.frameCount >= 1 else {
      throw .malformed("empty WebP canvas or no frames")
    }
    try checkCanvas(width: animation.width, height: animation.height, limits: limits)
    guard animation.frameCount <= limits.maxDecodedPixels / (animation.width * animation.height) else {
      throw .decodedSizeTooLarge(
        bytes: animation.width * animation.height * 4 * animation.frameCount, limit: limits.maxDecodedPixels * 4)
    }
    let durations = animation.durations.map { $0 <= 0.01 ? 0.1 : $0 }
    let total = durations.reduce(0, +)
    guard total <= limits.maxDuration else { throw .durationTooLong(seconds: total, limit: limits.maxDuration) }
    _ = try animation.firstFrame()
    return RasterPlayer(contentKey: contentHash(bytes), source: animation, durations: durations, frameRate: 10)
  }

  /// Decodes one image with SDL2_image into straight RGBA.
  private static func decode(_ bytes: [UInt8], what: String) throws(StickerError.Reason) -> RGBAImage {
    do throws(SDLError) {
      return try SDLImageDecoder.surface(from: bytes).rgbaImage()
    } catch {
      throw .decoderFailed("\(what): \(error.description)")
    }
  }
}
