import AnimationRuntime
import CSDL2
import Foundation
import Instrumentation
import SDLSupport

/// What a person sees of sticker frames, counted as the view draws: blank stickers, late frames,
/// prefetched frames shown and frame-cache traffic.
extension SDLTextView {
  /// Counts the frame cache's answers to this frame's visible frame surfaces (every frame asked,
  /// drawn or not) and the prefetched frames shown for the first time.
  /// - Parameter frames: Each visible frame surface's rectangle and frame origin.
  func countFrameTraffic(_ frames: [(rect: CGRect, origin: FrameOrigin)]) {
    var hits = 0
    var misses = 0
    var prefetchedUsed = 0
    for (_, origin) in frames {
      switch origin {
      case .cached: hits += 1
      case .prefetched(let firstUse):
        hits += 1
        if firstUse { prefetchedUsed += 1 }
      case .firstFrame(let firstUse):
        misses += 1  // its own frame was not there
        if firstUse { prefetchedUsed += 1 }
      case .decoded, .pending, .stale: misses += 1
      case .unknown: break
      }
    }
    instrumentation.add(hits, to: .frameCacheHits)
    instrumentation.add(misses, to: .frameCacheMisses)
    instrumentation.add(prefetchedUsed, to: .prefetchedFramesUsed)
  }

  /// Counts, for a frame drawn, the sticker pixels shown without a decoded frame (the skeleton, in
  /// physical pixels inside the view, outside what is drawn over the content) and the stickers
  /// showing a frame other than theirs.
  /// - Parameters:
  ///   - frames: Each visible frame surface's rectangle and frame origin.
  ///   - occluders: What is drawn over the content (overlays, covered rectangles), view points:
  ///     a person sees those, not the sticker under them.
  @MainActor
  func countBlankStickers(_ frames: [(rect: CGRect, origin: FrameOrigin)], under occluders: [CGRect]) {
    var blank = 0
    var late = 0
    let bounds = renderer.pixels(viewBounds)
    let covers = occluders.map { renderer.pixels($0) }
    for (rect, origin) in frames where origin.isLate {
      late += 1
      guard origin == .pending else { continue }
      blank += Self.area(of: renderer.pixels(rect).intersection(bounds), outside: covers)
    }
    instrumentation.add(late, to: .stickerFramesLate)
    guard blank > 0 else { return }
    instrumentation.add(blank, to: .blankStickerPixelFrames)
    instrumentation.add(1, to: .blankFrames)
    instrumentation.add(blank, to: .maxBlankStickerPixels)
  }

  /// The pixels of `rect` outside every rectangle of `covers`.
  /// - Complexity: O(k³) for k covers (a few overlays).
  static func area(of rect: SDL_Rect, outside covers: [SDL_Rect]) -> Int {
    guard rect.w > 0, rect.h > 0 else { return 0 }
    let clipped = covers.map { $0.intersection(rect) }.filter { $0.w > 0 && $0.h > 0 }
    let whole = Int(rect.w) * Int(rect.h)
    guard !clipped.isEmpty else { return whole }
    // The union of the covers inside `rect`, by cells between their edges.
    let xs = Set(clipped.flatMap { [$0.x, $0.x + $0.w] }).sorted()
    let ys = Set(clipped.flatMap { [$0.y, $0.y + $0.h] }).sorted()
    var covered = 0
    for (x0, x1) in zip(xs, xs.dropFirst()) {
      for (y0, y1) in zip(ys, ys.dropFirst())
      where clipped.contains(where: { $0.x <= x0 && x1 <= $0.x + $0.w && $0.y <= y0 && y1 <= $0.y + $0.h }) {
        covered += Int(x1 - x0) * Int(y1 - y0)
      }
    }
    return whole - covered
  }
}
