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
  require(player.frameCount >= 1, "no frames accepted")
  if let durations = player.frameDurations {
    require(durations.count == player.frameCount, "durations are not one per frame")
    require(durations.allSatisfy { $0.isFinite && $0 > 0 }, "a duration is not a time")
    require(durations.reduce(0, +) <= limits.maxDuration, "a loop over the duration cap accepted")
  }
  for frame in [0, 1, 2, 0, player.frameCount - 1] where frame < player.frameCount {
    let image = player.render(frame: frame, pixelSize: 48)
    require((1...48).contains(image.width) && (1...48).contains(image.height), "a frame outside its square")
    require(image.pixels.count == image.width * image.height * 4, "a frame's pixels do not fill it")
  }
  return 0
}

/// Stops the fuzzer with `message` when `condition` is false (`precondition` drops its message in
/// optimized builds).
private func require(_ condition: Bool, _ message: @autoclosure () -> String = "") {
  if !condition { fatalError(message()) }
}
