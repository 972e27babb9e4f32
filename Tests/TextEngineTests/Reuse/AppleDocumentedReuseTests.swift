import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// One test per sentence Apple documents about attachment reuse (`UITextAttachmentViewProviderReusePolicy`,
/// its Overview; `register(_:forTextAttachmentViewProviderType:)`), checked on real objects: the
/// provider and view objects themselves, not only the counters. <doc:ReusePolicies> lists them.
@Suite struct AppleDocumentedReuseTests {
  static let policies = TextAttachmentViewProviderReusePolicy.allCombinations

  /// Far enough down that paragraph 10 (y 160) and 11 leave the viewport and its 200 pt margin,
  /// near enough that their fragments stay retained.
  private static let away = 1_600.0

  /// The last pass's providers, held weakly (so the test keeps none alive, and a freed provider's
  /// address reused by a new one cannot pass for it).
  private func providers(_ scenario: ReuseScenario) -> [WeakBox<TextAttachmentViewProvider>] {
    scenario.view.visibleAttachmentViewProviders.map { WeakBox($0) }
  }

  /// Their views, held weakly.
  private func views(_ scenario: ReuseScenario) -> [WeakBox<AnyObject>] {
    scenario.view.visibleAttachmentViewProviders.compactMap { $0.view.map { WeakBox($0 as AnyObject) } }
  }

  /// Whether `now` are the very objects of `then`, in order.
  private func same<T: AnyObject>(_ now: [WeakBox<T>], _ then: [WeakBox<T>]) -> Bool {
    now.count == then.count && zip(now, then).allSatisfy { $0.value != nil && $0.value === $1.value }
  }

  /// Whether none of `now` is one of `then`.
  private func disjoint<T: AnyObject>(_ now: [WeakBox<T>], _ then: [WeakBox<T>]) -> Bool {
    !now.contains { object in then.contains { $0.value != nil && $0.value === object.value } }
  }

  /// "By default, when content scrolls out of the visible area, UITextView removes the attachment
  /// view from the view hierarchy. NSTextAttachmentViewProvider itself persists, but the text view
  /// may recreate its view when the content returns."
  @Test func scrollOutWithoutThePolicyKeepsTheProviderAndRecreatesTheView() {
    let scenario = ReuseScenario(policy: [])
    let (providers, views) = (providers(scenario), views(scenario))
    let (counters, violations) = scenario.measure {
      scenario.view.scroll(toY: Self.away)
      #expect(scenario.view.visibleAttachmentViewProviders.isEmpty)
      scenario.view.scroll(toY: 0)
    }
    #expect(violations == [])
    #expect(same(self.providers(scenario), providers) && providers.count == 4)
    #expect(disjoint(self.views(scenario), views) && views.count == 4)
    #expect(counters.providersCreated == 0 && counters.viewsDiscarded == 4 && counters.viewsLoaded == 4)
    #expect(counters.animationResets == 4)
  }

  /// "Use onScrollingOutOfViewport to keep an attachment view … when it scrolls back into view, the
  /// text view reuses the existing view instead of recreating it, preserving states like … media
  /// playback position."
  @Test func scrollOutWithTheScrollPolicyReusesTheSameViewWithoutLoadView() {
    let scenario = ReuseScenario(policy: .onScrollingOutOfViewport)
    let (providers, views) = (providers(scenario), views(scenario))
    let loads = scenario.view.tally.viewsLoaded
    let (counters, violations) = scenario.measure {
      scenario.view.scroll(toY: Self.away)
      scenario.view.scroll(toY: 0)
    }
    #expect(violations == [])
    #expect(same(self.providers(scenario), providers) && same(self.views(scenario), views) && views.count == 4)
    #expect(scenario.view.tally.viewsLoaded == loads)
    #expect(counters.surfacesCachedOnScrollOut == 4 && counters.surfacesRestoredOnScrollIn == 4)
    #expect(counters.viewsLoaded == 0 && counters.animationResets == 0)
  }

  /// "Editing the paragraph containing an attachment … the text view replaces the existing fragment,
  /// discarding and recreating any NSTextAttachmentViewProvider instances it holds."
  @Test func anEditWithoutThePolicyRecreatesTheParagraphsProviders() throws {
    let scenario = ReuseScenario(policy: [])
    let fragment = scenario.view.textLayoutManager.ensureLayout(forParagraphAt: ReuseScenario.stickerParagraph)
    let before = providers(scenario)
    let start = try scenario.start(of: ReuseScenario.stickerParagraph)
    let (counters, violations) = try scenario.measure {
      try scenario.view.replaceCharacters(in: start..<start, with: "x")
    }
    #expect(violations == [])
    let after = providers(scenario)
    #expect(scenario.view.textLayoutManager.ensureLayout(forParagraphAt: ReuseScenario.stickerParagraph) !== fragment)
    #expect(disjoint(Array(after[0..<3]), Array(before[0..<3])) && same([after[3]], [before[3]]))
    #expect(counters.providersCreated == 3 && counters.providersDiscarded == 3 && counters.animationResets == 3)
  }

