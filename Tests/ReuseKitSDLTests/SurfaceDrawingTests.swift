import AnimationRuntime
import Foundation
import ReuseKitSupport
import SDLSupport
import SDLTestSupport
import Testing
import TextEngine

@testable import ReuseKitSDL

/// The frame is drawn only through the rendering surfaces the pass assigned.
@Suite @MainActor struct SurfaceDrawingTests {
  /// Drops the surface of one paragraph's fragment in `configureRenderingSurfaceFor`.
  private final class DroppingView: SDLTextView {
    var droppedParagraph: Int?
    var extraSurface: MarkerSurface?

    override func textViewportLayoutControllerDidLayout(_ textViewportLayoutController: TextViewportLayoutController) {
      if let extraSurface { textViewportLayoutController.setRenderingSurface(extraSurface, for: extraSurface) }
      super.textViewportLayoutControllerDidLayout(textViewportLayoutController)
    }

    override func textViewportLayoutController(
      _ textViewportLayoutController: TextViewportLayoutController,
      configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
    ) {
      super.textViewportLayoutController(textViewportLayoutController, configureRenderingSurfaceFor: textLayoutFragment)
      if let droppedParagraph, textContentManager.index(of: textLayoutFragment.textParagraph) == droppedParagraph {
        textViewportLayoutController.setRenderingSurface(nil, for: textLayoutFragment)
      }
    }
  }

  private func makeView(_ environment: SDLTestEnvironment) throws -> DroppingView {
    let storage = TextContentStorage(
      paragraphs: (0..<12).map { (AttributedText("Paragraph number \($0) with some words"), [:]) })
    let view = DroppingView(
      storage: storage, renderer: try SDLRenderer.offscreen(width: 320, height: 200), fonts: environment.fonts,
      clock: ManualClock())
    view.showsCaret = false
    view.showsScrollBar = false
    return view
  }

  @Test func aFragmentWhoseSurfaceIsRemovedIsNotDrawn() throws {
    let environment = try SDLTestEnvironment()
    let view = try makeView(environment)
    try view.renderFrame()
    let surfaces = view.textViewportLayoutController.configuredFragments.compactMap {
      view.textViewportLayoutController.renderingSurface(for: $0.fragment) as? TextFragmentSurface
    }
    let target = try #require(surfaces.first { $0.paragraphIndex == 2 })
    let rect = view.viewRect(fromContainer: target.fragment.layoutFragmentFrame)
    let inked = try Self.inkedPixels(view.screenshot(), in: rect, background: view.colors.background)
    #expect(inked > 20)
    #expect(target.textDraws == 1)

    view.droppedParagraph = 2
    view.setNeedsLayout()
    try view.renderFrame()
    #expect(view.textViewportLayoutController.renderingSurface(for: target.fragment) == nil)
    #expect(target.textDraws == 1)  // not drawn again
    #expect(!view.visibleFragments().contains { $0.paragraphIndex == 2 })
    #expect(try Self.inkedPixels(view.screenshot(), in: rect, background: view.colors.background) == 0)
    // Only the damage was drawn again: the other fragments there by their own surfaces, the rest not at all.
    #expect(!view.lastFrameDamage.isEmpty)
    for surface in surfaces where surface !== target && view.isVisible(surface.frame) {
      let paint = view.viewRect(fromContainer: surface.frame).insetBy(dx: 0, dy: -4)
      let damaged = view.lastFrameDamage.contains {
        $0.intersects(CGRect(x: 0, y: paint.minY, width: 320, height: paint.height))
      }
      #expect(surface.textDraws == (damaged ? 2 : 1))
    }
  }

  @Test func aSurfaceADelegateAddsIsDrawnInItsLayer() throws {
    let environment = try SDLTestEnvironment()
    let view = try makeView(environment)
    let marker = MarkerSurface(frame: CGRect(x: 300, y: 10, width: 10, height: 10))
    view.extraSurface = marker
    try view.renderFrame()
    #expect(marker.layers == SDLSurfaceLayer.allCases)
    let pixel = try view.screenshot()[305, 15]
    #expect(pixel & 0x00FF_FFFF == 0x00FF_0000)
  }

  /// Pixels in `rect` that differ from `background`.
  private static func inkedPixels(_ image: RGBAImage, in rect: CGRect, background: TextColor) -> Int {
    let back = UInt32(background.red) << 16 | UInt32(background.green) << 8 | UInt32(background.blue)
    var count = 0
    for y in max(0, Int(rect.minY))..<min(image.height, Int(rect.maxY)) {
      for x in max(0, Int(rect.minX))..<min(image.width, Int(rect.maxX)) where image[x, y] & 0x00FF_FFFF != back {
        count += 1
      }
    }
    return count
  }
}

/// A red square drawn in the gutter layer, recording the layers it was asked for.
private final class MarkerSurface: SDLDrawableSurface, TextViewportRenderingSurfaceKey {
  var frame: CGRect
  var layers: [SDLSurfaceLayer] = []
  init(frame: CGRect) { self.frame = frame }

  @MainActor func draw(_ layer: SDLSurfaceLayer, in view: SDLTextView) throws(SDLError) {
    layers.append(layer)
    guard layer == .gutter else { return }
    view.renderer.fill(view.viewRect(fromContainer: frame), color: TextColor(red: 255, green: 0, blue: 0))
  }
}
