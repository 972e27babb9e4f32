import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// Collapsing a section (hiding paragraphs through `shouldEnumerate`) counts as scrolling them out;
/// expanding counts as scrolling back: same providers, views restored or reloaded.
@Suite struct CollapseReuseTests {
  static let policies = TextAttachmentViewProviderReusePolicy.allCombinations

  /// Hides the paragraphs whose `"index"` attribute is in ``hidden``.
  private final class IndexHider: TextContentManagerDelegate {
    var hidden: Set<Int> = []
    func textContentManager(
      _ textContentManager: TextContentManager, shouldEnumerate textElement: TextElement,
      options: TextContentManagerEnumerationOptions
    ) -> Bool {
      guard let index = (textElement as? TextParagraph)?.paragraphAttributes["index"].flatMap({ Int($0) }) else {
        return true
      }
      return !hidden.contains(index)
    }
  }

  /// 20 paragraphs, all inside the viewport; paragraphs 4, 6 and 8 hold one sticker each.
  private func setUp(_ policy: TextAttachmentViewProviderReusePolicy, _ backend: Backend) -> (
    CountingTextView, IndexHider
  ) {
    let storage = Fixtures.chat(paragraphs: 20, stickerEvery: 2, backend: backend)
    let hider = IndexHider()
    storage.delegate = hider
    let view = Fixtures.view(storage, policy: policy)
    return (view, hider)
  }

  private func toggle(_ view: TextView, _ hider: IndexHider, hidden: Set<Int>) -> Counters {
    view.instrumentation.measure {
      hider.hidden = hidden
      view.textViewportLayoutControllerReceivedSetNeedsLayout(view.textViewportLayoutController)
    }
  }

  @Test(arguments: policies, Backend.allCases)
  func collapsingAndExpandingIsScrollingOutAndBack(policy: TextAttachmentViewProviderReusePolicy, backend: Backend)
    throws
  {
    let (view, hider) = setUp(policy, backend)
    let caches = policy.contains(.onScrollingOutOfViewport)
    let stickers = (4..<10).flatMap { view.textContentManager.paragraph(at: $0)!.attributedString.attachments }
    #expect(stickers.count == 3)
    let providers = stickers.map { view.viewProvider(for: $0) }
    let views = providers.map { $0?.view }
    #expect(providers.allSatisfy { $0 != nil } && views.allSatisfy { $0 != nil })

    let collapse = toggle(view, hider, hidden: Set(4..<10))
    let hiding: [Counter: Int] = caches ? [.surfacesCachedOnScrollOut: 3] : [.viewsDiscarded: 3]
    #expect(collapse.reuseMismatches(expecting: hiding) == [])
    #expect(collapse.viewportLayoutPasses == 1)
    #expect(view.reuseInvariantViolations() == [])
    #expect(!view.textViewportLayoutController.configuredFragments.contains { (4..<10).contains($0.paragraphIndex) })
    for (sticker, provider) in zip(stickers, providers) {
      #expect(view.viewProvider(for: sticker) === provider)  // kept while hidden
      #expect(view.reuseController.isHidden(sticker))
      #expect(view.reuseController.viewState(for: sticker) == (caches ? .cached : .unloaded))
    }

    let expand = toggle(view, hider, hidden: [])
    let showing: [Counter: Int] =
      caches ? [.surfacesRestoredOnScrollIn: 3] : [.viewsLoaded: 3, .animationStatesCreated: 3, .animationResets: 3]
    #expect(expand.reuseMismatches(expecting: showing) == [])
    #expect(expand.layoutFragmentsCreated == 6)
    #expect(view.reuseInvariantViolations() == [] && view.stateViolations == [])
    for (index, sticker) in stickers.enumerated() {
      #expect(view.viewProvider(for: sticker) === providers[index])  // the same provider
      #expect(!view.reuseController.isHidden(sticker))
      if caches { #expect(view.viewProvider(for: sticker)?.view === views[index]) }  // the same view
    }
  }

  @Test(arguments: policies, Backend.allCases)
  func deletingHiddenParagraphsDiscardsTheirProviders(policy: TextAttachmentViewProviderReusePolicy, backend: Backend)
    throws
  {
    let (view, hider) = setUp(policy, backend)
    _ = toggle(view, hider, hidden: Set(4..<10))
    let counters = view.instrumentation.measure {
      view.selectAll()
      view.deleteBackward()
    }
    #expect(counters.providersDiscarded == 10)  // every sticker, hidden ones included
    #expect(view.liveObjects.providers == 0)
    #expect(view.reuseInvariantViolations() == [] && view.stateViolations == [])
  }
}
