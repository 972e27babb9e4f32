import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// The height index keeps runs of unmeasured paragraphs as gap nodes, for both backends: its
/// memory follows what was measured, not the document.
@Suite struct HeightIndexGapTests {
  @Test(arguments: Backend.allCases)
  func theIndexHoldsTheViewportNotTheDocumentAfterOpening(backend: Backend) throws {
    let manager = Fixtures.chat(paragraphs: 200_000, stickerEvery: 5, backend: backend)
    let view = Fixtures.view(manager)
    view.wantsBottomAnchoring = true
    view.scrollToBottom()
    let layout = view.textLayoutManager
    let shown = view.textViewportLayoutController.configuredFragments.count
    #expect(shown > 20)
    // The paragraphs two passes walked (top and bottom, each in batches of 16) and the gaps between.
    #expect(layout.heightIndexNodeCount <= 2 * (shown + 2 * 16) + 3, "\(layout.heightIndexNodeCount) nodes")
    #expect(layout.paragraphIndex(atY: layout.documentHeight - 1) == 199_999)
  }

  @Test(arguments: Backend.allCases)
  func theIndexGrowsWithWhatIsMeasured(backend: Backend) throws {
    let manager = Fixtures.chat(paragraphs: 50_000, backend: backend)
    let view = Fixtures.view(manager)
    let layout = view.textLayoutManager
    let jumps = [40_000, 10_000, 25_000]
    for target in jumps { try view.scroll(toParagraphAt: target, position: .center) }
    // Each place visited adds its viewport's paragraphs (and a batch either side) and splits one gap.
    let perPlace = view.textViewportLayoutController.configuredFragments.count + 2 * 16 + 2
    #expect(layout.heightIndexNodeCount <= (jumps.count + 1) * perPlace)
    // Jumps land exactly: the paragraph is where the index says, and y → paragraph agrees.
    let top = try #require(layout.yOffset(ofParagraphAt: 25_000))
    #expect(layout.paragraphIndex(atY: top + 1) == 25_000)
    let frame = try #require(layout.ensureLayout(forParagraphAt: 25_000)?.layoutFragmentFrame)
    #expect(abs(Double(frame.minY) - top) < 0.001)
    #expect(view.viewportBounds.contains(CGPoint(x: 1, y: frame.midY)))
  }
}
