import Instrumentation
import TextEngine

/// P1 and P7: engine time per keystroke in the middle message (three stickers) for every policy
/// set: the edit, relayout of the paragraph, the viewport pass and surface reconciliation —
/// everything `insertText` / `deleteBackward` do on a headless text view.
@MainActor
struct KeystrokeFigure {
  let context: FigureContext

  /// Measures every policy set; keystrokes alternate between typing `k` and deleting it.
  /// - Returns: `P1.<policy>` for each set and `P7` (median with both policies over median with none).
  func run() throws -> [FigureResult] {
    var results: [FigureResult] = []
    for policy in TextAttachmentViewProviderReusePolicy.allCombinations {
      results.append(try measure(policy))
    }
    if let none = results.first(where: { $0.id == "P1.none" }), let both = results.first(where: { $0.id == "P1.both" }),
      none.median > 0
    {
      results.append(
        FigureResult(
          id: "P7", label: "keystroke both/none (median)", unit: .ratio, value: both.median / none.median,
          details: ["p99 ratio": none.p99 > 0 ? both.p99 / none.p99 : 0]))
    }
    return results
  }

  private func measure(_ policy: TextAttachmentViewProviderReusePolicy) throws -> FigureResult {
    let view = context.view
    let paragraph = context.generator.typingParagraph
    context.register(policy)
    try view.scroll(toParagraphAt: paragraph, position: .center)
    let start = try context.storage.startOffset(ofParagraphAt: paragraph)
    try view.setSelectedRange((start + 4)..<(start + 4))
    let holdsStickers = context.storage.paragraph(at: paragraph)?.attributedString.attachments.count ?? 0
    if holdsStickers != 3 { context.failures.append("P1: the typing paragraph holds \(holdsStickers) stickers, not 3") }
    var counters = view.instrumentation.totals
    let timings = context.sampler.run(
      prepare: { iteration in
        if iteration == context.warmUp { counters = view.instrumentation.totals }
      },
      { iteration in
        if iteration.isMultiple(of: 2) { view.insertText("k") } else { view.deleteBackward() }
      })
    let delta = view.instrumentation.totals - counters
    let per100 = 100 / Double(max(1, timings.samples.count))
    context.checkInvariants("P1 \(policy.shortName)")
    return FigureResult(
      id: "P1.\(policy.shortName)", label: "keystroke, policy \(policy.shortName)", samples: timings,
      details: [
        "providers created /100 keys": Double(delta.providersCreated) * per100,
        "views loaded /100 keys": Double(delta.viewsLoaded) * per100,
        "paragraphs laid out /key": Double(delta.layoutFragmentsCreated) / Double(max(1, timings.samples.count)),
      ])
  }
}
