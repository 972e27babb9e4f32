import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// The delegate's shape: Apple's two required methods, everything else optional with defaults,
/// and the order of the hooks in a pass.
@Suite struct ViewportDelegateHookTests {
  @Test func aPassCallsEachFragmentsSurfaceHooksRightBeforeItsConfigureAndTheCacheHookAtTheEnd() throws {
    let storage = Fixtures.chat(paragraphs: 400, stickerEvery: 3)
    let view = HookLoggingView(
      storage: storage, viewportSize: Fixtures.viewport, glyphMeasurer: FixedAdvanceGlyphMeasurer())
    view.layoutViewport()
    view.log = []
    view.scroll(by: 100)
    let controller = view.textViewportLayoutController
    let fragments = controller.configuredFragments.map { HookLoggingView.name(of: $0.fragment) }
    #expect(fragments.count > 40)
    let expected =
      ["will"] + fragments.flatMap { ["retrieve:\($0)", "surfaceFor:\($0)", "configure:\($0)"] }
      + fragments.map { "cache:\($0)" } + ["did"]
    #expect(view.log == expected)
    // The pass showed attachment views (keyed by their providers), and none was offered to the cache.
    #expect(controller.renderingSurfaceCount > fragments.count)
    #expect(!view.log.contains("cache:provider"))
    // renderingSurfaceFor saw the surface the cache hook returned for a fragment that stayed.
    #expect(view.surfaceForSawRetrieved > 0)
  }

  @Test func aDelegateWithOnlyApplesRequiredMethodsRunsPasses() {
    let storage = Fixtures.chat(paragraphs: 1_000)
    let layoutManager = TextLayoutManager(
      textContentManager: storage, textContainer: TextContainer(size: CGSize(width: 480, height: 0)),
      glyphMeasurer: FixedAdvanceGlyphMeasurer())
    let controller = layoutManager.textViewportLayoutController
    let instrumentation = Instrumentation()
    controller.instrumentation = instrumentation
    let delegate = MinimalDelegate(bounds: CGRect(x: 0, y: 1_600, width: 480, height: 800))
    controller.delegate = delegate

    controller.layoutViewport()
    // [1600 − 200, 2400 + 200) covers paragraphs 87 ..< 163 (16 pt each).
    #expect(delegate.configured == Array(87..<163))
    #expect(controller.configuredFragments.map(\.paragraphIndex) == delegate.configured)
    // The default renderingSurfaceFor and retrieve hooks give no surface; the retrieve calls are counted.
    #expect(controller.renderingSurfaceCount == 0)
    #expect(instrumentation.totals.surfaceCacheRequests == 76)
    #expect(instrumentation.totals.surfaceCacheHits == 0)
    #expect(instrumentation.totals.surfacesCreated == 0 && instrumentation.totals.surfacesReused == 0)

    // The default receivedSetNeedsLayout runs a pass.
    delegate.textViewportLayoutControllerReceivedSetNeedsLayout(controller)
    #expect(instrumentation.totals.viewportLayoutPasses == 2)
    #expect(delegate.configured.count == 2 * 76)

    // The default adjust hook does nothing: the delegate's viewport stays, and so do the passes.
    controller.adjustViewport(byVerticalOffset: 500)
    let relocated = controller.relocateViewport(to: TextLocation(paragraph: storage.paragraph(at: 600)!, offset: 0))
    #expect(relocated == 1_600)
    delegate.configured = []
    controller.layoutViewport()
    #expect(delegate.configured == Array(87..<163))
  }

  @Test func aDelegateOfItsOwnKeepsSurfacesThroughTheHooks() throws {
    let storage = Fixtures.chat(paragraphs: 1_000)
    let layoutManager = TextLayoutManager(
      textContentManager: storage, textContainer: TextContainer(size: CGSize(width: 480, height: 0)),
      glyphMeasurer: FixedAdvanceGlyphMeasurer())
    let controller = layoutManager.textViewportLayoutController
    let instrumentation = Instrumentation()
    controller.instrumentation = instrumentation
    let delegate = CachingDelegate(bounds: CGRect(x: 0, y: 0, width: 480, height: 800))
    controller.delegate = delegate

    controller.layoutViewport()
    let first = try #require(controller.configuredFragments.first?.fragment)
    let surface = try #require(controller.renderingSurface(for: first))
    #expect(delegate.made == controller.configuredFragments.count)
    #expect(instrumentation.totals.surfacesCreated == delegate.made)

    let again = instrumentation.measure { controller.layoutViewport() }
    #expect(delegate.made == controller.configuredFragments.count)  // nothing new
    #expect(again.surfaceCacheHits == controller.configuredFragments.count)
    #expect(again.surfacesReused == controller.configuredFragments.count && again.surfacesCreated == 0)
    #expect(controller.renderingSurface(for: first) === surface)
  }
}

