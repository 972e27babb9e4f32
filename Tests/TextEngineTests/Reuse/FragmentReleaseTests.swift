import Foundation
import Instrumentation
import ReuseKitSupport
import ReuseKitTestSupport
import ScenarioVocabulary
import Testing

@testable import TextEngine

/// Memory bounded by the viewport: fragments far from it are released; their providers persist, as
/// Apple documents ("NSTextAttachmentViewProvider itself persists, but the text view may recreate
/// its view"), idle (no view) unless the scroll cache holds their views. Run under all four policy
/// combinations.
@Suite struct FragmentReleaseTests {
  static let policies = TextAttachmentViewProviderReusePolicy.allCombinations

  /// 3,000 paragraphs of 16 pt: a pass uses 75 fragments (800 pt plus 200 pt above and below).
  private static let paragraphs = 3_000
  private static let limit = 100

  /// A scenario whose layout manager keeps at most ``limit`` fragments beyond the pass's own.
  private static func scenario(_ policy: TextAttachmentViewProviderReusePolicy) -> ReuseScenario {
    let scenario = ReuseScenario(policy: policy, paragraphs: paragraphs)
    scenario.view.textLayoutManager.fragmentRetentionLimit = limit
    return scenario
  }

  /// Two jumps far down: the second releases every fragment of the first screen (the oldest).
  private static func jumpFarTwice(_ view: CountingTextView) {
    view.scroll(toY: 20_000)
    view.scroll(toY: 40_000)
  }

  @Test func scrollingThroughTheDocumentKeepsTheFragmentCountUnderTheLimit() throws {
    let storage = Fixtures.chat(paragraphs: 5_000)
    let view = Fixtures.view(storage)
    let manager = view.textLayoutManager
    manager.fragmentRetentionLimit = 200
    let slack = max(16, 200 / 4)
    var most = 0
    var y = 0.0
    while y < manager.documentHeight {
      view.scroll(toY: y)
      most = max(most, manager.retainedFragmentCount)
      y += 400
    }
    let totals = view.instrumentation.totals
    #expect(most <= 200 + slack)
    #expect(totals.layoutFragmentsCreated > 4_000)
    #expect(totals.layoutFragmentsReleased == totals.layoutFragmentsCreated - manager.retainedFragmentCount)
    // Released paragraphs keep their measured heights: going back moves nothing.
    let far = try #require(manager.yOffset(ofParagraphAt: 4_000))
    let height = manager.documentHeight
    view.scroll(toY: 0)
    #expect(manager.yOffset(ofParagraphAt: 4_000) == far)
    #expect(manager.documentHeight == height)
    #expect(view.textViewportLayoutController.configuredFragments.first?.paragraphIndex == 0)
  }

  @Test func aPassNeverReleasesTheFragmentsItUses() {
    let storage = Fixtures.chat(paragraphs: 1_000)
    let view = Fixtures.view(storage)
    view.textLayoutManager.fragmentRetentionLimit = 0
    view.scroll(toY: 4_000)
    let configured = view.textViewportLayoutController.configuredFragments
    #expect(configured.count >= 75)
    #expect(view.textLayoutManager.retainedFragmentCount == configured.count)
    for (fragment, index) in configured {
      #expect(view.textLayoutManager.ensureLayout(forParagraphAt: index) === fragment)
    }
  }

  @Test(arguments: policies, Backend.allCases)
  func randomJumpsKeepFragmentsBoundedAndEveryProviderOnce(
    policy: TextAttachmentViewProviderReusePolicy, backend: Backend
  ) throws {
    let storage = Fixtures.chat(paragraphs: 20_000, stickerEvery: 2, backend: backend)
    let view = Fixtures.view(storage, policy: policy)
    let manager = view.textLayoutManager
    manager.fragmentRetentionLimit = 200
    var random = SplitMix64(seed: 0x4000)
    var seen: Set<Int> = []
    for _ in 0..<500 {
      try view.scroll(toParagraphAt: random.next(below: storage.paragraphCount), position: .center)
      #expect(manager.retainedFragmentCount <= 200 + 50)
      for provider in view.visibleAttachmentViewProviders { seen.insert(provider.attachmentID) }
    }
    // Providers persist: one per sticker ever shown, never a second one (no edit happened).
    let totals = view.instrumentation.totals
    #expect(seen.count > 2_000)
    #expect(totals.providersCreated == seen.count)
    #expect(view.liveObjects.providers == seen.count)
    #expect(totals.providersDiscarded == 0)
    // Idle providers hold no view: views exist only for the last pass's stickers and the cache.
    let shown = view.visibleAttachmentViewProviders.count
    #expect(view.liveObjects.views == shown + view.cachedViewCount)
    #expect(view.reuseInvariantViolations() == [])
  }

