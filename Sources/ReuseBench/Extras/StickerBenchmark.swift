import AnimationRuntime
import Foundation
import Stickers

/// Measures sticker rendering for the benchmark executable: per-frame render cost of every
/// library sticker at several sizes, and frame-cache memory with many stickers visible.
///
/// The runtime never reads wall time, so the caller injects `timeSource` (seconds, monotonic):
/// `reuse-bench` passes SDL's performance counter.
struct StickerBenchmark {
  /// One sticker at one size.
  struct RenderCost: Sendable {
    var sticker: String
    var pixelSize: Int
    var frames: Int
    /// Mean seconds to render one frame, uncached.
    var secondsPerFrame: Double
  }

  /// The frame cache after `visibleStickers` views played for `seconds`.
  struct CacheMemory: Sendable {
    var visibleStickers: Int
    var pixelSize: Int
    var bytes: Int
    var frames: Int
    var decodes: Int
    var hits: Int
    var evictions: Int
  }

  let library: StickerLibrary
  let timeSource: () -> Double

  init(library: StickerLibrary, timeSource: @escaping () -> Double) {
    self.library = library
    self.timeSource = timeSource
  }

  /// Renders every frame of every sticker at each size, bypassing the cache.
  /// - Parameter passes: How many times each frame is rendered (the mean is reported).
  func renderCosts(sizes: [Int] = [64, 128, 256], passes: Int = 3) throws -> [RenderCost] {
    let runtime = StickerRuntime(clock: ManualClock(), library: library)
    var costs: [RenderCost] = []
    for asset in library.assets {
      let player = try runtime.player(named: asset.name)
      for size in sizes {
        _ = player.render(frame: 0, pixelSize: size)  // warm-up
        let start = timeSource()
        for _ in 0..<max(1, passes) {
          for frame in 0..<player.frameCount { _ = player.render(frame: frame, pixelSize: size) }
        }
        let elapsed = timeSource() - start
        let frames = player.frameCount * max(1, passes)
        costs.append(
          RenderCost(
            sticker: asset.name, pixelSize: size, frames: frames, secondsPerFrame: elapsed / Double(frames)))
      }
    }
    return costs
  }

  /// Plays `visibleStickers` views (library stickers round robin) at 60 fps for `seconds` of
  /// manual-clock time, asking every view for its frame each tick, as the view layer would.
  func cacheMemory(
    visibleStickers: Int = 30, pixelSize: Int = 64, seconds: Double = 4,
    capacityBytes: Int = FrameCache.defaultCapacityBytes
  ) throws -> CacheMemory {
    let clock = ManualClock()
    let cache = FrameCache(capacityBytes: capacityBytes)
    let runtime = StickerRuntime(clock: clock, library: library, frameCache: cache)
    let views = try (0..<visibleStickers).map { index in
      let asset = library.assets[index % library.assets.count]
      let player = try runtime.player(named: asset.name)
      return StickerView(stickerName: asset.name, player: player, runtime: runtime, frame: .zero)
    }
    for _ in 0..<Int(seconds * 60) {
      clock.advance(by: 1.0 / 60)
      for view in views { _ = view.currentFrame(pixelSize: pixelSize) }
    }
    return CacheMemory(
      visibleStickers: visibleStickers, pixelSize: pixelSize, bytes: cache.bytes, frames: cache.count,
      decodes: cache.decodes, hits: cache.hits, evictions: cache.evictions)
  }

  /// A plain-text table of both measurements.
  func report(sizes: [Int] = [64, 128, 256]) throws -> String {
    let costs = try renderCosts(sizes: sizes)
    var lines = [
      "sticker    " + sizes.map { String("\($0) px".padding(toLength: 12, withPad: " ", startingAt: 0)) }.joined()
    ]
    for asset in library.assets {
      let row = sizes.map { size -> String in
        let cost = costs.first { $0.sticker == asset.name && $0.pixelSize == size }
        let text = String(format: "%.3f ms", (cost?.secondsPerFrame ?? 0) * 1000)
        return text.padding(toLength: 12, withPad: " ", startingAt: 0)
      }
      lines.append(asset.name.padding(toLength: 11, withPad: " ", startingAt: 0) + row.joined())
    }
    for size in [64, 128] {
      let memory = try cacheMemory(pixelSize: size)
      lines.append(
        "frame cache, \(memory.visibleStickers) stickers visible at \(size) px for 4 s: "
          + String(format: "%.1f MiB", Double(memory.bytes) / 1_048_576)
          + " in \(memory.frames) frames (\(memory.decodes) decodes, \(memory.hits) hits, \(memory.evictions) evictions)"
      )
    }
    return lines.joined(separator: "\n")
  }
}
