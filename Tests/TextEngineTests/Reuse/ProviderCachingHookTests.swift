import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// TextKit 27's provider caching hooks on the layout manager's delegate
/// (`textLayoutManager(_:cacheTextAttachmentViewProvider:for:)` and
/// `textLayoutManager(_:retrieveCachedTextAttachmentViewProviderFor:)`), on which the registered
/// policies are built: a delegate that implements them replaces the policies.
@Suite struct ProviderCachingHookTests {
  /// A delegate with its own provider cache, keyed by attachment object, as TextKit's docs suggest.
  final class CachingDelegate: TextLayoutManagerDelegate {
    /// Whether retrieval answers from the cache (`false`: always `nil`).
    let answers: Bool
    private(set) var cached: [ObjectIdentifier: TextAttachmentViewProvider] = [:]
    private(set) var cacheCalls = 0
    private(set) var retrieveCalls = 0

    init(answers: Bool) { self.answers = answers }

    func textLayoutManager(
      _ textLayoutManager: TextLayoutManager, cacheTextAttachmentViewProvider viewProvider: TextAttachmentViewProvider,
      for textAttachment: TextAttachment
    ) {
      cacheCalls += 1
      cached[ObjectIdentifier(textAttachment)] = viewProvider
    }

    func textLayoutManager(
      _ textLayoutManager: TextLayoutManager, retrieveCachedTextAttachmentViewProviderFor attachment: TextAttachment
    ) -> TextAttachmentViewProvider? {
      retrieveCalls += 1
      let provider = cached.removeValue(forKey: ObjectIdentifier(attachment))
      return answers ? provider : nil
    }
  }

  /// Keystrokes around and between stickers, a split and a merge of the sticker paragraph, and an
  /// edit of the neighbour: the counter deltas, and the invariants after them.
  private func edits(_ scenario: ReuseScenario) throws -> (counters: Counters, violations: [String]) {
    try scenario.measure {
      let start = try scenario.start(of: ReuseScenario.stickerParagraph)
      try scenario.view.replaceCharacters(in: start..<start, with: "x")
      try scenario.view.replaceCharacters(in: (start + 3)..<(start + 3), with: "yy")
      try scenario.view.replaceCharacters(in: (start + 10)..<(start + 10), with: "\n")
      let merge = try scenario.start(of: ReuseScenario.stickerParagraph + 1) - 1
      try scenario.view.replaceCharacters(in: merge..<(merge + 1), with: "")
      let neighbour = try scenario.start(of: ReuseScenario.neighbourParagraph)
      try scenario.view.replaceCharacters(in: neighbour..<neighbour, with: "z")
    }
  }

  private func scenario(policy: TextAttachmentViewProviderReusePolicy, delegate: CachingDelegate?) -> ReuseScenario {
    let scenario = ReuseScenario(policy: policy)
    if let delegate {
      scenario.view.textLayoutManager.delegate = delegate
      scenario.view.layoutViewport()
    }
    return scenario
  }

  @Test func aDelegateThatCachesProvidersReproducesTheEditPolicysCounts() throws {
    let delegate = CachingDelegate(answers: true)
    let custom = try edits(scenario(policy: [], delegate: delegate))
    let policy = try edits(scenario(policy: .onEditingInlineParagraphs, delegate: nil))
    let none = try edits(scenario(policy: [], delegate: nil))
    #expect(custom.violations == [] && policy.violations == [])
    #expect(custom.counters == policy.counters)
    #expect(policy.counters.providersCreated == 0 && policy.counters.providersReusedOnEdit > 10)
    #expect(custom.counters != none.counters)  // the hooks, not the edits, made the difference
    #expect(delegate.cacheCalls == policy.counters.providersReusedOnEdit && delegate.cached.isEmpty)
  }

  @Test func aDelegateThatAnswersNilReproducesNoPolicysCounts() throws {
    let delegate = CachingDelegate(answers: false)
    let custom = try edits(scenario(policy: .onEditingInlineParagraphs, delegate: delegate))
    let none = try edits(scenario(policy: [], delegate: nil))
    #expect(custom.violations == [] && none.violations == [])
    #expect(custom.counters == none.counters)
    #expect(none.counters.providersCreated > 10 && none.counters.providerCacheHits == 0)
    // The registered edit policy played no part: the delegate replaced the text view's hooks.
    #expect(custom.counters.providersReusedOnEdit == 0)
  }

  /// A delegate that supplies only paragraph styles keeps the registered policies: the hooks'
  /// default implementations send them to the layout manager's standard delegate, the text view.
  @Test func aDelegateWithoutTheHooksKeepsTheRegisteredPolicies() throws {
    final class Styling: TextLayoutManagerDelegate {}
    let delegate = Styling()
    let styled = ReuseScenario(policy: .onEditingInlineParagraphs)
    styled.view.textLayoutManager.delegate = delegate
    styled.view.layoutViewport()
    #expect(styled.view.textLayoutManager.standardDelegate === styled.view)
    let custom = try edits(styled)
    let plain = try edits(scenario(policy: .onEditingInlineParagraphs, delegate: nil))
    #expect(custom.violations == [] && plain.violations == [])
    #expect(custom.counters == plain.counters)
    #expect(custom.counters.providersCreated == 0 && custom.counters.providersReusedOnEdit > 10)
  }

  @Test func everyProviderIsAskedForBeforeItIsCreated() throws {
    let delegate = CachingDelegate(answers: true)
    let scenario = ReuseScenario(policy: [], paragraphs: 400)
    let (counters, violations) = try scenario.measure {
      scenario.view.textLayoutManager.delegate = delegate
      scenario.view.scroll(toY: 3_000)
      let start = try scenario.start(of: ReuseScenario.stickerParagraph)
      try scenario.view.replaceCharacters(in: start..<start, with: "x")
      scenario.view.scroll(toY: 0)
    }
    #expect(violations == [])
    #expect(counters.providerCacheRequests == counters.providersCreated + counters.providerCacheHits)
    #expect(counters.providerCacheRequests == delegate.retrieveCalls && counters.providerCacheHits == 3)
  }

  /// A provider the hook returns that this view never held (made by the delegate) is used, counted
  /// as created for the view so that the counters still add up.
  @Test func aProviderTheDelegateMadeIsUsedAndCounted() throws {
    final class Making: TextLayoutManagerDelegate {
      var made: [TextAttachmentViewProvider] = []
      func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, retrieveCachedTextAttachmentViewProviderFor attachment: TextAttachment
      ) -> TextAttachmentViewProvider? {
        let provider = AnimatedTestProvider(
          textAttachment: attachment, parentView: nil, textLayoutManager: textLayoutManager,
          location: TextLocation(elementIdentifier: 0, offset: 0))
        made.append(provider)
        return provider
      }
    }
    let delegate = Making()
    let storage = Fixtures.chat(paragraphs: 20, stickerEvery: 4)
    let view = Fixtures.view(storage)
    view.textLayoutManager.delegate = delegate
    let start = try storage.startOffset(ofParagraphAt: 4)
    let counters = try view.instrumentation.measure {
      try view.replaceCharacters(in: start..<start, with: "x")
    }
    let made = try #require(delegate.made.first)
    #expect(delegate.made.count == 1)
    #expect(view.visibleAttachmentViewProviders.contains { $0 === made })
    #expect(counters.providerCacheHits == 1 && counters.providersCreated == 1 && counters.providersDiscarded == 1)
    #expect(view.reuseInvariantViolations() == [])
    #expect(view.reuseController.checkInvariants() == [])
  }
}
