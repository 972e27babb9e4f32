import Foundation
import TextEngine

/// P2: one scroll frame at 480×800 through the sticker party (at least 30 animated stickers on
/// screen): engine time (scroll, viewport pass, surface reconciliation), and — through
/// ``FrameRendering`` — the whole software-rendered frame (scroll plus drawing everything).
@MainActor
struct ScrollFigure {
  /// Points scrolled per frame (about 1,440 pt/s at 60 Hz: a brisk fling).
  static let step = 24.0

  let context: FigureContext
  /// Draws a whole frame of the view, when a renderer is available.
  let renderer: (any FrameRendering)?

  /// Scrolls down through the party, frame by frame, with both reuse policies registered.
  /// - Returns: `P2.engine`, and `P2.frame` when a renderer is available.
  func run() throws -> [FigureResult] {
    let view = context.view
    context.register([.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    let party = context.generator.stickerParty
    var fewestVisible = Int.max
    var mostVisible = 0
    let restart = {
      try view.scroll(toParagraphAt: party.lowerBound, position: .top)
    }
    try restart()
    let partyEnd =
      (context.view.textLayoutManager.yOffset(ofParagraphAt: party.upperBound - 1) ?? 0)
      - BenchFixture.viewportSize.height
    let engine = try context.sampler.run(
      prepare: { _ in
        if view.scrollOffset + Self.step > partyEnd { try restart() }
        context.advanceOneFrame()
      },
      { _ in view.scroll(by: Self.step) })
    for _ in 0..<8 {
      let visible = context.visibleStickerViews().count
      fewestVisible = min(fewestVisible, visible)
      mostVisible = max(mostVisible, visible)
      if view.scrollOffset + Self.step > partyEnd { try restart() }
      view.scroll(by: Self.step)
    }
    context.checkInvariants("P2")
    if fewestVisible < 30 { context.failures.append("P2: only \(fewestVisible) stickers visible (want at least 30)") }
    var results = [
      FigureResult(
        id: "P2.engine", label: "scroll frame, engine", samples: engine,
        details: ["stickers visible (min)": Double(fewestVisible), "stickers visible (max)": Double(mostVisible)])
    ]
    if let renderer {
      // As the window draws: a frame never waits for a sticker worker (a frame not rendered yet
      // shows the sticker's last one, and comes in a later frame).
      let runtime = context.environment.runtime
      runtime.waitsForWorkerFrames = false
      defer { runtime.waitsForWorkerFrames = true }
      // Drawn whole (every frame draws everything, damage tracking off), then by damage (a scroll
      // moves the kept pixels and draws the strip that came into view and the stickers' new frames).
      for damage in [false, true] {
        renderer.tracksDamage = damage
        defer { renderer.tracksDamage = true }
        try restart()
        try renderer.renderFrame(of: view)
        let late = runtime.framesRequestedWithoutWaiting
        let frames = try context.sampler.run(
          prepare: { _ in
            if view.scrollOffset + Self.step > partyEnd {
              try restart()
              try renderer.renderFrame(of: view)
            }
            context.advanceOneFrame()
          },
          { _ in
            view.scroll(by: Self.step)
            try renderer.renderFrame(of: view)
          })
        results.append(
          FigureResult(
            id: damage ? "P2.frame" : "P2.frame.whole",
            label: "scroll frame, \(damage ? "damage" : "whole") (\(renderer.name))", samples: frames,
            details: ["sticker frames late /frame": lateShare(since: late, frames: frames)]))
      }
      // P2.idle: no input, only the 30+ stickers on screen move on by one frame.
      try restart()
      try renderer.renderFrame(of: view)
      let late = runtime.framesRequestedWithoutWaiting
      let idle = try context.sampler.run(
        prepare: { _ in context.advanceOneFrame() }, { _ in try renderer.renderFrame(of: view) })
      results.append(
        FigureResult(
          id: "P2.idle", label: "idle frame, stickers only, damage (\(renderer.name))", samples: idle,
          details: ["sticker frames late /frame": lateShare(since: late, frames: idle)]))
    }
    return results
  }

  /// Sticker frames asked of a worker since `start` (each shown a frame late, warm-up included),
  /// per timed frame.
  private func lateShare(since start: Int, frames: SampleSet) -> Double {
    let late = context.environment.runtime.framesRequestedWithoutWaiting - start
    return Double(late) / Double(max(1, frames.samples.count))
  }
}
