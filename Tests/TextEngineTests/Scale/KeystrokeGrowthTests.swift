import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// How a keystroke's work grows with the document, in counts: index nodes grow like log n, and
/// only the edited paragraph's characters are measured. (`ScaleTests` bounds the absolute work at 1M.)
@Suite struct KeystrokeGrowthTests {
  private struct Work {
    var indexNodes: Int
    var measuredCharacters: Int
    var laidOut: Int
  }

  /// Ten keystrokes in a sticker paragraph in the middle of a `count`-paragraph chat.
  private func keystrokes(paragraphs count: Int) throws -> Work {
    let measurer = FixedAdvanceGlyphMeasurer()
    let storage = Fixtures.chat(paragraphs: count, stickerEvery: 3)
    let view = CountingTextView(storage: storage, viewportSize: Fixtures.viewport, glyphMeasurer: measurer)
    view.register(
      [.onEditingInlineParagraphs, .onScrollingOutOfViewport],
      forTextAttachmentViewProviderType: AnimatedTestProvider.self)
    let target = count / 2 - count / 2 % 3
    try view.scroll(toParagraphAt: target, position: .center)
    try view.setSelectedRange(
      (try storage.startOffset(ofParagraphAt: target) + 3)..<(try storage.startOffset(ofParagraphAt: target) + 3))
    let nodes = view.textLayoutManager.indexNodesVisited + storage.indexNodesVisited
    let characters = measurer.measuredCharacters
    let laidOut = view.textLayoutManager.paragraphsLaidOut
    for index in 0..<10 {
      if index.isMultiple(of: 2) { view.insertText("k") } else { view.deleteBackward() }
    }
    return Work(
      indexNodes: view.textLayoutManager.indexNodesVisited + storage.indexNodesVisited - nodes,
      measuredCharacters: measurer.measuredCharacters - characters,
      laidOut: view.textLayoutManager.paragraphsLaidOut - laidOut)
  }

  @Test func indexWorkPerKeystrokeGrowsLogarithmically() throws {
    let small = try keystrokes(paragraphs: 1_000)
    let large = try keystrokes(paragraphs: 256_000)
    // log2(256k) / log2(1k) = 1.8; a linear walk would be 256×, a square-root one 16×.
    #expect(small.indexNodes > 0, "the probe counts index work")
    #expect(
      Double(large.indexNodes) <= 3 * Double(small.indexNodes), "1k: \(small.indexNodes), 256k: \(large.indexNodes)")
    #expect(large.laidOut == 10 && small.laidOut == 10)
  }

  @Test func aKeystrokeMeasuresOnlyItsParagraph() throws {
    let work = try keystrokes(paragraphs: 10_000)
    // "message 4998 " + sticker + " end" is 18 characters; the sticker is not measured as text.
    #expect(work.measuredCharacters <= 10 * 18, "measured \(work.measuredCharacters) characters in 10 keystrokes")
    #expect(work.measuredCharacters >= 10 * 12)
  }
}
