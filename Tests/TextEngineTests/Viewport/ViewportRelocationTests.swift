import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// `relocateViewport(to:)` and `adjustViewport(byVerticalOffset:)`: the controller moves the
/// viewport its delegate owns through the delegate's adjust hook.
@Suite struct ViewportRelocationTests {
  /// 10,000 one-line paragraphs, 16 pt each.
  private func view() -> CountingTextView { Fixtures.view(Fixtures.chat(paragraphs: 10_000)) }

  private func location(_ view: TextView, paragraph index: Int) throws -> TextLocation {
    try view.textContentManager.location(at: try view.textContentManager.startOffset(ofParagraphAt: index) + 3)
  }

  @Test func relocatingStartsTheNextPassWithTheParagraph() throws {
    let view = view()
    let controller = view.textViewportLayoutController
    let target = try location(view, paragraph: 6_000)
    var origin = 0.0
    let delta = view.instrumentation.measure { origin = controller.relocateViewport(to: target) }
    // The text view ran its pass as after a scroll: it starts with paragraph 6,000, at the top.
    #expect(delta.viewportLayoutPasses == 1)
    #expect(controller.configuredFragments.first?.paragraphIndex == 6_000)
    #expect(origin == view.scrollOffset)
    #expect(origin == view.textLayoutManager.yOffset(ofParagraphAt: 6_000))
    #expect(Double(controller.viewportBounds.minY) == origin)
    // Down to the viewport's bottom plus the margin: 1,000 pt, 63 paragraphs of 16 pt.
    #expect(controller.configuredFragments.last?.paragraphIndex == 6_062)
    // The pass after it lays the margin above out again: 200 pt above paragraph 6,001 is in 5,988.
    view.scroll(by: 16)
    #expect(controller.configuredFragments.first?.paragraphIndex == 5_988)
  }

  @Test func withoutImmediateLayoutTheNextPassStartsThere() throws {
    let view = view()
    view.laysOutImmediately = false
    let controller = view.textViewportLayoutController
    view.scroll(toY: 4_000)
    view.layoutIfNeeded()
    let passes = view.instrumentation.totals.viewportLayoutPasses
    let origin = controller.relocateViewport(to: try location(view, paragraph: 9_000))
    #expect(view.instrumentation.totals.viewportLayoutPasses == passes)
    #expect(origin == view.textLayoutManager.yOffset(ofParagraphAt: 9_000) && view.scrollOffset == origin)
    view.layoutIfNeeded()
    #expect(controller.configuredFragments.first?.paragraphIndex == 9_000)
    #expect(view.instrumentation.totals.viewportLayoutPasses == passes + 1)
  }

  @Test func aLocationOutsideTheDocumentMovesNothing() throws {
    let view = view()
    view.scroll(toY: 800)
    let other = Fixtures.chat(paragraphs: 3)
    let stranger = TextLocation(paragraph: try #require(other.paragraph(at: 1)), offset: 0)
    let delta = view.instrumentation.measure {
      #expect(view.textViewportLayoutController.relocateViewport(to: stranger) == 800)
    }
    #expect(view.scrollOffset == 800 && delta.viewportLayoutPasses == 0)
  }

  @Test func adjustingMovesTheViewportByTheOffsetIfNeeded() {
    let view = view()
    let controller = view.textViewportLayoutController
    var delta = view.instrumentation.measure { controller.adjustViewport(byVerticalOffset: 480) }
    #expect(view.scrollOffset == 480 && delta.viewportLayoutPasses == 1)
    // [480 − 200, 1280 + 200) covers paragraphs 17 ..< 93.
    #expect(controller.configuredFragments.map(\.paragraphIndex) == Array(17..<93))
    for offset in [0, .nan, .infinity] {
      delta = view.instrumentation.measure { controller.adjustViewport(byVerticalOffset: offset) }
      #expect(view.scrollOffset == 480 && delta.viewportLayoutPasses == 0)
    }
    controller.adjustViewport(byVerticalOffset: -10_000)
    #expect(view.scrollOffset == 0)
    #expect(controller.configuredFragments.first?.paragraphIndex == 0)
  }

  @Test func anchoringMovesADelegatesOwnViewportThroughTheAdjustHook() throws {
    // Paragraphs in a double-size font are estimated at body size, so laying out those above the
    // viewport makes them taller: the pass keeps the first visible one put by moving the viewport.
    let storage = TextContentStorage(
      paragraphs: (0..<400).map { _ in (AttributedText("ab cdefghi ab", attributes: TextAttributes(fontScale: 2)), [:])
      })
    let layoutManager = TextLayoutManager(
      textContentManager: storage, textContainer: TextContainer(size: CGSize(width: 480, height: 0)),
      glyphMeasurer: FixedAdvanceGlyphMeasurer())
    let controller = layoutManager.textViewportLayoutController
    let delegate = MovableDelegate(bounds: CGRect(x: 0, y: 3_000, width: 480, height: 800))
    controller.delegate = delegate
    let anchorIndex = try #require(layoutManager.paragraphIndex(atY: 3_000))
    let offsetInAnchor = 3_000 - (layoutManager.yOffset(ofParagraphAt: anchorIndex) ?? 0)
    controller.layoutViewport()
    let moved = delegate.adjustments.reduce(0, +)
    #expect(!delegate.adjustments.isEmpty && moved != 0)
    #expect(abs(Double(delegate.bounds.minY) - 3_000 - moved) < 1e-9)
    #expect(controller.viewportBounds == delegate.bounds)
    // The paragraph that was at the top is still there, at the same offset.
    let top = try #require(layoutManager.yOffset(ofParagraphAt: anchorIndex))
    #expect(abs(Double(delegate.bounds.minY) - top - offsetInAnchor) < 1e-9)
  }
}

/// Owns its viewport and moves it when the controller asks.
private final class MovableDelegate: TextViewportLayoutControllerDelegate {
  var bounds: CGRect
  var adjustments: [Double] = []
  init(bounds: CGRect) { self.bounds = bounds }

  func viewportBounds(for textViewportLayoutController: TextViewportLayoutController) -> CGRect { bounds }

  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
  ) {}

  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController, adjustViewportOriginBy dy: Double
  ) {
    adjustments.append(dy)
    bounds.origin.y += dy
  }
}
