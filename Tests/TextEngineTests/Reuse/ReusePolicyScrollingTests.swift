import Foundation
import Instrumentation
import ReuseKitTestSupport
import ScenarioVocabulary
import Testing

@testable import TextEngine

/// The reuse specification for scrolling, run under all four policy combinations.
@Suite struct ReusePolicyScrollingTests {
  static let policies = TextAttachmentViewProviderReusePolicy.allCombinations

  /// Paragraph 10 sits at y 160..<184 and paragraph 11 at 184..<208; with the viewport top at 408
  /// the margin starts at 208, so both are just past the 200 pt margin (at 407 the last point of
  /// paragraph 11 is still inside it).
  private static let justPastTheMargin = 408.0

  @Test(arguments: policies, Backend.allCases)
  func scrollingJustPastTheMarginAndBack(policy: TextAttachmentViewProviderReusePolicy, backend: Backend) throws {
    let scenario = ReuseScenario(policy: policy, backend: backend)
    let view = scenario.view
    let caches = policy.contains(.onScrollingOutOfViewport)
    /// What `k` stickers leaving the viewport plus margin do under this policy.
    func leaving(_ k: Int) -> [Counter: Int] {
      caches ? [.surfacesCachedOnScrollOut: k] : [.viewsDiscarded: k]
    }
    // Paragraph 10 (3 stickers) is at 160..<184, paragraph 11 (1 sticker) at 184..<208; the margin
    // is 200 pt, so each leaves when the viewport top passes its bottom + 200, and not a point sooner.
    let steps: [(y: Double, leaving: Int)] = [(383, 0), (384, 3), (407, 0), (Self.justPastTheMargin, 1)]
    for step in steps {
      let (counters, violations) = scenario.measure { view.scroll(toY: step.y) }
      #expect(counters.reuseMismatches(expecting: leaving(step.leaving)) == [], "scrolled to \(step.y)")
      #expect(violations == [])
    }
    let (back, violations) = scenario.measure { view.scroll(toY: 0) }
    let returning: [Counter: Int] =
      caches ? [.surfacesRestoredOnScrollIn: 4] : [.viewsLoaded: 4, .animationStatesCreated: 4, .animationResets: 4]
    // Providers live with their fragments, which survive scrolling: none is created in any policy.
    #expect(back.reuseMismatches(expecting: returning) == [])
    #expect(violations == [])
  }

  @Test(arguments: policies, Backend.allCases)
  func cachedAnimationsPauseAndResumeOrKeepAdvancing(policy: TextAttachmentViewProviderReusePolicy, backend: Backend)
    throws
  {
    for keepsAdvancing in [false, true] {
      let scenario = ReuseScenario(
        policy: policy, backend: backend, cache: ReuseCacheConfiguration(keepsAnimationsAdvancing: keepsAdvancing))
      let sticker = scenario.attachments(in: ReuseScenario.stickerParagraph)[0]
      let surface = try #require(scenario.view.viewProvider(for: sticker)?.view as? TestAnimatedSurface)
      scenario.view.scroll(toY: Self.justPastTheMargin)
      if policy.contains(.onScrollingOutOfViewport) {
        #expect(surface.isPaused == !keepsAdvancing)
        #expect(!surface.isDiscarded)
        scenario.view.scroll(toY: 0)
        #expect(scenario.view.viewProvider(for: sticker)?.view === surface)
        #expect(!surface.isPaused)
      } else {
        #expect(surface.isDiscarded)
        #expect(scenario.view.viewProvider(for: sticker)?.view == nil)
      }
    }
  }

