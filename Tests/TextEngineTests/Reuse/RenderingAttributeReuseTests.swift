import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// A rendering-attribute change only redraws: under every reuse policy it makes no fragment, lays
/// nothing out again (not even in place), makes no provider, surface, view or animation state and
/// resets none. See <doc:ReusePolicies#Rendering-attributes>.
@Suite struct RenderingAttributeReuseTests {
  private static let yellow = RenderingAttributeValue.color(TextColor(red: 255, green: 230, blue: 0))

  /// What a change could disturb, taken before and after it.
  private struct Snapshot {
    var fragments: [ObjectIdentifier]
    var relayouts: [Int]
    var providers: [ObjectIdentifier]
    var views: [ObjectIdentifier]
    var animationStates: [ObjectIdentifier]
    var paragraphs: [Int64]
    var paragraphsLaidOut: Int
    var realObjects: [Int]

    init(_ view: CountingTextView) {
      let configured = view.textViewportLayoutController.configuredFragments.map(\.fragment)
      fragments = configured.map(ObjectIdentifier.init)
      relayouts = configured.map(\.relayoutCount)
      let providers = configured.flatMap(\.textAttachmentViewProviders)
      self.providers = providers.map(ObjectIdentifier.init)
      views = providers.compactMap { $0.view.map { ObjectIdentifier($0 as AnyObject) } }
      animationStates = providers.compactMap {
        ($0.view as? TestAnimatedSurface).map { ObjectIdentifier($0.animationState) }
      }
      paragraphs = configured.map(\.textParagraph.identifier)
      paragraphsLaidOut = view.textLayoutManager.paragraphsLaidOut
      let tally = view.tally
      realObjects = [tally.providersInitialized, tally.viewsLoaded, tally.animationStatesCreated, tally.viewsDiscarded]
    }

    /// The names of the fields that differ from `other`'s: a short failure message.
    func differences(from other: Snapshot) -> [String] {
      var names: [String] = []
      if fragments != other.fragments { names.append("fragments") }
      if relayouts != other.relayouts {
        names.append("relayouts \(other.relayouts.reduce(0, +)) → \(relayouts.reduce(0, +))")
      }
      if providers != other.providers { names.append("providers") }
      if views != other.views { names.append("views") }
      if animationStates != other.animationStates { names.append("animationStates") }
      if paragraphs != other.paragraphs { names.append("paragraphs") }
      if paragraphsLaidOut != other.paragraphsLaidOut {
        names.append("paragraphsLaidOut \(other.paragraphsLaidOut) → \(paragraphsLaidOut)")
      }
      if realObjects != other.realObjects { names.append("realObjects \(other.realObjects) → \(realObjects)") }
      return names
    }
  }

  @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations, Backend.allCases)
  func highlightingChangesNothingButDrawing(policy: TextAttachmentViewProviderReusePolicy, backend: Backend) throws {
    let storage = Fixtures.chat(paragraphs: 1_000, stickerEvery: 3, backend: backend)
    let view = Fixtures.view(storage, policy: policy)
    view.scroll(toY: 6_000)
    let before = Snapshot(view)
    #expect(!before.views.isEmpty, "stickers on screen")
    let layout = view.textLayoutManager
    let visible = view.textViewportLayoutController.configuredFragments.filter {
      $0.fragment.layoutFragmentFrame.intersects(view.viewportBounds)
    }
    // The lines on screen: those whose rectangle meets the viewport.
    let onScreenLines = visible.reduce(0) { total, item in
      let frame = item.fragment.layoutFragmentFrame
      return total
        + item.fragment.textLineFragments.filter {
          let top = frame.minY + $0.typographicBounds.minY
          return top < view.viewportBounds.maxY && top + $0.typographicBounds.height > view.viewportBounds.minY
        }.count
    }
    let first = try #require(visible.first?.fragment.textParagraph)
    let third = try #require(visible.dropFirst(2).first?.fragment.textParagraph)
    let few = TextRange(
      location: TextLocation(paragraph: first, offset: 2), end: TextLocation(paragraph: third, offset: 3))
    let changes: [(String, () throws -> Void)] = [
      ("set all", { try layout.setRenderingAttributes([.backgroundColor: Self.yellow], for: storage.documentRange) }),
      (
        "change all",
        {
          try layout.addRenderingAttribute(.underlineStyle, value: .underlineStyle(.single), for: storage.documentRange)
        }
      ),
      ("remove all", { try layout.removeRenderingAttribute(.backgroundColor, for: storage.documentRange) }),
      ("set few", { try layout.setRenderingAttributes([.foregroundColor: Self.yellow], for: few) }),
      ("change few", { try layout.addRenderingAttribute(.foregroundColor, value: nil, for: few) }),
      ("invalidate few", { try layout.invalidateRenderingAttributes(for: few) }),
      ("remove rest", { try layout.setRenderingAttributes([:], for: storage.documentRange) }),
      ("invalidate all", { try layout.invalidateRenderingAttributes(for: storage.documentRange) }),
    ]
    for (name, change) in changes {
      let marked = view.lineFragmentsMarkedForRenderingAttributes
      let counters = try view.instrumentation.measure {
        try change()
        view.layoutViewport()
      }
      #expect(counters.reuseMismatches(expecting: [:]) == [], "\(name)")
      #expect(counters[.layoutFragmentsCreated] == 0, "\(name)")
      #expect(counters[.surfacesCreated] == 0, "\(name)")
      #expect(Snapshot(view).differences(from: before) == [], "\(name)")
      // The view hears of it and marks only lines on screen, never more than there are.
      let lines = view.lineFragmentsMarkedForRenderingAttributes - marked
      #expect(lines > 0 && lines <= onScreenLines, "\(name): \(lines) lines of \(onScreenLines)")
      #expect(view.lastRenderingAttributeLineRects.allSatisfy { $0.intersects(view.viewportBounds) }, "\(name)")
    }
    // Invalidating the whole document marks every line on screen, whatever its attributes.
    #expect(view.lastRenderingAttributeLineRects.count == onScreenLines)
    #expect(layout.renderingAttributeStore.paragraphs.isEmpty)
    #expect(view.reuseController.checkInvariants() == [])
  }
}