/// Logs the pass's hooks by name: "will", "retrieve:¶N", "surfaceFor:¶N", "configure:¶N",
/// "cache:¶N" (or "cache:provider" for an attachment view's key), "did".
private final class HookLoggingView: TextView {
  var log: [String] = []
  /// How many times renderingSurfaceFor found the surface the cache hook had just returned.
  var surfaceForSawRetrieved = 0
  private var retrieved: (any TextViewportRenderingSurface)?

  static func name(of fragment: TextLayoutFragment) -> String {
    "¶" + (fragment.textParagraph.paragraphAttributes["index"] ?? "?")
  }

  static func name(of key: any TextViewportRenderingSurfaceKey) -> String {
    if let fragment = key as? TextLayoutFragment { return name(of: fragment) }
    if key is TextAttachmentViewProvider { return "provider" }
    return "other"
  }

  override func textViewportLayoutControllerWillLayout(_ controller: TextViewportLayoutController) {
    super.textViewportLayoutControllerWillLayout(controller)
    log.append("will")
  }

  override func textViewportLayoutController(
    _ controller: TextViewportLayoutController,
    retrieveCachedRenderingSurfaceFor key: any TextViewportRenderingSurfaceKey
  ) -> (any TextViewportRenderingSurface)? {
    log.append("retrieve:\(Self.name(of: key))")
    retrieved = super.textViewportLayoutController(controller, retrieveCachedRenderingSurfaceFor: key)
    return retrieved
  }

  override func textViewportLayoutController(
    _ controller: TextViewportLayoutController, renderingSurfaceFor fragment: TextLayoutFragment
  ) -> (any TextViewportRenderingSurface)? {
    log.append("surfaceFor:\(Self.name(of: fragment))")
    if let retrieved, controller.renderingSurface(for: fragment) === retrieved { surfaceForSawRetrieved += 1 }
    return super.textViewportLayoutController(controller, renderingSurfaceFor: fragment)
  }

  override func textViewportLayoutController(
    _ controller: TextViewportLayoutController, configureRenderingSurfaceFor fragment: TextLayoutFragment
  ) {
    log.append("configure:\(Self.name(of: fragment))")
    super.textViewportLayoutController(controller, configureRenderingSurfaceFor: fragment)
  }

  override func textViewportLayoutController(
    _ controller: TextViewportLayoutController, cacheRenderingSurface surface: any TextViewportRenderingSurface,
    for key: any TextViewportRenderingSurfaceKey
  ) {
    log.append("cache:\(Self.name(of: key))")
    super.textViewportLayoutController(controller, cacheRenderingSurface: surface, for: key)
  }

  override func textViewportLayoutControllerDidLayout(_ controller: TextViewportLayoutController) {
    log.append("did")
    super.textViewportLayoutControllerDidLayout(controller)
  }
}

/// Implements only what Apple's protocol requires; records the configured paragraphs' indices.
private final class MinimalDelegate: TextViewportLayoutControllerDelegate {
  let bounds: CGRect
  var configured: [Int] = []
  init(bounds: CGRect) { self.bounds = bounds }

  func viewportBounds(for textViewportLayoutController: TextViewportLayoutController) -> CGRect { bounds }

  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
  ) {
    configured.append(Int(textLayoutFragment.textParagraph.paragraphAttributes["index"] ?? "") ?? -1)
  }
}

/// A delegate (not a text view) that makes surfaces in renderingSurfaceFor and keeps them in its
/// own cache hooks, by fragment.
private final class CachingDelegate: TextViewportLayoutControllerDelegate {
  let bounds: CGRect
  var made = 0
  private var cache: [TextViewportRenderingSurfaceKeyIdentity: any TextViewportRenderingSurface] = [:]
  init(bounds: CGRect) { self.bounds = bounds }

  func viewportBounds(for textViewportLayoutController: TextViewportLayoutController) -> CGRect { bounds }

  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
  ) {}

  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    renderingSurfaceFor textLayoutFragment: TextLayoutFragment
  ) -> (any TextViewportRenderingSurface)? {
    if textViewportLayoutController.renderingSurface(for: textLayoutFragment) != nil { return nil }
    made += 1
    return PlaceholderRenderingSurface()
  }

  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    cacheRenderingSurface renderingSurface: any TextViewportRenderingSurface,
    for renderingSurfaceKey: any TextViewportRenderingSurfaceKey
  ) {
    cache[renderingSurfaceKey.renderingSurfaceKeyIdentity] = renderingSurface
  }

  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    retrieveCachedRenderingSurfaceFor renderingSurfaceKey: any TextViewportRenderingSurfaceKey
  ) -> (any TextViewportRenderingSurface)? {
    cache[renderingSurfaceKey.renderingSurfaceKeyIdentity]
  }
}