  @Test(arguments: policies)
  func farAwayStickersKeepTheirProvidersAndLoseOrCacheTheirViews(policy: TextAttachmentViewProviderReusePolicy)
    throws
  {
    let scenario = Self.scenario(policy)
    let view = scenario.view
    let caches = policy.contains(.onScrollingOutOfViewport)
    let before = view.visibleAttachmentViewProviders.map { WeakBox($0) }
    let (away, awayViolations) = scenario.measure { Self.jumpFarTwice(view) }
    let leaving: [Counter: Int] = caches ? [.surfacesCachedOnScrollOut: 4] : [.viewsDiscarded: 4]
    #expect(away.reuseMismatches(expecting: leaving) == [])
    #expect(awayViolations == [])
    #expect(away.layoutFragmentsReleased >= 63)
    // The four providers persist, detached from their released fragments; only cached views live on.
    #expect(view.liveObjects.providers == 4)
    #expect(view.liveObjects.views == (caches ? 4 : 0))
    #expect(scenario.attachments(in: ReuseScenario.stickerParagraph).allSatisfy(view.reuseController.isDetached))

    let (back, backViolations) = scenario.measure { view.scroll(toY: 0) }
    // Scroll-out without the scroll policy: the same provider, a new view (a reset); with it: the same view.
    let returning: [Counter: Int] =
      caches ? [.surfacesRestoredOnScrollIn: 4] : [.viewsLoaded: 4, .animationStatesCreated: 4, .animationResets: 4]
    #expect(back.reuseMismatches(expecting: returning) == [])
    #expect(backViolations == [])
    #expect(before.holdExactly(view.visibleAttachmentViewProviders))
  }

  @Test(arguments: policies, Backend.allCases)
  func editingAReleasedParagraphFollowsTheEditRule(policy: TextAttachmentViewProviderReusePolicy, backend: Backend)
    throws
  {
    let scenario = Self.scenario(policy)
    let view = scenario.view
    Self.jumpFarTwice(view)
    let start = try scenario.start(of: ReuseScenario.stickerParagraph)
    let (counters, violations) = try scenario.measure {
      try view.replaceCharacters(in: start..<start, with: "Oh, ")
      view.scroll(toY: 0)
    }
    let expected = PerPolicy<[Counter: Int]>(
      // No policy: the edited paragraph's three persisting providers are discarded and made anew;
      // the neighbour's keeps its provider and loads a new view. Every view loads (none was cached).
      none: [
        .providersCreated: 3, .providersDiscarded: 3, .viewsLoaded: 4, .animationStatesCreated: 4,
        .animationResets: 4,
      ],
      // Edit only: the three are handed over at the pass that shows them, and load views there.
      edit: [.providersReusedOnEdit: 3, .viewsLoaded: 4, .animationStatesCreated: 4, .animationResets: 4],
      // Scroll only: the edit discards the edited paragraph's detached providers and cached views.
      scroll: [
        .providersCreated: 3, .providersDiscarded: 3, .viewsDiscarded: 3, .viewsLoaded: 3, .animationStatesCreated: 3,
        .animationResets: 3, .surfacesRestoredOnScrollIn: 1,
      ],
      // Both: the detached providers are handed over at the next pass, and their views restored.
      both: [.providersReusedOnEdit: 3, .surfacesRestoredOnScrollIn: 4]
    )
    #expect(expected.mismatches(counters, policy: policy) == [])
    #expect(violations == [])
  }

  @Test(arguments: policies, Backend.allCases)
  func deletingAReleasedStickerDiscardsItsDetachedProviderOnce(
    policy: TextAttachmentViewProviderReusePolicy, backend: Backend
  ) throws {
    let scenario = Self.scenario(policy)
    let view = scenario.view
    Self.jumpFarTwice(view)
    // Paragraph 10 (three stickers) goes whole, with the newline before it; paragraph 11 stays.
    let start = try scenario.start(of: ReuseScenario.stickerParagraph) - 1
    let end = try scenario.start(of: ReuseScenario.neighbourParagraph) - 1
    let (counters, violations) = try scenario.measure { try view.replaceCharacters(in: start..<end, with: "") }
    let cached = policy.contains(.onScrollingOutOfViewport)
    let expected: [Counter: Int] = cached ? [.providersDiscarded: 3, .viewsDiscarded: 3] : [.providersDiscarded: 3]
    #expect(counters.reuseMismatches(expecting: expected) == [])
    #expect(violations == [])
    #expect(view.cachedViewCount == (cached ? 1 : 0))
    #expect(view.liveObjects.providers == 1)
  }

  @Test func evictingADetachedViewKeepsItsProvider() throws {
    let scenario = Self.scenario(.onScrollingOutOfViewport)
    let view = scenario.view
    Self.jumpFarTwice(view)
    let (counters, violations) = scenario.measure {
      view.reuseCacheConfiguration = ReuseCacheConfiguration(countLimit: 1)
      view.layoutViewport()
    }
    #expect(counters.reuseMismatches(expecting: [.surfacesEvicted: 3, .viewsDiscarded: 3]) == [])
    #expect(violations == [])
    #expect(view.liveObjects.providers == 4)
    #expect(view.liveObjects.views == 1)
  }
}
