import Foundation
import SDLSupport
import TextEngine

/// One line number in a ``LineNumberTextView``'s gutter: a rendering surface of its own, kept per
/// layout fragment, that draws its number right-aligned beside the fragment's first line.
///
/// It is its own key in the viewport controller's surface map (the fragment's key holds the
/// fragment's text surface); the view caches it by fragment, as the seed session's `NSMapTable`.
public final class LineNumberSurface: SDLDrawableSurface, TextViewportRenderingSurfaceKey {
  /// The gutter rectangle beside the fragment's first line, in container coordinates.
  public var frame: CGRect
  /// The number drawn.
  public internal(set) var number: Int
  /// The first line's baseline, from the top of ``frame``.
  var baselineOffset: Double

  init(frame: CGRect, number: Int, baselineOffset: Double) {
    self.frame = frame
    self.number = number
    self.baselineOffset = baselineOffset
  }

  /// The number and its baseline: what the surface draws.
  public var drawingKey: Int {
    var hasher = Hasher()
    hasher.combine(number)
    hasher.combine(baselineOffset)
    return hasher.finalize()
  }

  @MainActor
  public func draw(_ layer: SDLSurfaceLayer, in view: SDLTextView) throws(SDLError) {
    guard layer == .gutter, let editor = view as? LineNumberTextView else { return }
    let rect = view.viewRect(fromContainer: frame)
    let text = String(number)
    let attributes = editor.gutterAttributes
    let width = view.glyphMeasurer.advances(of: text[...], attributes: attributes).reduce(0, +)
    try view.textRenderer.cache.draw(
      text, attributes: attributes, color: editor.gutterTextColor, penX: rect.maxX - editor.gutterPadding - width,
      baselineY: rect.minY + baselineOffset)
  }
}
