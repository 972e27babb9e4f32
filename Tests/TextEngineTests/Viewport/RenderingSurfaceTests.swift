import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// The surfaces a pass assigns: one per fragment, one per attachment view keyed by its provider,
/// walked in order; unchanged fragments keep theirs across passes.
@Suite struct RenderingSurfaceTests {
  @Test func eachFragmentThenItsAttachmentViewsGetASurfaceInOrder() throws {
    let view = Fixtures.view(Fixtures.chat(paragraphs: 200, stickerEvery: 3))
    let controller = view.textViewportLayoutController
    var walked: [TextViewportRenderingSurfaceKeyIdentity] = []
    controller.enumerateRenderingSurfaces { key, surface in
      walked.append(key.renderingSurfaceKeyIdentity)
      #expect(controller.renderingSurface(for: key) === surface)
      return true
    }
    var expected: [TextViewportRenderingSurfaceKeyIdentity] = []
    for (fragment, _) in controller.configuredFragments {
      expected.append(fragment.renderingSurfaceKeyIdentity)
      for provider in fragment.textAttachmentViewProviders {
        let view = try #require(provider.view)
        #expect(controller.renderingSurface(for: provider) === view)
        expected.append(provider.renderingSurfaceKeyIdentity)
      }
    }
    #expect(walked == expected)
    #expect(controller.renderingSurfaceCount == expected.count)
    #expect(expected.count > controller.configuredFragments.count)
  }

  @Test func aRemovedSurfaceLeavesTheWalkAndAnAddedOneJoinsIt() {
    let view = Fixtures.view(Fixtures.chat(paragraphs: 50))
    let controller = view.textViewportLayoutController
    let first = controller.configuredFragments[0].fragment
    let extraKey = ExtraKey()
    controller.setRenderingSurface(nil, for: first)
    controller.setRenderingSurface(PlaceholderRenderingSurface(), for: extraKey)
    var keys: [TextViewportRenderingSurfaceKeyIdentity] = []
    controller.enumerateRenderingSurfaces { key, _ in
      keys.append(key.renderingSurfaceKeyIdentity)
      return true
    }
    #expect(!keys.contains(first.renderingSurfaceKeyIdentity))
    #expect(keys.last == extraKey.renderingSurfaceKeyIdentity)
    #expect(controller.renderingSurface(for: first) == nil)
    #expect(keys.count == controller.configuredFragments.count)
  }

  @Test func unchangedFragmentsKeepTheirSurfacesAcrossPasses() throws {
    let view = Fixtures.view(Fixtures.chat(paragraphs: 400))
    let controller = view.textViewportLayoutController
    let initial = view.instrumentation.totals
    #expect(initial.surfacesCreated == controller.configuredFragments.count)
    #expect(initial.surfacesReused == 0)
    let before = Dictionary(
      uniqueKeysWithValues: controller.configuredFragments.map {
        (ObjectIdentifier($0.fragment), ObjectIdentifier(controller.renderingSurface(for: $0.fragment)!))
      })
    let delta = view.instrumentation.measure { view.scroll(by: 100) }
    var kept = 0
    for (fragment, _) in controller.configuredFragments {
      guard let old = before[ObjectIdentifier(fragment)] else { continue }
      #expect(ObjectIdentifier(try #require(controller.renderingSurface(for: fragment))) == old)
      kept += 1
    }
    #expect(kept > 0 && delta.surfacesReused == kept)
    #expect(delta.surfacesCreated == controller.configuredFragments.count - kept)
    // An edit replaces one fragment: one new surface, the rest kept.
    let start = try view.textContentManager.startOffset(ofParagraphAt: controller.configuredFragments[3].paragraphIndex)
    try view.setSelectedRange(start..<start)
    let edit = view.instrumentation.measure { view.insertText("x") }
    #expect(edit.surfacesCreated == 1)
    #expect(edit.surfacesReused == controller.configuredFragments.count - 1)
  }
}

private final class ExtraKey: TextViewportRenderingSurfaceKey {}
