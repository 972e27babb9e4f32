@testable import Stickers

/// The whole decode path of a sticker file, in process (no sandbox, so nothing it hides stays
/// hidden): format detection, `.tgs` and dotLottie unwrapping, the Lottie preflight and rlottie, GIF,
/// APNG, WebP and PNG strips, then frames rendered as the worker renders them. A file is refused
/// with a `StickerError.Reason` (never a trap), or plays with a sane frame count and rate and frames
/// that fill the square asked for.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSticker(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let kind = StickerAsset.detect(bytes) else { return 0 }
  var limits = StickerLimits.default
  limits.maxDecodedBytes = 8 << 20
  limits.maxDecodedPixels = 16 << 20
  // A strip's layout comes from the manifest, not the file: the first byte stands in for it.
  let strip = kind == .frameStrip ? StickerAsset.StripLayout(frameCount: Int(bytes[0] % 8) + 1, frameRate: 12) : nil
  guard let loaded = try? StickerLoader.load(bytes, kind: kind, strip: strip, limits: limits) else { return 0 }
  let player = loaded.player
  require(player.frameCount >= 1, "no frames accepted")
  require(player.frameRate.isFinite && player.frameRate > 0, "a frame rate that is not a rate")
  if let durations = player.frameDurations {
    require(durations.count == player.frameCount, "durations are not one per frame")
    require(durations.allSatisfy { $0.isFinite && $0 > 0 }, "a duration is not a time")
  }
  require(!player.contentKey.isEmpty, "no content key")
  for frame in [0, player.frameCount / 2, player.frameCount - 1] {
    let image = player.render(frame: frame, pixelSize: 32)
    require((1...32).contains(image.width) && (1...32).contains(image.height), "a frame outside its square")
    require(image.pixels.count == image.width * image.height * 4, "a frame's pixels do not fill it")
  }
  return 0
}

/// Stops the fuzzer with `message` when `condition` is false (`precondition` drops its message in
/// optimized builds).
private func require(_ condition: Bool, _ message: @autoclosure () -> String = "") {
  if !condition { fatalError(message()) }
}