  /// "Use onEditingInlineParagraphs to keep a provider when someone edits the paragraph containing
  /// it; on the next layout pass, the text view reuses it instead of creating a new one."
  @Test func anEditWithTheEditPolicyKeepsTheProviderAndHandsItOverAtTheNextPass() throws {
    let scenario = ReuseScenario(policy: .onEditingInlineParagraphs)
    let (before, views) = (providers(scenario), views(scenario))
    let attachments = scenario.attachments(in: ReuseScenario.stickerParagraph)
    let start = try scenario.start(of: ReuseScenario.stickerParagraph)
    scenario.view.laysOutImmediately = false
    let (counters, violations) = try scenario.measure {
      try scenario.view.replaceCharacters(in: start..<start, with: "x")
      // Until the next pass, the text view's provider cache holds them.
      #expect(attachments.allSatisfy(scenario.view.reuseController.isAwaitingHandOver))
      scenario.view.layoutIfNeeded()
    }
    #expect(violations == [])
    #expect(same(providers(scenario), before) && same(self.views(scenario), views))
    #expect(!attachments.contains(where: scenario.view.reuseController.isAwaitingHandOver))
    #expect(counters.providersCreated == 0 && counters.providersReusedOnEdit == 3 && counters.animationResets == 0)
    // The hand-over went through the layout manager's caching hooks: asked once per provider, answered.
    #expect(counters.providerCacheRequests == 3 && counters.providerCacheHits == 3)
  }

  /// "You can use onScrollingOutOfViewport or onEditingInlineParagraphs on their own, or combine them
  /// to cover both scrolling and editing." An edit while scrolled out, then the way back.
  @Test(arguments: policies)
  func theTwoOptionsCombine(policy: TextAttachmentViewProviderReusePolicy) throws {
    let scenario = ReuseScenario(policy: policy)
    let before = providers(scenario)
    let start = try scenario.start(of: ReuseScenario.stickerParagraph)
    let (counters, violations) = try scenario.measure {
      scenario.view.scroll(toY: Self.away)
      try scenario.view.replaceCharacters(in: start..<start, with: "x")
      scenario.view.scroll(toY: 0)
    }
    #expect(violations == [])
    let keepsProviders = policy.contains(.onEditingInlineParagraphs)
    let keepsViews = policy.contains(.onScrollingOutOfViewport)
    #expect(counters.providersCreated == (keepsProviders ? 0 : 3))
    #expect(same(Array(providers(scenario)[0..<3]), Array(before[0..<3])) == keepsProviders)
    // Views survive only with both: the edit policy keeps the provider, the scroll policy its view.
    #expect(counters.animationResets == (keepsProviders && keepsViews ? 0 : keepsViews ? 3 : 4))
  }

  /// "Once registered, the reuse policy applies to every instance of that view provider subclass for
  /// as long as the text view exists": the scroll cache has no bound by default, so a registered
  /// view scrolled far away comes back as it was.
  @Test func theScrollCacheIsUnboundedByDefault() {
    let storage = Fixtures.chat(paragraphs: 3_000, stickerEvery: 1)
    let view = Fixtures.view(storage, policy: .onScrollingOutOfViewport)
    #expect(view.reuseCacheConfiguration == .unbounded)
    let first = view.visibleAttachmentViewProviders.compactMap { $0.view.map { WeakBox($0 as AnyObject) } }
    let counters = view.instrumentation.measure {
      var y = 0.0
      while y < view.textLayoutManager.documentHeight {
        y += 700
        view.scroll(toY: y)
      }
      view.scroll(toY: 0)
    }
    #expect(counters.surfacesEvicted == 0 && counters.viewsDiscarded == 0 && counters.viewsLoaded > 2_500)
    #expect(view.cachedViewCount > 2_500)
    #expect(first.holdExactly(view.visibleAttachmentViewProviders.compactMap { $0.view as AnyObject? }))
    #expect(view.reuseInvariantViolations() == [])
  }

  /// ReuseKit's own option: a configured bound evicts the least recently cached views, counted; their
  /// providers stay and load a new view on the way back.
  @Test func aConfiguredBoundEvictsAndCounts() {
    let storage = Fixtures.chat(paragraphs: 400, stickerEvery: 1)
    let view = Fixtures.view(storage, policy: .onScrollingOutOfViewport)
    view.reuseCacheConfiguration = ReuseCacheConfiguration(countLimit: 10)
    let providers = view.visibleAttachmentViewProviders.map { WeakBox($0) }
    let away = view.instrumentation.measure { view.scroll(toY: 4_000) }
    #expect(view.cachedViewCount <= 10)
    #expect(away.surfacesEvicted > 0 && away.surfacesEvicted == away.viewsDiscarded)
    // The first screen's views were cached first, so they went first: the same providers load anew.
    let back = view.instrumentation.measure { view.scroll(toY: 0) }
    #expect(back.providersCreated == 0 && back.viewsLoaded + back.surfacesRestoredOnScrollIn == providers.count)
    #expect(back.viewsLoaded >= providers.count - 10 && back.surfacesRestoredOnScrollIn <= 10)
    #expect(providers.holdExactly(view.visibleAttachmentViewProviders))
    #expect(view.reuseInvariantViolations() == [])
  }
}
