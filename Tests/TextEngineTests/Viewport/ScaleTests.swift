import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// Work per keystroke, scroll and jump at 1,000,000 paragraphs, in counts (never in time).
@Suite struct ScaleTests {
  private struct Work: CustomStringConvertible {
    var laidOut: Int
    var fragments: Int
    var indexNodes: Int
    var description: String { "laid out \(laidOut), fragments \(fragments), index nodes \(indexNodes)" }
  }

  private func work(_ view: TextView, _ body: () throws -> Void) rethrows -> Work {
    let laidOut = view.textLayoutManager.paragraphsLaidOut
    let fragments = view.instrumentation.totals.layoutFragmentsCreated
    let nodes = view.textLayoutManager.indexNodesVisited + view.textContentManager.indexNodesVisited
    try body()
    return Work(
      laidOut: view.textLayoutManager.paragraphsLaidOut - laidOut,
      fragments: view.instrumentation.totals.layoutFragmentsCreated - fragments,
      indexNodes: view.textLayoutManager.indexNodesVisited + view.textContentManager.indexNodesVisited - nodes)
  }

  @Test func keystrokesScrollsAndJumpsAreBoundedByTheViewportAtAMillionParagraphs() throws {
    let view = Fixtures.view(
      Fixtures.chat(paragraphs: 1_000_000, stickerEvery: 3),
      policy: [.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    let visible = view.textViewportLayoutController.configuredFragments.count
    #expect(visible > 40 && visible < 80)

    // A jump deep into the document.
    let jump = try work(view) { try view.scroll(toParagraphAt: 654_321, position: .center) }
    #expect(jump.laidOut <= 80, "jump: \(jump)")
    #expect(jump.indexNodes > 0 && jump.indexNodes < 4_000, "jump: \(jump)")

    // A keystroke in a paragraph on screen lays out that paragraph alone.
    let start = try view.textContentManager.startOffset(ofParagraphAt: 654_321)
    try view.setSelectedRange((start + 3)..<(start + 3))
    let keystroke = work(view) { view.insertText("k") }
    #expect(keystroke.laidOut == 1 && keystroke.fragments == 1, "keystroke: \(keystroke)")
    #expect(keystroke.indexNodes > 0 && keystroke.indexNodes < 4_000, "keystroke: \(keystroke)")

    // A scroll frame lays out only what enters the viewport plus margin.
    let scroll = work(view) { view.scroll(by: 48) }
    #expect(scroll.laidOut <= 4, "scroll: \(scroll)")
    #expect(scroll.indexNodes > 0 && scroll.indexNodes < 4_000, "scroll: \(scroll)")
    // A second keystroke after the scroll is as cheap as the first.
    let again = work(view) { view.insertText("l") }
    #expect(again.laidOut == 1)
    #expect(view.textLayoutManager.paragraphsLaidOut < 300)
  }
}
