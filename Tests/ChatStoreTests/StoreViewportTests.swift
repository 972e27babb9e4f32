import ChatKit
import ChatModel
import ChatStore
import Foundation
import Testing
import TextEngine

/// A view over a real chat store reads what its viewport needs, not the document (counts, not times).
@MainActor @Suite struct StoreViewportTests {
  @Test func openingAndJumpingBuildOnlyTheViewportsParagraphs() throws {
    let fixture = try StoreFixture()
    let messages = 40_000
    let url = fixture.directory.appendingPathComponent("big.sqlite")
    let writer = try ChatStoreWriter(creating: url)
    try writer.append(concurrently: TranscriptGenerator(messages: messages, seed: 2).messageSequence)
    try writer.finish()
    let manager = try StoredTextContentManager(source: ChatStore(contentsOf: url, stickers: fixture.stickers))
    #expect(manager.paragraphCount == messages)
    #expect(manager.paragraphsBuilt == 0, "opening reads the block table only")
    let view = TextView(
      storage: manager, viewportSize: CGSize(width: 480, height: 800), glyphMeasurer: FixedAdvanceGlyphMeasurer())
    view.wantsBottomAnchoring = true
    view.scrollToBottom()
    let shown = view.textViewportLayoutController.configuredFragments.map(\.paragraphIndex)
    #expect(shown.last == messages - 1)
    let afterOpen = (built: manager.paragraphsBuilt, queries: manager.sourceQueries)
    // Paragraphs are read in windows of `paragraphsPerRead`: at most one window beyond what is shown.
    #expect(
      afterOpen.built <= shown.count + 8 + manager.paragraphsPerRead,
      "built \(afterOpen.built) for \(shown.count) shown")
    #expect(afterOpen.queries <= 6, "\(afterOpen.queries) queries: one or a few per viewport")
    try view.scroll(toParagraphAt: messages / 2, position: .center)
    let jumped = view.textViewportLayoutController.configuredFragments.map(\.paragraphIndex)
    #expect(jumped.contains(messages / 2))
    let built = manager.paragraphsBuilt - afterOpen.built
    #expect(manager.sourceQueries - afterOpen.queries <= 6, "a jump takes a few queries")
    #expect(
      built <= jumped.count + 8 + manager.paragraphsPerRead,
      "a jump built \(built) paragraphs for \(jumped.count) shown")
    #expect(manager.liveParagraphCount <= afterOpen.built + built)
  }
}
