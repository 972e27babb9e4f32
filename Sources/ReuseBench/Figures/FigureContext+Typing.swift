import Instrumentation
import TextEngine

extension FigureContext {
  /// Times keystrokes at character 4 of the message `paragraph`, which must hold three stickers:
  /// they alternate between typing `character` and deleting it, after the sampler's warm-up.
  /// - Parameters:
  ///   - character: What each other keystroke types.
  ///   - paragraph: The message typed into; it is scrolled to the centre first.
  ///   - figure: The figure's name, for failures.
  ///   - beforeTyping: Runs once after scrolling, before the caret is placed (a first frame drawn, say).
  /// - Returns: The timings and the counters' change over the timed keystrokes.
  @MainActor
  func timeKeystrokes(
    typing character: String, inParagraphAt paragraph: Int, figure: String, beforeTyping: () throws -> Void = {}
  ) throws -> (timings: SampleSet, counters: Counters) {
    try view.scroll(toParagraphAt: paragraph, position: .center)
    try beforeTyping()
    let start = try storage.startOffset(ofParagraphAt: paragraph)
    try view.setSelectedRange((start + 4)..<(start + 4))
    let holdsStickers = storage.paragraph(at: paragraph)?.attributedString.attachments.count ?? 0
    if holdsStickers != 3 { failures.append("\(figure): the message holds \(holdsStickers) stickers, not 3") }
    var counters = view.instrumentation.totals
    let timings = sampler.run(
      prepare: { iteration in
        if iteration == self.warmUp { counters = self.view.instrumentation.totals }
      },
      { iteration in
        if iteration.isMultiple(of: 2) { view.insertText(character) } else { view.deleteBackward() }
      })
    return (timings, view.instrumentation.totals - counters)
  }
}