  @Test(arguments: policies, Backend.allCases)
  func scrollingFarPastTheCacheBoundEvictsLeastRecentlyUsed(
    policy: TextAttachmentViewProviderReusePolicy, backend: Backend
  ) throws {
    // 400 paragraphs, a sticker in every other one; the cache keeps at most 8 views.
    let storage = Fixtures.chat(paragraphs: 400, stickerEvery: 2, backend: backend)
    let view = Fixtures.view(storage, policy: policy)
    view.reuseCacheConfiguration = ReuseCacheConfiguration(countLimit: 8)
    let first = try #require(storage.paragraph(at: 0)?.attributedString.attachments.first)
    let providersBefore = view.liveObjects.providers
    let firstBefore = view.instrumentation.perAttachment[first.id] ?? Counters()
    let counters = view.instrumentation.measure {
      view.scroll(toY: 5_000)
      view.scroll(toY: 0)
    }
    let violations = view.reuseInvariantViolations()
    let perFirst = (view.instrumentation.perAttachment[first.id] ?? Counters()) - firstBefore
    if policy.contains(.onScrollingOutOfViewport) {
      #expect(perFirst.surfacesCachedOnScrollOut == 1 && perFirst.surfacesEvicted == 1)
      #expect(
        counters.surfacesEvicted
          == counters.surfacesCachedOnScrollOut - counters.surfacesRestoredOnScrollIn - view.cachedViewCount)
      #expect(counters.surfacesEvicted > 20)
      #expect(view.cachedViewCount <= 8)
    } else {
      #expect(counters.surfacesCachedOnScrollOut == 0 && view.cachedViewCount == 0)
    }
    // Evicted or discarded, the first sticker's view came back as a new one: one reset.
    #expect(perFirst.viewsDiscarded == 1 && perFirst.viewsLoaded == 1 && perFirst.animationResets == 1)
    // Providers live with their fragments: each sticker first seen on the way gets exactly one.
    #expect(counters.providersCreated == view.liveObjects.providers - providersBefore)
    #expect(counters.providersCreated > 20 && counters.providersDiscarded == 0)
    #expect(violations == [])
  }

  @Test func theByteBoundAlsoEvicts() throws {
    let storage = Fixtures.chat(paragraphs: 400, stickerEvery: 2)
    let view = Fixtures.view(storage, policy: .onScrollingOutOfViewport)
    view.reuseCacheConfiguration = ReuseCacheConfiguration(countLimit: 1_000, byteLimit: 3 * 24 * 24 * 4)
    view.scroll(toY: 5_000)
    #expect(view.cachedViewCount == 3)
    #expect(view.cachedViewBytes == 3 * 24 * 24 * 4)
    #expect(view.instrumentation.totals.surfacesEvicted == view.instrumentation.totals.surfacesCachedOnScrollOut - 3)
  }

  @Test(arguments: policies, Backend.allCases)
  func editingAParagraphWhoseViewsAreCached(policy: TextAttachmentViewProviderReusePolicy, backend: Backend) throws {
    let scenario = ReuseScenario(policy: policy, backend: backend)
    let view = scenario.view
    view.scroll(toY: Self.justPastTheMargin)
    let start = try scenario.start(of: ReuseScenario.stickerParagraph)
    let (counters, violations) = try scenario.measure {
      try view.replaceCharacters(in: start..<start, with: "Oh, ")
      view.scroll(toY: 0)
    }
    let expected = PerPolicy<[Counter: Int]>(
      // No policy: the edit discards the providers (their views went at scroll-out); new ones load.
      // (Paragraph 11's sticker, untouched by the edit, reloads too: 4 views.)
      none: [
        .providersCreated: 3, .providersDiscarded: 3, .viewsLoaded: 4, .animationStatesCreated: 4, .animationResets: 4,
      ],
      // Edit only: providers wait for the new fragment, but their views were discarded at scroll-out.
      edit: [.providersReusedOnEdit: 3, .viewsLoaded: 4, .animationStatesCreated: 4, .animationResets: 4],
      // Scroll only: the edit discards the providers and so their cached views.
      scroll: [
        .providersCreated: 3, .providersDiscarded: 3, .viewsDiscarded: 3, .viewsLoaded: 3, .animationStatesCreated: 3,
        .animationResets: 3, .surfacesRestoredOnScrollIn: 1,
      ],
      // Both: the cached views survive the edit and come back.
      both: [.providersReusedOnEdit: 3, .surfacesRestoredOnScrollIn: 4]
    )
    #expect(expected.mismatches(counters, policy: policy) == [])
    #expect(violations == [])
  }

  @Test(arguments: policies, Backend.allCases)
  func deletingAParagraphWhoseViewsAreCachedDiscardsThemOnce(
    policy: TextAttachmentViewProviderReusePolicy, backend: Backend
  ) throws {
    let scenario = ReuseScenario(policy: policy, backend: backend)
    let view = scenario.view
    view.scroll(toY: Self.justPastTheMargin)
    // From the end of paragraph 9 to the end of paragraph 10: paragraph 11 is untouched.
    let start = try scenario.start(of: ReuseScenario.stickerParagraph) - 1
    let end = try scenario.start(of: ReuseScenario.stickerParagraph + 1) - 1
    let (counters, violations) = try scenario.measure {
      try view.replaceCharacters(in: start..<end, with: "")
    }
    let cached = policy.contains(.onScrollingOutOfViewport)
    #expect(counters.providersDiscarded == 3)
    #expect(counters.viewsDiscarded == (cached ? 3 : 0))
    #expect(view.cachedViewCount == (cached ? 1 : 0))  // paragraph 11's sticker stays cached
    #expect(violations == [])
  }
}
