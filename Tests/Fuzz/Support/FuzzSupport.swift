import AnimationRuntime
import Glibc

// Compiled into every fuzz target (scripts/fuzz/fuzz_parsers.py): what the targets share.

/// Stops the fuzzer with `message` when `condition` is false (`precondition` drops its message in
/// optimized builds).
func require(_ condition: Bool, _ message: @autoclosure () -> String = "") {
  if !condition { fatalError(message()) }
}

/// Writes `bytes` to a new file at `path`: a seed a target makes for its own corpus.
func writeSeed(_ bytes: [UInt8], to path: String) {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  require(descriptor >= 0, "cannot write the seed \(path)")
  require(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
  close(descriptor)
}

/// Checks what a loaded sticker's player promises: at least one frame, a frame rate that is a rate,
/// one positive finite duration per frame when it has durations, a content key, and frames (the
/// valid ones of `frames`, in that order, so a jump back is taken too) that fill a `pixelSize`
/// square.
func checkPlayer(_ player: any StickerPlayer, frames: [Int], pixelSize: Int) {
  require(player.frameCount >= 1, "no frames accepted")
  require(player.frameRate.isFinite && player.frameRate > 0, "a frame rate that is not a rate")
  if let durations = player.frameDurations {
    require(durations.count == player.frameCount, "durations are not one per frame")
    require(durations.allSatisfy { $0.isFinite && $0 > 0 }, "a duration is not a time")
  }
  require(!player.contentKey.isEmpty, "no content key")
  for frame in frames where (0..<player.frameCount).contains(frame) {
    let image = player.render(frame: frame, pixelSize: pixelSize)
    require(
      (1...pixelSize).contains(image.width) && (1...pixelSize).contains(image.height), "a frame outside its square")
    require(image.pixels.count == image.width * image.height * 4, "a frame's pixels do not fill it")
  }
}
