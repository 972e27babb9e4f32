import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// The store-backed content manager over the counting test source: what it builds, releases and
/// writes, in counts.
@Suite struct StoredTextContentManagerTests {
  private func view(_ manager: TextContentManager, policy: TextAttachmentViewProviderReusePolicy = [])
    -> CountingTextView
  {
    Fixtures.view(manager, policy: policy)
  }

  @Test func openingAMillionElementsBuildsOnlyWhatTheViewportAndItsMarginShow() throws {
    let source = MemoryTextContentSource.chat(count: 1_000_000, stickerEvery: 3)
    let manager = try StoredTextContentManager(source: source)
    #expect(source.counts.elementsBuilt == 0)
    #expect(manager.paragraphCount == 1_000_000)
    // A messenger opens at the latest message.
    let view = CountingTextView(
      storage: manager, viewportSize: Fixtures.viewport, glyphMeasurer: FixedAdvanceGlyphMeasurer())
    view.wantsBottomAnchoring = true
    view.scrollToBottom()
    let shown = view.textViewportLayoutController.configuredFragments.count
    #expect(shown > 20)
    #expect(
      manager.paragraph(at: 999_999)
        === view.textViewportLayoutController.configuredFragments.last?.fragment.textParagraph)
    // Each paragraph a pass walks is built once, and only those the viewport and its margin need:
    // the shown ones, plus the few that the bottom-anchoring rounds walked before measured heights
    // (stickers are taller than the estimate) moved them out of the margin, plus at most one read
    // window (`paragraphsPerRead`) beyond them.
    #expect(source.counts.elementsBuilt == manager.paragraphsBuilt)
    #expect(
      manager.paragraphsBuilt <= shown + shown / 4 + manager.paragraphsPerRead,
      "built \(manager.paragraphsBuilt) for \(shown) shown")
    #expect(manager.liveParagraphCount <= shown + shown / 4 + manager.paragraphsPerRead)
    // Paragraphs are read in windows of `paragraphsPerRead`: a handful of element queries in all.
    #expect(source.counts.elementQueries <= 4, "\(source.counts.elementQueries) element queries for \(shown) shown")
    #expect(source.counts.lengthQueries <= 2, "\(source.counts.lengthQueries) length queries")
    // The height index holds the viewport's paragraphs and a few gaps, not a million nodes.
    #expect(view.textLayoutManager.heightIndexNodeCount < 4 * shown)
    // The paragraph tree holds one run per block (1,000 blocks) plus what was built.
    #expect(manager.paragraphTreeNodeCount <= 1_000 + 2 * manager.paragraphsBuilt)
  }

  @Test func readsGiveTheSameTextAsTheSameParagraphsInMemory() throws {
    let source = MemoryTextContentSource.chat(count: 300, stickerEvery: 4, blockSize: 7)
    let manager = try StoredTextContentManager(source: source)
    let memory = TextContentStorage(paragraphs: source.allContents)
    #expect(manager.length == memory.length)
    #expect(manager.paragraphCount == memory.paragraphCount)
    for offset in [0, 1, 17, 500, 1_234, memory.length / 2, memory.length - 3, memory.length] {
      let stored = try manager.location(at: offset)
      let inMemory = try memory.location(at: offset)
      #expect(stored.offset == inMemory.offset, "offset \(offset)")
      #expect(try manager.offset(of: stored) == offset)
    }
    let range = 40..<2_000
    #expect(try manager.attributedString(in: range).string == memory.attributedString(in: range).string)
    #expect(try manager.startOffset(ofParagraphAt: 250) == memory.startOffset(ofParagraphAt: 250))
  }

  @Test func anEditIsOneSourceTransactionAndReachesTheSource() throws {
    let source = MemoryTextContentSource.chat(count: 5_000, blockSize: 100)
    let manager = try StoredTextContentManager(source: source)
    let view = view(manager)
    let start = try manager.startOffset(ofParagraphAt: 150)
    try view.setSelectedRange((start + 2)..<(start + 2))
    let before = source.counts
    view.insertText("X")
    #expect(source.counts.transactionsBegun == before.transactionsBegun + 1)
    #expect(source.counts.transactionsCommitted == before.transactionsCommitted + 1)
    #expect(manager.paragraph(at: 150)?.attributedString.string == "meXssage 150")
    // A new manager over the same source sees the edit.
    let reopened = try StoredTextContentManager(source: source)
    #expect(reopened.paragraph(at: 150)?.attributedString.string == "meXssage 150")
    #expect(reopened.length == manager.length)
    // A paste across a block boundary is one transaction too, and undo another.
    let from = try manager.startOffset(ofParagraphAt: 198)
    let to = try manager.startOffset(ofParagraphAt: 203)
    let transactions = source.counts.transactionsBegun
    try view.replaceCharacters(in: from..<to, with: AttributedText("joined\nagain"))
    #expect(source.counts.transactionsBegun == transactions + 1)
    #expect(manager.paragraphCount == 4_996)  // 198…203 became two
    view.undo()
    #expect(source.counts.transactionsBegun == transactions + 2)
    #expect(try StoredTextContentManager(source: source).paragraph(at: 200)?.attributedString.string == "message 200")
    #expect(manager.paragraphCount == 5_000)
  }

  @Test func aFailingSourceLeavesTheDocumentIntactWithAClearError() throws {
    let source = MemoryTextContentSource.chat(count: 2_000, blockSize: 100)
    let manager = try StoredTextContentManager(source: source)
    let view = view(manager)
    let text = try manager.attributedString(in: 0..<manager.length).string
    for failure in [MemoryTextContentSource.Failure.writes, .commits] {
      source.failure = failure
      #expect(throws: TextEditError.self) {
        try manager.replaceCharacters(in: 5..<30, with: AttributedText("lost\nedit"))
      }
      do {
        try manager.replaceCharacters(in: 5..<30, with: AttributedText("lost"))
      } catch {
        #expect("\(error)".contains("the test source fails"))
      }
      source.failure = nil
      #expect(try manager.attributedString(in: 0..<manager.length).string == text)
      #expect(try StoredTextContentManager(source: source).length == manager.length)
    }
    #expect(source.counts.transactionsRolledBack >= 1)
    #expect(view.reuseInvariantViolations().isEmpty)
    // The view goes on working.
    view.insertText("ok")
    #expect(manager.paragraph(at: 0)?.attributedString.string.hasPrefix("ok") == true)
  }

  @Test func aSourceThatCannotOpenThrows() {
    let source = MemoryTextContentSource.chat(count: 10)
    source.failure = .reads
    #expect(throws: MemoryTextContentSource.SourceError.self) { try StoredTextContentManager(source: source) }
  }
}
