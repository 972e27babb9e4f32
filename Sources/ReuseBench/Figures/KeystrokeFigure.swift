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
    context.register(policy)
    let (timings, delta) = try context.timeKeystrokes(
      typing: "k", inParagraphAt: context.generator.typingParagraph, figure: "P1")
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
