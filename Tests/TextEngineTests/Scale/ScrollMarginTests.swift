import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// A scroll frame lays out only paragraphs that intersect the viewport plus the overdraw margin.
@Suite struct ScrollMarginTests {
  @Test func everyParagraphLaidOutByAScrollFrameIsInsideTheViewportPlusMargin() throws {
    let storage = Fixtures.chat(paragraphs: 200_000, stickerEvery: 3)
    let view = Fixtures.view(storage, policy: [.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    let controller = view.textViewportLayoutController
    try view.scroll(toParagraphAt: 123_456, position: .top)
    var fragmentsBefore = Set(controller.configuredFragments.map { ObjectIdentifier($0.fragment) })
    var laidOutTotal = 0
    for _ in 0..<60 {
      let laidOut = view.textLayoutManager.paragraphsLaidOut
      view.scroll(by: 24)
      laidOutTotal += view.textLayoutManager.paragraphsLaidOut - laidOut
      let bounds = view.viewportBounds
      let top = bounds.minY - controller.overdrawMargin
      let bottom = bounds.maxY + controller.overdrawMargin
      for (fragment, index) in controller.configuredFragments
      where !fragmentsBefore.contains(ObjectIdentifier(fragment)) {
        let frame = fragment.layoutFragmentFrame
        #expect(frame.maxY > top && frame.minY < bottom, "paragraph \(index) at \(frame) outside \(top)..<\(bottom)")
      }
      fragmentsBefore = Set(controller.configuredFragments.map { ObjectIdentifier($0.fragment) })
    }
    // 60 frames × 24 pt = 1,440 pt of new content, 16 pt per line: at most ~90 new paragraphs (plus the edges).
    #expect(laidOutTotal <= 100, "laid out \(laidOutTotal) paragraphs in 60 frames")
    #expect(laidOutTotal > 0)
  }
}
