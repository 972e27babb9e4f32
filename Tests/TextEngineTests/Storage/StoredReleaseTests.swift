import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// Paragraphs of a store-backed document are released when nothing holds them, and locations and
/// attachments keep their identity across the release and rebuilding (see <doc:StorageIdentity>).
@Suite struct StoredReleaseTests {
  @Test func scrollingThroughTenThousandMessagesKeepsLiveParagraphsUnderTheCap() throws {
    let source = MemoryTextContentSource.chat(count: 100_000, stickerEvery: 3)
    let manager = try StoredTextContentManager(source: source)
    let view = Fixtures.view(manager, policy: .onScrollingOutOfViewport)
    let layout = view.textLayoutManager
    var peak = 0
    while (layout.paragraphIndex(atY: view.scrollOffset) ?? 0) < 10_000 {
      view.scroll(by: 400)
      peak = max(peak, manager.liveParagraphCount)
    }
    let shown = view.textViewportLayoutController.configuredFragments.count
    // The cap: the fragments the layout manager keeps (its limit plus a quarter of slack), the
    // pass's own, the paragraphs built since the last release, and one read window.
    let limit = layout.fragmentRetentionLimit
    let cap = limit + max(16, limit / 4) + shown + manager.releaseSlack + manager.paragraphsPerRead
    #expect(peak <= cap, "peak \(peak), cap \(cap)")
    #expect(manager.paragraphsReleased > 9_000)
    #expect(manager.paragraphsBuilt == source.counts.elementsBuilt)
    #expect(view.reuseInvariantViolations().isEmpty)
  }

  @Test func locationsSurviveTheReleaseAndRebuildingOfTheirParagraph() throws {
    let source = MemoryTextContentSource.chat(count: 3_000, stickerEvery: 5, blockSize: 50)
    let manager = try StoredTextContentManager(source: source)
    let view = Fixtures.view(manager)
    view.textLayoutManager.fragmentRetentionLimit = 8
    weak let original = manager.paragraph(at: 5)
    let identifier = try #require(original?.identifier)
    let text = try #require(original?.attributedString.string)
    let location = TextLocation(paragraph: try #require(original), offset: 3)
    let offset = try manager.offset(of: location)
    for _ in 0..<40 { view.scroll(by: 600) }
    #expect(original == nil, "paragraph 5 was released")
    // The location resolves to the rebuilt paragraph: same identifier, equal content.
    #expect(try manager.offset(of: location) == offset)
    let rebuilt = try #require(manager.paragraph(for: location))
    #expect(rebuilt.identifier == identifier && rebuilt.attributedString.string == text)
    #expect(try manager.location(at: offset) == location)
    #expect(try manager.offset(of: TextLocation(elementIdentifier: identifier, offset: 3)) == offset)
    // An edit above moves it; an edit of its paragraph makes it stale (a new identifier).
    try manager.insertParagraphs([(AttributedText("new first"), [:])], at: 0)
    let moved = try manager.offset(of: location)
    #expect(moved == offset + "new first".count + 1)
    try manager.replaceCharacters(in: moved..<(moved + 1), with: AttributedText("Z"))
    #expect(throws: TextEditError.staleLocation) { try manager.offset(of: location) }
  }

  @Test(arguments: Backend.allCases)
  func aStickerScrolledFarAndBackIsRestoredEvenWhenItsParagraphWasReleased(backend: Backend) throws {
    let scenario = ReuseScenario(policy: .onScrollingOutOfViewport, backend: backend, paragraphs: 3_000)
    let view = scenario.view
    view.textLayoutManager.fragmentRetentionLimit = 8
    weak let paragraph = scenario.storage.paragraph(at: ReuseScenario.stickerParagraph)
    let stickers = scenario.attachments(in: ReuseScenario.stickerParagraph).map(\.id)
    let (away, awayViolations) = scenario.measure {
      for _ in 0..<40 { view.scroll(by: 600) }
    }
    #expect(away.surfacesCachedOnScrollOut == 4 && away.viewsDiscarded == 0)
    #expect(awayViolations == [])
    if backend == .stored {
      #expect(paragraph == nil, "the sticker paragraph was released")
    }
    let (back, violations) = scenario.measure { view.scroll(toY: 0) }
    // Restored from the scroll cache, not reloaded: no provider, view or animation state is made.
    #expect(back.surfacesRestoredOnScrollIn == 4)
    #expect(back.viewsLoaded == 0 && back.providersCreated == 0 && back.animationResets == 0)
    #expect(violations == [])
    // The providers answer for the rebuilt attachment objects and still count under the first ones.
    let rebuilt = scenario.attachments(in: ReuseScenario.stickerParagraph)
    #expect(rebuilt.allSatisfy { view.viewProvider(for: $0)?.textAttachment === $0 })
    #expect(rebuilt.compactMap { view.viewProvider(for: $0)?.attachmentID } == stickers)
  }
}
