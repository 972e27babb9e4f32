import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// An idle provider costs little (issue 21): when a store-backed content manager releases a
/// paragraph for memory, the idle providers of its attachments let go of the attachment objects
/// (a weak reference to an object that dies keeps the object's side table for as long as the
/// reference lives, and a provider persists as long as its attachment is in the document); their
/// locations hold no paragraph object at all. The paragraph's next fragment hands the same providers
/// the rebuilt attachments.
@Suite struct IdleProviderMemoryTests {
  @Test(arguments: Backend.allCases)
  func idleProvidersLetGoOfAReleasedParagraphsObjectsAndGetThemBack(backend: Backend) throws {
    let storage = Fixtures.chat(paragraphs: 5_000, stickerEvery: 3, backend: backend)
    let view = Fixtures.view(storage)
    view.textLayoutManager.fragmentRetentionLimit = 50
    let first = view.visibleAttachmentViewProviders
    #expect(first.count > 10)
    try view.scroll(toParagraphAt: 4_999, position: .bottom)
    let released = backend == .stored
    if released { #expect(storage.liveParagraphCount < 1_000) }
    for provider in first { #expect((provider.textAttachment == nil) == released) }
    try view.scroll(toParagraphAt: 0, position: .top)
    let again = view.visibleAttachmentViewProviders
    #expect(again.count == first.count)
    for (provider, before) in zip(again, first) {
      #expect(provider === before)
      let attachment = try #require(provider.textAttachment)
      let paragraph = try #require(storage.paragraph(for: provider.location))
      #expect(paragraph.attributedString.attachments.contains { $0 === attachment })
    }
    #expect(view.instrumentation.totals.providersCreated == view.liveObjects.providers)
    #expect(view.reuseInvariantViolations() == [])
  }
}
