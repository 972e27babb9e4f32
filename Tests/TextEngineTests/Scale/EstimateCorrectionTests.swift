import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// Heights corrected above the viewport do not move what is on screen, and opening a view on a
/// large storage estimates no paragraph one by one.
@Suite struct EstimateCorrectionTests {
  private final class CountingDelegate: TextLayoutManagerDelegate {
    var calls = 0
    func textLayoutManager(_ textLayoutManager: TextLayoutManager, paragraphStyleFor paragraph: TextParagraph)
      -> ParagraphStyle
    {
      calls += 1
      return ParagraphStyle(spacingBefore: 4, spacingAfter: 4)
    }
  }

  @Test func correctionsAboveTheViewportDoNotMoveTheFirstVisibleParagraph() throws {
    let storage = Fixtures.chat(paragraphs: 20_000, stickerEvery: 3)
    let view = Fixtures.view(storage)
    try view.scroll(toParagraphAt: 15_000, position: .top)
    let anchor = try #require(storage.paragraph(at: 15_000))
    func anchorOnScreen() throws -> Double {
      let fragment = try #require(
        view.textLayoutManager.textLayoutFragment(for: TextLocation(paragraph: anchor, offset: 0)))
      return fragment.layoutFragmentFrame.minY - view.scrollOffset
    }
    let start = try anchorOnScreen()
    var corrected = 0.0
    for index in stride(from: 14_900, to: 13_900, by: -1) {
      let before = try #require(view.textLayoutManager.height(ofParagraphAt: index))
      view.textLayoutManager.ensureLayout(forParagraphAt: index)
      corrected += abs(try #require(view.textLayoutManager.height(ofParagraphAt: index)) - before)
      view.setNeedsLayout()
      #expect(try anchorOnScreen() == start)
    }
    // The corrections were real: sticker paragraphs are taller than their estimates.
    #expect(corrected > 1_000)
  }

  @Test func openingAViewAsksForTheStylesOfTheParagraphsItLaysOutOnly() {
    let storage = Fixtures.chat(paragraphs: 50_000)
    let delegate = CountingDelegate()
    let view = TextView(storage: storage, viewportSize: Fixtures.viewport, glyphMeasurer: FixedAdvanceGlyphMeasurer())
    view.textLayoutManager.delegate = delegate
    view.scrollToBottom()
    // The index starts as one gap estimated from the paragraph count and total length (one style
    // request), and then a style per paragraph laid out: a screenful and its margins, not 50,000.
    #expect(delegate.calls > 10)
    #expect(delegate.calls < 200, "\(delegate.calls) style requests")
    #expect(view.textLayoutManager.heightIndexNodeCount < 200)
  }
}
