import ReuseKitSupport
import TextEngine

/// P4: jump to a random message — the query (its document offset and its y) and then the one
/// frame that shows it.
@MainActor
struct JumpFigure {
  let context: FigureContext

  /// Jumps to `warmUp + samples` random messages.
  /// - Returns: `P4.query` and `P4.frame`; a jump whose one pass does not show the message is a failure.
  func run() throws -> [FigureResult] {
    let view = context.view
    let count = context.storage.paragraphCount
    var random = SplitMix64(seed: 0x1A4B)
    var targets = (0..<(context.warmUp + context.samples)).map { _ in random.next(below: count) }
    var sink = 0.0
    let queries = try context.sampler.run { iteration in
      let target = targets[iteration]
      let offset = try context.storage.startOffset(ofParagraphAt: target)
      let y = view.textLayoutManager.yOffset(ofParagraphAt: target) ?? 0
      sink += Double(offset) + y
    }
    random = SplitMix64(seed: 0x2B5C)
    targets = targets.map { _ in random.next(below: count) }
    var missed = 0
    var extraPasses = 0
    let frames = try context.sampler.run { iteration in
      let passes = view.instrumentation.totals.viewportLayoutPasses
      try view.scroll(toParagraphAt: targets[iteration], position: .center)
      extraPasses += view.instrumentation.totals.viewportLayoutPasses - passes - 1
      let shown = view.textViewportLayoutController.configuredFragments.contains {
        $0.paragraphIndex == targets[iteration] && $0.fragment.layoutFragmentFrame.intersects(view.viewportBounds)
      }
      if !shown { missed += 1 }
    }
    if missed > 0 { context.failures.append("P4: \(missed) jumps did not show their message in one frame") }
    context.checkInvariants("P4")
    return [
      FigureResult(id: "P4.query", label: "jump: offset + y query", samples: queries, details: ["checksum": sink]),
      FigureResult(
        id: "P4.frame", label: "jump: the frame showing it", samples: frames,
        details: ["not shown": Double(missed), "extra passes": Double(extraPasses)]),
    ]
  }
}
