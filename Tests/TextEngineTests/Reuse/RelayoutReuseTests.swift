import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// Relayouts that are not edits, under all four policy combinations: the same result under every
/// policy set, by design.
///
/// Apple ties provider re-creation to editing the paragraph that holds an attachment, so resizing
/// the view or invalidating layout re-creates nothing whichever policies are registered. These
/// tests hold with the policies switched off too; they guard against a relayout being taken for
/// an edit. The edit specification that fails with the edit policy off is
/// `ReusePolicyEditingTests`.
@Suite struct RelayoutReuseTests {
  static let policies = TextAttachmentViewProviderReusePolicy.allCombinations

  /// A relayout is not an edit (Apple ties re-creation to "editing the paragraph containing an
  /// attachment"): resizing keeps every fragment, provider and view under all four policy sets.
  @Test(arguments: policies)
  func resizingTheWidthKeepsEveryProviderAndViewUnderEveryPolicy(policy: TextAttachmentViewProviderReusePolicy) {
    let scenario = ReuseScenario(policy: policy)
    let before = scenario.view.visibleAttachmentViewProviders.map { WeakBox($0) }
    let views = scenario.view.visibleAttachmentViewProviders.compactMap { $0.view.map { WeakBox($0 as AnyObject) } }
    let (counters, violations) = scenario.measure {
      scenario.view.setViewportSize(CGSize(width: 300, height: 800))
      scenario.view.setViewportSize(CGSize(width: 520, height: 640))
    }
    #expect(counters.reuseMismatches(expecting: [:]) == [])
    #expect(counters.providersCreated == 0 && counters.animationResets == 0 && counters.layoutFragmentsCreated == 0)
    #expect(violations == [])
    #expect(before.count == 4)
    #expect(before.holdExactly(scenario.view.visibleAttachmentViewProviders))
    #expect(views.holdExactly(scenario.view.visibleAttachmentViewProviders.compactMap { $0.view as AnyObject? }))
  }

  /// `invalidateLayout(for:)` lays the fragments out again in place: nothing is re-created.
  @Test(arguments: policies)
  func invalidatingLayoutKeepsEveryProviderAndViewUnderEveryPolicy(policy: TextAttachmentViewProviderReusePolicy)
    throws
  {
    let scenario = ReuseScenario(policy: policy)
    let paragraph = try #require(scenario.storage.paragraph(at: ReuseScenario.stickerParagraph))
    let range = try #require(paragraph.elementRange)
    let (counters, violations) = scenario.measure {
      scenario.view.textLayoutManager.invalidateLayout(for: range)
      scenario.view.layoutViewport()
    }
    #expect(counters.reuseMismatches(expecting: [:]) == [])
    #expect(counters.layoutFragmentsCreated == 0)
    #expect(violations == [])
  }
}
