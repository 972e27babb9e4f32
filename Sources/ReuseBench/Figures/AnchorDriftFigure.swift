import TextEngine

/// P5: how far the first visible message moves on screen over 1,000 corrections of heights
/// above the viewport (an estimate replaced by a measurement, or a measurement invalidated
/// back to an estimate), each followed by a viewport pass. The goal is 0 px.
@MainActor
struct AnchorDriftFigure {
  static let corrections = 1_000

  let context: FigureContext

  /// Parks the viewport at 3/4 of the transcript and corrects paragraphs above it.
  /// - Returns: `P5`: total on-screen movement of the anchor, with the largest single move.
  func run() throws -> [FigureResult] {
    let view = context.view
    let layoutManager = view.textLayoutManager
    let count = context.storage.paragraphCount
    try view.scroll(toParagraphAt: count * 3 / 4, position: .center)
    guard
      let first = view.textViewportLayoutController.configuredFragments.first(where: {
        $0.fragment.layoutFragmentFrame.maxY > view.scrollOffset
      })
    else { throw BenchFailure("P5: nothing is visible") }
    let anchor = first.fragment.textParagraph
    // Paragraphs above the viewport and its overdraw margin, nearest first.
    let candidates = Array(stride(from: first.paragraphIndex - 40, through: 0, by: -1).prefix(Self.corrections))
    guard !candidates.isEmpty else { throw BenchFailure("P5: no paragraphs above the viewport") }
    func anchorOnScreen() throws -> Double {
      guard let fragment = layoutManager.textLayoutFragment(for: TextLocation(paragraph: anchor, offset: 0)) else {
        throw BenchFailure("P5: the anchor paragraph has no fragment")
      }
      return fragment.layoutFragmentFrame.minY - view.scrollOffset
    }
    var previous = try anchorOnScreen()
    var total = 0.0
    var largest = 0.0
    var heightChange = 0.0
    for correction in 0..<Self.corrections {
      let index = candidates[correction % candidates.count]
      let before = layoutManager.height(ofParagraphAt: index) ?? 0
      if correction / candidates.count % 2 == 0 {
        layoutManager.ensureLayout(forParagraphAt: index)  // estimate → measurement
      } else {
        let paragraph = context.storage.paragraph(at: index)!
        layoutManager.invalidateLayout(for: TextRange(location: TextLocation(paragraph: paragraph, offset: 0)))
      }
      heightChange += abs((layoutManager.height(ofParagraphAt: index) ?? 0) - before)
      view.setNeedsLayout()
      let now = try anchorOnScreen()
      total += abs(now - previous)
      largest = max(largest, abs(now - previous))
      previous = now
    }
    context.checkInvariants("P5")
    return [
      FigureResult(
        id: "P5", label: "anchor drift over \(Self.corrections) corrections", unit: .pixels, value: total,
        details: ["largest move px": largest, "heights corrected px": heightChange])
    ]
  }
}
