import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// Rendering-surface keys: strings name a surface (equal strings are one key), objects are keys by
/// identity.
@Suite struct RenderingSurfaceKeyTests {
  @Test func equalStringsAreOneKey() throws {
    let view = Fixtures.view(Fixtures.chat(paragraphs: 50))
    let controller = view.textViewportLayoutController
    let count = controller.renderingSurfaceCount
    let gutter = PlaceholderRenderingSurface()
    let accent = PlaceholderRenderingSurface()
    controller.setRenderingSurface(gutter, for: "gutter")
    controller.setRenderingSurface(accent, for: "caf\u{E9}")
    let built = String(["g", "u", "t", "t", "e", "r"])
    #expect(controller.renderingSurface(for: built) === gutter)
    #expect(controller.renderingSurface(for: "Gutter") == nil)
    // Equal as Swift strings: canonically equivalent spellings are one key.
    #expect(controller.renderingSurface(for: "cafe\u{301}") === accent)
    #expect(controller.renderingSurfaceCount == count + 2)
    var names: [String] = []
    controller.enumerateRenderingSurfaces { key, _ in
      if let name = key as? String { names.append(name) }
      return true
    }
    #expect(names == ["gutter", "caf\u{E9}"])

    // Assigning again replaces the surface in place; nil removes the key.
    let other = PlaceholderRenderingSurface()
    controller.setRenderingSurface(other, for: built)
    #expect(controller.renderingSurface(for: "gutter") === other)
    #expect(controller.renderingSurfaceCount == count + 2)
    controller.setRenderingSurface(nil, for: "gutter")
    #expect(controller.renderingSurface(for: "gutter") == nil)
    #expect(controller.renderingSurface(for: "cafe\u{301}") === accent)
    #expect(controller.renderingSurfaceCount == count + 1)

    // The map is cleared when the next pass starts.
    view.setNeedsLayout()
    #expect(controller.renderingSurface(for: "cafe\u{301}") == nil)
    #expect(controller.renderingSurfaceCount == count)
  }

  @Test func objectsAreKeysByIdentityAndNeverMeetAName() throws {
    let view = Fixtures.view(Fixtures.chat(paragraphs: 50))
    let controller = view.textViewportLayoutController
    let one = NamedKey(name: "gutter")
    let two = NamedKey(name: "gutter")
    let first = PlaceholderRenderingSurface()
    let second = PlaceholderRenderingSurface()
    controller.setRenderingSurface(first, for: one)
    controller.setRenderingSurface(second, for: two)
    #expect(controller.renderingSurface(for: one) === first)
    #expect(controller.renderingSurface(for: two) === second)
    #expect(controller.renderingSurface(for: "gutter") == nil)
    // A fragment is still its own key.
    let fragment = try #require(controller.configuredFragments.first?.fragment)
    #expect(controller.renderingSurface(for: fragment) != nil)
    #expect(fragment.renderingSurfaceKeyIdentity != one.renderingSurfaceKeyIdentity)
    #expect(
      TextViewportRenderingSurfaceKeyIdentity(object: one) == one.renderingSurfaceKeyIdentity
        && TextViewportRenderingSurfaceKeyIdentity(name: "gutter") == "gutter".renderingSurfaceKeyIdentity)
  }

  @Test func aNamedSurfaceComesBackThroughTheCacheHooks() throws {
    let view = BannerView(
      storage: Fixtures.chat(paragraphs: 1_000), viewportSize: Fixtures.viewport,
      glyphMeasurer: FixedAdvanceGlyphMeasurer())
    view.layoutViewport()
    let controller = view.textViewportLayoutController
    let banner = try #require(controller.renderingSurface(for: "banner"))
    for _ in 0..<3 {
      let before = Set(controller.configuredFragments.map { ObjectIdentifier($0.fragment) })
      let delta = view.instrumentation.measure { view.scroll(by: 64) }
      let stayed = controller.configuredFragments.filter { before.contains(ObjectIdentifier($0.fragment)) }.count
      #expect(controller.renderingSurface(for: "banner") === banner)
      #expect(delta.surfaceCacheRequests == controller.configuredFragments.count + 1)
      #expect(delta.surfaceCacheHits == stayed + 1)
    }
    #expect(view.bannersMade == 1)
    #expect(view.namesCached == ["banner", "banner", "banner", "banner"])
  }
}

/// A class key whose instances have equal contents: still two keys.
private final class NamedKey: TextViewportRenderingSurfaceKey {
  let name: String
  init(name: String) { self.name = name }
}

/// Shows a surface named "banner" in every pass, asking the cache hooks for last pass's first.
private final class BannerView: TextView {
  var bannersMade = 0
  /// The string keys the cache hook was offered, one per pass.
  var namesCached: [String] = []

  override func textViewportLayoutControllerWillLayout(_ controller: TextViewportLayoutController) {
    super.textViewportLayoutControllerWillLayout(controller)
    let banner =
      controller.retrieveCachedRenderingSurface(for: "banner")
      ?? {
        bannersMade += 1
        return PlaceholderRenderingSurface(frame: CGRect(x: 0, y: 0, width: 480, height: 20))
      }()
    controller.setRenderingSurface(banner, for: "banner")
  }

  override func textViewportLayoutController(
    _ controller: TextViewportLayoutController, cacheRenderingSurface surface: any TextViewportRenderingSurface,
    for key: any TextViewportRenderingSurfaceKey
  ) {
    if let name = key as? String { namesCached.append(name) }
    super.textViewportLayoutController(controller, cacheRenderingSurface: surface, for: key)
  }
}
