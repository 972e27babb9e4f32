@testable import Stickers

/// Animated WebP reading as the app does it (`RasterPlayer.webp`: libwebp's demuxer and animation
/// decoder behind our canvas, frame-count and duration caps) on arbitrary bytes: a file is refused
/// with a `StickerError.Reason` (never a trap), or plays with at least one frame, one finite
/// duration per frame, and frames that fill the size asked for, in order and after a jump back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var limits = StickerLimits.default
  limits.maxDecodedBytes = 4 << 20
  limits.maxDecodedPixels = 8 << 20
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let player = try? RasterPlayer.webp(bytes, limits: limits) else { return 0 }
  checkPlayer(player, frames: [0, 1, 2, 0, player.frameCount - 1], pixelSize: 48)
  if let durations = player.frameDurations {
    require(durations.reduce(0, +) <= limits.maxDuration, "a loop over the duration cap accepted")
  }
  return 0
}
