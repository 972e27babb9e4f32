import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// The reuse controller's transitions (see ReusePolicies.md), driven through a text view and
/// checked against its states, its counters and the real objects made and freed.
@Suite struct ReuseControllerTests {
  /// Both stickered paragraphs (10 and 11, four stickers) are past the 200 pt margin from here.
  private static let pastTheMargin = 408.0
  private static let stickers = ReuseScenario.stickerParagraph
  private static let neighbour = ReuseScenario.neighbourParagraph

  @Test func shownThenCachedThenShownKeepsTheSameViews() throws {
    let scenario = ReuseScenario(policy: .onScrollingOutOfViewport)
    let view = scenario.view
    #expect(scenario.viewStates(in: Self.stickers) == [.shown, .shown, .shown])
    let surfaces = scenario.providers(in: Self.stickers).map { $0?.view }
    let (out, outViolations) = scenario.measure { view.scroll(toY: Self.pastTheMargin) }
    #expect(scenario.viewStates(in: Self.stickers) == [.cached, .cached, .cached])
    #expect(scenario.viewStates(in: Self.neighbour) == [.cached])
    #expect(out.surfacesCachedOnScrollOut == 4 && out.viewsDiscarded == 0)
    #expect(view.cachedViewCount == 4)
    #expect(outViolations == [])

    let (back, backViolations) = scenario.measure { view.scroll(toY: 0) }
    #expect(scenario.viewStates(in: Self.stickers) == [.shown, .shown, .shown])
    #expect(back.surfacesRestoredOnScrollIn == 4 && back.viewsLoaded == 0 && back.providersCreated == 0)
    #expect(view.cachedViewCount == 0)
    let restored = scenario.providers(in: Self.stickers).map { $0?.view }
    #expect(zip(surfaces, restored).allSatisfy { $0 != nil && $0 === $1 })
    #expect(view.tally.viewsLoaded == 4)  // the scenario's first pass, and no load since
    #expect(backViolations == [])
  }

