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
  checkPlayer(loaded.player, frames: [0, loaded.player.frameCount / 2, loaded.player.frameCount - 1], pixelSize: 32)
  return 0
}
