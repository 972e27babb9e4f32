import AnimationRuntime
import Foundation
import ReuseKitSDL
import Stickers

/// The size-independent tables: sticker render cost (``StickerBenchmark``) and text caching
/// (``TextCacheBenchmark``).
@MainActor
enum ExtraTables {
  /// The sticker table: render cost of every library sticker at 64/128/256 px, and frame-cache
  /// memory; then the real sticker files (``RealStickerBenchmark``).
  static func stickers(smoke: Bool = false) throws -> String {
    let library = try StickerLibrary(directory: try BenchAssets.stickerDirectory())
    return try StickerBenchmark(library: library, timeSource: Stopwatch.now).report()
      + "\n\nReal sticker files (../shared/real-stickers): first-frame latency (load + first render) and frame cost\n"
      + RealStickerBenchmark.table(smoke: smoke)
  }

  /// The text-cache table: run textures against a glyph atlas on the software renderer.
  static func textCache(frames: Int) throws -> String {
    if getenv("SDL_VIDEODRIVER") == nil { setenv("SDL_VIDEODRIVER", "dummy", 1) }
    return TextCacheBenchmark.table(try TextCacheBenchmark.run(frames: frames))
  }
}