  @Test func deletingAShownStickerDiscardsItsProviderAndViewOnceAndHandsTheOthersOver() throws {
    let scenario = ReuseScenario(policy: [.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    let start = try scenario.start(of: Self.stickers)
    let deleted = scenario.attachments(in: Self.stickers)[0]
    let kept = Array(scenario.providers(in: Self.stickers).dropFirst())  // not a slice: it would keep the first
    let liveBefore = scenario.view.tally.liveProviders
    let (counters, violations) = try scenario.measure {
      try scenario.storage.replaceCharacters(in: (start + 6)..<(start + 7), with: "")  // "Happy ⧉" → "Happy "
      scenario.view.layoutIfNeeded()  // an edit the view did not make: the view lays out on its next pass
    }
    #expect(scenario.view.reuseController.viewState(for: deleted) == nil)
    #expect(scenario.view.viewProvider(for: deleted) == nil)
    #expect(counters.providersDiscarded == 1 && counters.viewsDiscarded == 1)
    #expect(counters.providersReusedOnEdit == 2 && counters.providersCreated == 0 && counters.viewsLoaded == 0)
    #expect(scenario.viewStates(in: Self.stickers) == [.shown, .shown])
    #expect(zip(kept, scenario.providers(in: Self.stickers)).allSatisfy { $0 != nil && $0 === $1 })
    #expect(scenario.view.tally.liveProviders == liveBefore - 1)
    #expect(violations == [])
  }

  @Test func deletingACachedStickerEmptiesItsCacheSlot() throws {
    let scenario = ReuseScenario(policy: [.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    scenario.view.scroll(toY: Self.pastTheMargin)
    #expect(scenario.view.cachedViewCount == 4)
    let start = try scenario.start(of: Self.neighbour)
    let (counters, violations) = try scenario.measure {
      try scenario.storage.replaceCharacters(in: start..<(start + 10), with: "")  // "one ⧉ more" → ""
    }
    #expect(scenario.attachments(in: Self.neighbour).isEmpty)
    #expect(counters.providersDiscarded == 1 && counters.viewsDiscarded == 1 && counters.surfacesEvicted == 0)
    #expect(scenario.view.cachedViewCount == 3)
    #expect(scenario.viewStates(in: Self.stickers) == [.cached, .cached, .cached])
    #expect(violations == [])
  }

  @Test func anEditHandsProvidersOverAtTheNextPass() throws {
    let scenario = ReuseScenario(policy: .onEditingInlineParagraphs)
    let view = scenario.view
    view.laysOutImmediately = false
    let before = scenario.providers(in: Self.stickers)
    let start = try scenario.start(of: Self.stickers)
    try scenario.storage.replaceCharacters(in: start..<start, with: "x")
    // The edit half: the old fragment is gone, its providers wait with their views still shown.
    #expect(scenario.awaitingHandOver(in: Self.stickers) == [true, true, true])
    #expect(scenario.viewStates(in: Self.stickers) == [.shown, .shown, .shown])
    // The pass half: the new fragment takes them over.
    let (counters, violations) = scenario.measure { view.layoutIfNeeded() }
    #expect(scenario.awaitingHandOver(in: Self.stickers) == [false, false, false])
    #expect(counters.providersReusedOnEdit == 3 && counters.providersCreated == 0 && counters.viewsLoaded == 0)
    #expect(zip(before, scenario.providers(in: Self.stickers)).allSatisfy { $0 != nil && $0 === $1 })
    #expect(violations == [])
  }

  @Test func overflowingTheCacheEvictsTheLeastRecentlyCached() throws {
    let scenario = ReuseScenario(policy: .onScrollingOutOfViewport, cache: ReuseCacheConfiguration(countLimit: 2))
    let view = scenario.view
    let (out, outViolations) = scenario.measure { view.scroll(toY: Self.pastTheMargin) }
    // Cached in attachment order, so paragraph 10's first two stickers are the least recent.
    #expect(scenario.viewStates(in: Self.stickers) == [.unloaded, .unloaded, .cached])
    #expect(scenario.viewStates(in: Self.neighbour) == [.cached])
    #expect(out.surfacesCachedOnScrollOut == 4 && out.surfacesEvicted == 2 && out.viewsDiscarded == 2)
    #expect(view.cachedViewCount == 2)
    #expect(outViolations == [])

    let (back, backViolations) = scenario.measure { view.scroll(toY: 0) }
    #expect(back.surfacesRestoredOnScrollIn == 2 && back.viewsLoaded == 2 && back.providersCreated == 0)
    #expect(scenario.viewStates(in: Self.stickers) == [.shown, .shown, .shown])
    #expect(backViolations == [])
  }

  @Test func removingTheScrollPolicyEmptiesTheCacheAtTheNextPass() throws {
    let scenario = ReuseScenario(policy: .onScrollingOutOfViewport)
    let view = scenario.view
    view.scroll(toY: Self.pastTheMargin)
    #expect(view.cachedViewCount == 4)
    view.register([], forTextAttachmentViewProviderType: AnimatedTestProvider.self)
    #expect(view.cachedViewCount == 4)  // a policy applies from the next pass
    let (counters, violations) = scenario.measure { view.layoutViewport() }
    #expect(view.cachedViewCount == 0 && view.cachedViewBytes == 0)
    #expect(counters.viewsDiscarded == 4 && counters.surfacesEvicted == 0 && counters.providersDiscarded == 0)
    #expect(scenario.viewStates(in: Self.stickers) == [.unloaded, .unloaded, .unloaded])
    #expect(view.tally.viewsDiscarded == 4)
    #expect(violations == [])
  }

  /// A pass run inside an open transaction (after an edit) applies the edit rule at once: with
  /// the edit policy it hands the providers to the new fragment, without it it replaces them; the
  /// transaction's end must not release anything a second time from the old fragment.
  @Test(arguments: [
    TextAttachmentViewProviderReusePolicy(), .onEditingInlineParagraphs,
  ])
  func aPassInsideATransactionKeepsTheProvidersItHandedOver(policy: TextAttachmentViewProviderReusePolicy) throws {
    let scenario = ReuseScenario(policy: policy)
    let start = try scenario.start(of: Self.stickers)
    let (counters, violations) = try scenario.measure {
      try scenario.storage.performEditingTransaction {
        try scenario.storage.replaceCharacters(in: start..<start, with: "x")
        scenario.view.layoutViewport()  // a pass before the transaction ends
      }
    }
    let providers = scenario.providers(in: Self.stickers)
    #expect(providers.count == 3 && providers.allSatisfy { $0 != nil && $0?.view != nil })
    #expect(scenario.viewStates(in: Self.stickers) == [.shown, .shown, .shown])
    #expect(scenario.awaitingHandOver(in: Self.stickers) == [false, false, false])
    if policy.contains(.onEditingInlineParagraphs) {
      #expect(counters.providersReusedOnEdit == 3, "handed over once each, in the inner pass")
      #expect(counters.providersCreated == 0 && counters.providersDiscarded == 0 && counters.viewsDiscarded == 0)
    } else {
      #expect(counters.providersReusedOnEdit == 0)
      #expect(counters.providersCreated == 3 && counters.providersDiscarded == 3 && counters.viewsDiscarded == 3)
      #expect(counters.viewsLoaded == 3 && counters.animationResets == 3, "each sticker restarts, as on any edit")
    }
    #expect(violations == [])
  }
}
