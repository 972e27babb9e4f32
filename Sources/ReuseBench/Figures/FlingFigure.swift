import ChatKit
import Foundation
import Glibc
import Instrumentation
import Stickers
import TextEngine

/// P15: flings down the transcript at a constant 2,000, 5,000, 10,000 and 20,000 points per second
/// for 3 s at 60 Hz, paced in real time (a frame every 1/60 s, as a display shows them), with the
/// real worker pool and frames delivered as the window gets them (a sticker not decoded yet shows
/// the skeleton). Each speed runs with the prefetcher and without it (`.noprefetch`), from a cold
/// frame cache and from the same message.
///
/// Per speed: the frame time (scroll and draw; the prefetcher's turn is in the frame's idle
/// time, timed apart), frames over 8.3 ms and 16.7 ms, the most blank sticker pixels in one frame,
/// blank pixel-frames as a share of the sticker pixel-frames shown, late sticker frames, frames
/// prefetched, used and wasted (never shown by the end), and CPU seconds (this process and the
/// sticker workers) per second of fling.
@MainActor
struct FlingFigure {
  /// The speeds, points per second.
  nonisolated static let speeds = [2_000.0, 5_000, 10_000, 20_000]
  /// How long each fling lasts.
  static let seconds = 3.0

  let context: FigureContext
  let chatView: ChatTextView
  /// The figures' id suffix (`.store` on the chat store).
  let suffix: String
  let smoke: Bool

  func run() throws -> [FigureResult] {
    let runtime = context.environment.runtime
    let view = chatView
    context.register([.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    let saved = (runtime.frameDelivery, runtime.renderTimer)
    runtime.frameDelivery = .whenDecoded
    defer { (runtime.frameDelivery, runtime.renderTimer) = saved }
    var results: [FigureResult] = []
    let start = max(0, context.storage.paragraphCount / 4)
    for speed in Self.speeds {
      for prefetches in [false, true] {
        try view.scroll(toParagraphAt: start, position: .top)
        runtime.workerPool?.poll()
        let capacity = runtime.frameCache.capacityBytes
        runtime.frameCache.capacityBytes = 0  // a cold cache for every run
        runtime.frameCache.capacityBytes = capacity
        try chatView.renderFrame()
        let prefetcher = StickerPrefetcher(runtime: runtime)
        prefetcher.isEnabled = prefetches
        prefetcher.measuresDecodeCost = true
        results.append(try fling(speed: speed, prefetcher: prefetcher))
      }
    }
    context.checkInvariants("P15")
    return results
  }

  private func fling(speed: Double, prefetcher: StickerPrefetcher) throws -> FigureResult {
    let runtime = context.environment.runtime
    let view = chatView
    let frames = Int(Self.seconds * 60) / (smoke ? 6 : 1)
    var times: [Double] = []
    var stickerPixels = 0
    let cpuBefore = IdleProbe.processCPUSeconds() + (runtime.workerPool?.workersCPUSeconds ?? 0)
    var next = Stopwatch.now()
    let counters = view.instrumentation.measure {
      for _ in 0..<frames {
        context.advanceOneFrame()
        let frameStart = Stopwatch.now()
        runtime.beginFrame()
        view.scroll(by: speed / 60)
        try? view.renderFrame()
        times.append(Stopwatch.now() - frameStart)
        stickerPixels += visibleStickerPixels()
        next += 1.0 / 60
        prefetcher.prefetch(for: view, now: Stopwatch.now(), deadline: next)
        let rest = next - Stopwatch.now()
        if rest > 0 { usleep(UInt32(rest * 1_000_000)) } else { next = Stopwatch.now() }
      }
      prefetcher.record(into: view.instrumentation)
    }
    let cpu = IdleProbe.processCPUSeconds() + (runtime.workerPool?.workersCPUSeconds ?? 0) - cpuBefore
    let name = "P15.\(Int(speed))\(prefetcher.isEnabled ? "" : ".noprefetch")\(suffix)"
    let wasted = counters.framesPrefetched - counters.prefetchedFramesUsed
    return FigureResult(
      id: name,
      label: "fling \(Format.count(Int(speed))) pt/s\(prefetcher.isEnabled ? "" : ", no prefetch")",
      samples: SampleSet(samples: times),
      details: [
        "max blank sticker px/frame": Double(counters.maxBlankStickerPixels),
        "blank % of sticker px-frames": 100 * Double(counters.blankStickerPixelFrames) / Double(max(1, stickerPixels)),
        "frames with blanks": Double(counters.blankFrames),
        "sticker frames late": Double(counters.stickerFramesLate),
        "frames over 8.3 ms": Double(times.count { $0 > 1.0 / 120 }),
        "frames over 16.7 ms": Double(times.count { $0 > 1.0 / 60 }),
        "prefetched": Double(counters.framesPrefetched),
        "prefetch used": Double(counters.prefetchedFramesUsed),
        "prefetch wasted %": 100 * Double(wasted) / Double(max(1, counters.framesPrefetched)),
        "CPU s per s": cpu / (Double(frames) / 60),
        "frames": Double(frames),
      ])
  }

  /// The sticker pixels on screen now: every visible sticker view's frame inside the viewport.
  private func visibleStickerPixels() -> Int {
    let bounds = chatView.viewportBounds
    let scale = chatView.renderer.scale
    return context.visibleStickerViews().reduce(0) { sum, sticker in
      let shown = sticker.frame.intersection(bounds)
      return sum + (shown.isNull ? 0 : Int((shown.width * scale).rounded() * (shown.height * scale).rounded()))
    }
  }
}
