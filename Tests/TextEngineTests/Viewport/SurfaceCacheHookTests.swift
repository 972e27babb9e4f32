import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// The fragments' surface reuse is built on the two cache hooks: the text view's own implementation
/// keeps a fragment's surface while it stays in the viewport, and subclasses can replace it.
@Suite struct SurfaceCacheHookTests {
  private func fragmentIDs(_ view: TextView) -> Set<ObjectIdentifier> {
    Set(view.textViewportLayoutController.configuredFragments.map { ObjectIdentifier($0.fragment) })
  }

  @Test func aFragmentThatStaysIsAHitAndANewOneAMiss() throws {
    let view = Fixtures.view(Fixtures.chat(paragraphs: 1_000, stickerEvery: 3))
    let controller = view.textViewportLayoutController
    // Paragraph 45 (y 720) stays inside the viewport plus margin over six scrolls of 96 pt.
    let first = try #require(controller.configuredFragments.dropFirst(45).first?.fragment)
    let firstSurface = try #require(controller.renderingSurface(for: first))
    for _ in 0..<6 {
      let before = fragmentIDs(view)
      let delta = view.instrumentation.measure { view.scroll(by: 96) }
      let after = fragmentIDs(view)
      let stayed = before.intersection(after).count
      #expect(stayed > 0 && stayed < after.count)
      #expect(delta.surfaceCacheRequests == after.count)
      #expect(delta.surfaceCacheHits == stayed)
      #expect(delta.surfacesReused == stayed)
      #expect(delta.surfacesCreated == after.count - stayed)
      // The text view's cache holds this pass's fragment surfaces, not those of fragments that left
      // nor attachment views (the pass shows some).
      #expect(view.renderingSurfaceCache.count == after.count)
      #expect(controller.renderingSurfaceCount > after.count)
    }
    #expect(controller.renderingSurface(for: first) === firstSurface)
    // A jump far away: every fragment is new, every retrieval a miss.
    let jump = view.instrumentation.measure { view.scroll(toY: 12_000) }
    #expect(jump.surfaceCacheRequests == controller.configuredFragments.count)
    #expect(jump.surfaceCacheHits == 0 && jump.surfacesReused == 0)
    #expect(jump.surfacesCreated == controller.configuredFragments.count)
  }

  @Test func aSubclassThatNeverCachesMakesANewSurfaceEveryPass() throws {
    let view = ForgetfulView(
      storage: Fixtures.chat(paragraphs: 1_000), viewportSize: Fixtures.viewport,
      glyphMeasurer: FixedAdvanceGlyphMeasurer())
    view.layoutViewport()
    let controller = view.textViewportLayoutController
    for _ in 0..<3 {
      let fragment = try #require(controller.configuredFragments.dropFirst(10).first?.fragment)
      let old = try #require(controller.renderingSurface(for: fragment))
      let madeBefore = view.made
      let delta = view.instrumentation.measure { view.scroll(by: 16) }
      let count = controller.configuredFragments.count
      #expect(view.made - madeBefore == count)
      #expect(delta.surfacesCreated == count && delta.surfacesReused == 0)
      #expect(delta.surfaceCacheRequests == count && delta.surfaceCacheHits == 0)
      #expect(controller.renderingSurface(for: fragment) !== old)
      #expect(view.renderingSurfaceCache.count == 0)
    }
  }

  @Test func aSubclassThatCachesByNameKeepsSurfacesAcrossEdits() throws {
    let storage = Fixtures.chat(paragraphs: 400)
    let view = NameCachingView(
      storage: storage, viewportSize: Fixtures.viewport, glyphMeasurer: FixedAdvanceGlyphMeasurer())
    view.layoutViewport()
    let controller = view.textViewportLayoutController
    let (fragment, index) = controller.configuredFragments[5]
    let surface = try #require(controller.renderingSurface(for: fragment))
    #expect(view.names.keys.contains("¶\(index)"))
    // An edit replaces the paragraph's fragment; its name finds the old surface.
    let start = try storage.startOffset(ofParagraphAt: index)
    try view.setSelectedRange(start..<start)
    let edit = view.instrumentation.measure { view.insertText("x") }
    let replaced = try #require(controller.configuredFragments.first { $0.paragraphIndex == index }?.fragment)
    #expect(replaced !== fragment)
    #expect(controller.renderingSurface(for: replaced) === surface)
    #expect(edit.surfacesCreated == 0)
    #expect(edit.surfaceCacheHits == controller.configuredFragments.count)
    // The standard text view gives the replaced fragment a new surface (RenderingSurfaceTests).
  }
}

/// Never caches: its cache hook keeps nothing (and does not call `super`).
private final class ForgetfulView: TextView {
  var made = 0

  override func makeRenderingSurface(for fragment: TextLayoutFragment) -> any TextViewportRenderingSurface {
    made += 1
    return super.makeRenderingSurface(for: fragment)
  }

  override func textViewportLayoutController(
    _ controller: TextViewportLayoutController, cacheRenderingSurface surface: any TextViewportRenderingSurface,
    for key: any TextViewportRenderingSurfaceKey
  ) {}
}

/// Caches fragment surfaces by a name (the paragraph's "index" attribute), not by fragment, so a
/// fragment replaced by an edit finds its paragraph's surface.
private final class NameCachingView: TextView {
  var names: [String: any TextViewportRenderingSurface] = [:]

  private func name(of key: any TextViewportRenderingSurfaceKey) -> String? {
    (key as? TextLayoutFragment)?.textParagraph.paragraphAttributes["index"].map { "¶" + $0 }
  }

  override func textViewportLayoutController(
    _ controller: TextViewportLayoutController, cacheRenderingSurface surface: any TextViewportRenderingSurface,
    for key: any TextViewportRenderingSurfaceKey
  ) {
    guard let name = name(of: key) else {
      return super.textViewportLayoutController(controller, cacheRenderingSurface: surface, for: key)
    }
    names[name] = surface
  }

  override func textViewportLayoutController(
    _ controller: TextViewportLayoutController,
    retrieveCachedRenderingSurfaceFor key: any TextViewportRenderingSurfaceKey
  ) -> (any TextViewportRenderingSurface)? {
    guard let name = name(of: key) else {
      return super.textViewportLayoutController(controller, retrieveCachedRenderingSurfaceFor: key)
    }
    return names[name]
  }
}
