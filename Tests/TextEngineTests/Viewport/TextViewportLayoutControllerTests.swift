import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

@Suite struct TextViewportLayoutControllerTests {
  /// 1,000 one-line paragraphs, 16 pt each: the 800 pt viewport shows 50 of them.
  private func view(paragraphs: Int = 1_000) -> CountingTextView {
    Fixtures.view(Fixtures.chat(paragraphs: paragraphs))
  }

  @Test func aPassCallsTheHooksInOrder() {
    let view = view()
    view.hookLog = []
    view.scroll(toY: 1_600)
    #expect(view.hookLog.first == "will")
    #expect(view.hookLog.last == "did")
    let configured = view.hookLog.dropFirst().dropLast()
    #expect(configured.count == view.textViewportLayoutController.configuredFragments.count && configured.count > 40)
    #expect(configured.allSatisfy { $0.hasPrefix("configure:") })
    #expect(view.hookLog.filter { $0 == "will" }.count == 1)
  }

  @Test func configuresExactlyTheFragmentsInsideTheViewportAndMargin() throws {
    let view = view()
    view.scroll(toY: 1_600)  // paragraph 100 at the top
    let controller = view.textViewportLayoutController
    #expect(controller.overdrawMargin == 200)
    let indices = controller.configuredFragments.map(\.paragraphIndex)
    // [1600 − 200, 2400 + 200) covers paragraphs 87 ..< 163 (16 pt each).
    #expect(indices == Array(87..<163))
    for (fragment, _) in controller.configuredFragments {
      let frame = fragment.layoutFragmentFrame
      #expect(frame.maxY > 1_400 && frame.minY < 2_600)
    }
    let range = try #require(controller.viewportRange)
    #expect(view.textContentManager.index(of: range.location) == 87)
    #expect(view.textContentManager.index(of: range.endLocation) == 162)
  }

  @Test func noPassLaysOutParagraphsFarOutsideTheViewport() {
    let view = view(paragraphs: 10_000)
    view.scroll(toY: 80_000)
    view.scroll(toY: 40_000)
    // Three passes (the first at the top), each (800 + 2 × 200) / 16 = 75 paragraphs, never the document.
    #expect(view.textLayoutManager.paragraphsLaidOut <= 3 * 77)
    #expect(view.textLayoutManager.height(ofParagraphAt: 9_000) != nil)
    #expect(view.textLayoutManager.paragraphsLaidOut == view.instrumentation.totals.layoutFragmentsCreated)
  }

  @Test func theSurfaceMapIsEmptyWhenAPassStartsAndAnswersInDidLayout() {
    let view = view()
    view.scroll(toY: 300)
    view.scroll(toY: 5_000)
    #expect(view.surfaceMapEmptyAtWillLayout.count >= 3)
    #expect(!view.textViewportLayoutController.configuredFragments.isEmpty)
    // The first pass had no earlier fragments to look up; the later ones did, and found none.
    #expect(view.surfaceMapEmptyAtWillLayout.dropFirst().allSatisfy { $0 })
    #expect(view.surfacesAnsweredInDidLayout.allSatisfy { $0 })
  }

  @Test func hiddenParagraphsLeaveLayoutAndComeBackAfterSetNeedsLayout() throws {
    let storage = Fixtures.chat(paragraphs: 20)
    let view = Fixtures.view(storage)
    let hider = Hider(hidden: ["message 3", "message 4"])
    storage.delegate = hider
    view.textViewportLayoutControllerReceivedSetNeedsLayout(view.textViewportLayoutController)
    var shown = view.textViewportLayoutController.configuredFragments.map(\.paragraphIndex)
    #expect(!shown.contains(3) && !shown.contains(4) && shown.contains(5))
    let fifth = try #require(view.textLayoutManager.ensureLayout(forParagraphAt: 5))
    #expect(Double(fifth.layoutFragmentFrame.minY) == 3 * 16)
    hider.hidden = []
    view.textViewportLayoutControllerReceivedSetNeedsLayout(view.textViewportLayoutController)
    shown = view.textViewportLayoutController.configuredFragments.map(\.paragraphIndex)
    #expect(shown == Array(0..<20))
    #expect(Double(fifth.layoutFragmentFrame.minY) == 5 * 16)
  }

  @Test func lineNumbersFollowTheSeedRecipeWhileScrolling() throws {
    let view = view()
    for top in stride(from: 0.0, to: 15_000, by: 1_234) {
      view.scroll(toY: top)
      let controller = view.textViewportLayoutController
      let range = try #require(controller.viewportRange)
      // The seed's startingLineNumber: count elements until the viewport's first location.
      var count = 1
      view.textContentManager.enumerateTextElements { element in
        guard let elementRange = element.elementRange else { return true }
        if (try? view.textContentManager.compare(elementRange.location, range.location)) != .orderedAscending {
          return false
        }
        count += 1
        return true
      }
      let numbers = controller.configuredFragments.indices.map { count + $0 }
      let expected = controller.configuredFragments.map { fragment, _ in
        Int(fragment.textParagraph.paragraphAttributes["index"]!)! + 1
      }
      #expect(numbers == expected)
    }
  }

  @Test func measuredHeightsAboveTheViewportDoNotMoveTheFirstVisibleFragment() throws {
    // Paragraphs in a double-size font are estimated at body size, so measuring them while
    // scrolling up doubles their heights above the viewport.
    let storage = TextContentStorage(
      paragraphs: (0..<400).map { index in
        (
          AttributedText(
            String(repeating: "ab cdefghi ", count: 1 + index % 7), attributes: TextAttributes(fontScale: 2)), [:]
        )
      })
    let view = Fixtures.view(storage)
    view.scroll(toY: 4_000)
    var drift: [Double] = []
    var corrections = 0.0
    for _ in 0..<30 {
      let offsetBefore = view.scrollOffset
      let (anchor, _) = try #require(
        view.textViewportLayoutController.configuredFragments.first { fragment, _ in
          fragment.layoutFragmentFrame.maxY > view.scrollOffset
        })
      let screenY = anchor.layoutFragmentFrame.minY - view.scrollOffset
      guard offsetBefore > 400 else { break }
      view.scroll(by: -150)  // scrolling up lays out the paragraphs entering the margin above
      let after = anchor.layoutFragmentFrame.minY - view.scrollOffset
      drift.append(after - screenY - 150)
      corrections += abs(view.scrollOffset - offsetBefore + 150)
    }
    #expect(corrections > 100, "the estimates above were corrected while scrolling")
    #expect(drift.allSatisfy { abs($0) < 1e-9 }, "drift: \(drift)")
  }
}
