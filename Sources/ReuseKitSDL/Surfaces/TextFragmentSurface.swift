import Foundation
import SDLSupport
import TextEngine

/// The rendering surface of one layout fragment: its background (the chat's bubble), selection,
/// text and decorations (the chat's name and time), each drawn by the view's per-fragment hook.
///
/// ``SDLTextView/makeRenderingSurface(for:)`` makes one per fragment; the text view's surface cache
/// hooks keep it while the fragment stays in the viewport, so an unchanged fragment keeps its
/// surface across passes.
public final class TextFragmentSurface: SDLDrawableSurface {
  /// The fragment drawn.
  public let fragment: TextLayoutFragment
  /// The fragment's frame in container coordinates (set in every pass).
  public var frame: CGRect
  /// The fragment's paragraph index as of the last pass that configured it.
  public internal(set) var paragraphIndex = 0
  /// How many times the surface drew its text, for tests.
  private(set) var textDraws = 0

  /// Creates the surface of `fragment`.
  public init(fragment: TextLayoutFragment) {
    self.fragment = fragment
    self.frame = fragment.layoutFragmentFrame
  }

  /// The fragment as the view's hooks take it, with its origin in view pixels.
  @MainActor
  public func visibleFragment(in view: SDLTextView) -> SDLTextView.VisibleFragment {
    SDLTextView.VisibleFragment(
      fragment: fragment, paragraphIndex: paragraphIndex,
      origin: CGPoint(x: frame.minX, y: frame.minY + view.containerToViewY))
  }

  @MainActor
  public func draw(_ layer: SDLSurfaceLayer, in view: SDLTextView) throws(SDLError) {
    switch layer {
    case .background: try view.drawBackground(of: visibleFragment(in: view))
    case .selection:
      view.drawRenderingBackgrounds(of: visibleFragment(in: view))
      if !view.selectedRange.isEmpty { view.drawSelection(in: visibleFragment(in: view)) }
    case .text:
      textDraws += 1
      try view.drawText(of: visibleFragment(in: view))
      view.drawRenderingUnderlines(of: visibleFragment(in: view))
    case .decorations: try view.drawDecorations(of: visibleFragment(in: view))
    case .attachments, .gutter: break
    }
  }
}
