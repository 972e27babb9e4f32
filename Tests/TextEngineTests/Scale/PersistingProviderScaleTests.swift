import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// Issue 21: with no reuse policy, a provider persists across scroll-out however far the user
/// scrolls, so scrolling a million-message document from top to bottom and back creates exactly
/// one provider per sticker shown, and discards none; only views come and go.
///
/// `make fuzz` runs it at a million messages (`FUZZ_FULL=1`);
/// `make test` at 200,000, which is every pass the same and the same claim (the old behaviour broke
/// it on the first pass up), so that the suite stays well under CI's 20 minutes.
///
/// Counts only (no timing). The document is a ``MemoryTextContentSource`` over a
/// ``StoredTextContentManager``, as a store is: every read builds new attachment objects with the
/// same stored identifiers, and paragraphs and fragments are released behind the viewport. The
/// viewport is as tall as a ``TextView`` allows (``TextView/maximumViewportSide``), so that each
/// pass lays out tens of thousands of messages and the whole trip takes a few dozen passes.
///
/// Its cost is the two million paragraph layouts (about 0.2 ms each in a debug build: line breaking,
/// the fragment, releasing the paragraph and the fragment), so the messages are as cheap to lay out
/// as a message can be: a sticker alone every third message, one letter in the others.
///
/// Were providers released with their fragments (as before issue 21), the trip back up would make a
/// second provider for every sticker outside the bottom viewport and the 512 fragments retained
/// beside it: about 650,000 providers created for 333,334 stickers seen, and over 300,000 discarded
/// (the first pass up already breaks `providersCreated == stickers seen`).
@Suite struct PersistingProviderScaleTests {
  static let messages = ProcessInfo.processInfo.environment["FUZZ_FULL"] == "1" ? 1_000_000 : 200_000
  static let stickerEvery = 3
  /// Every `stickerEvery`-th message holds one sticker, the first included.
  static let stickers = (messages + stickerEvery - 1) / stickerEvery

  /// What the passes showed and what was wrong after any of them.
  private struct Trip {
    var seen: Set<AttachmentIdentity> = []
    var passes = 0
    var firstExcess: String?
    var firstUnshown: String?
  }

  @Test func scrollingAHugeDocumentDownAndBackMakesOneProviderPerStickerSeen() throws {
    let source = MemoryTextContentSource(count: Self.messages, blockSize: 10_000) { index in
      let text = index % Self.stickerEvery == 0 ? AttributedText(attachment: Fixtures.sticker()) : AttributedText("m")
      return (text, [:])
    }
    let storage = try StoredTextContentManager(source: source)
    let view = Fixtures.view(storage, size: CGSize(width: 480, height: TextView.maximumViewportSide))
    var trip = Trip()
    record(view, into: &trip)
    while view.scrollOffset < view.maximumScrollOffset {
      view.scroll(by: view.viewportSize.height)
      record(view, into: &trip)
    }
    let bottom = view.textViewportLayoutController.configuredFragments.last?.paragraphIndex
    while view.scrollOffset > 0 {
      view.scroll(by: -view.viewportSize.height)
      record(view, into: &trip)
    }
    let top = view.textViewportLayoutController.configuredFragments.first?.paragraphIndex

    // The trip went all the way down and back, showing every sticker of the document.
    #expect(bottom == Self.messages - 1)
    #expect(top == 0)
    #expect(trip.seen.count == Self.stickers)
    #expect(trip.firstUnshown == nil, "\(trip.firstUnshown ?? "")")
    // One provider per sticker seen, never more, none discarded: counted and real objects.
    let totals = view.instrumentation.totals
    #expect(trip.firstExcess == nil, "\(trip.firstExcess ?? "")")
    #expect(totals.providersCreated == trip.seen.count)
    #expect(totals.providersDiscarded == 0)
    #expect(view.tally.providersInitialized == trip.seen.count)
    #expect(view.tally.providersDeinitialized == 0)
    #expect(view.liveObjects.providers == trip.seen.count)
    // Views: only the last pass's stickers hold one (no policy: nothing is cached).
    let shown = view.textViewportLayoutController.configuredFragments.reduce(0) {
      $0 + $1.fragment.attachmentPlacements.count
    }
    #expect(shown > 0)
    #expect(view.cachedViewCount == 0)
    #expect(view.liveObjects.views == shown + view.cachedViewCount)
    #expect(view.tally.viewsLoaded - view.tally.viewsDiscarded == shown)
    #expect(totals.viewsDiscarded >= trip.seen.count - shown, "views of stickers scrolled out are discarded")
    // The bookkeeping and the state machine agree with the objects, after every pass.
    #expect(view.reuseInvariantViolations() == [])
    #expect(view.reuseController.checkInvariants() == [])
    #expect(view.stateViolations == [])
  }

  /// Adds the stickers of the pass that just ran to `trip.seen`, and notes the first pass after which
  /// more providers were created than stickers seen, or a shown sticker had no view.
  private func record(_ view: CountingTextView, into trip: inout Trip) {
    trip.passes += 1
    view.hookLog.removeAll(keepingCapacity: true)  // 62,500 entries a pass; the test does not read them
    for (fragment, index) in view.textViewportLayoutController.configuredFragments {
      for placement in fragment.attachmentPlacements {
        trip.seen.insert(placement.attachment.identity)
        if trip.firstUnshown == nil, view.reuseController.viewState(for: placement.attachment) != .shown {
          trip.firstUnshown = "pass \(trip.passes): the sticker of paragraph \(index) is not shown"
        }
      }
    }
    let created = view.instrumentation.totals.providersCreated
    if trip.firstExcess == nil, created != trip.seen.count {
      trip.firstExcess = "pass \(trip.passes): \(created) providers created, \(trip.seen.count) stickers seen"
    }
  }
}
