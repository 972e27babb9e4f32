import CSDL2
import Foundation
import ReuseKitSupport
import SDLSupport

extension SDLCanvas {
  /// Fills a rounded rectangle that an opaque rounded rectangle (`cover`) is drawn over next, such
  /// as a bubble's shadow under the bubble: only where the cover will not paint every pixel.
  ///
  /// The cover's opaque fill (every pixel but its corners', ``coveredRects(ofRoundedRect:radius:scale:)``)
  /// replaces whatever is under it, so the pixels come out as a whole ``fillRoundedRect(_:radius:color:)``
  /// followed by the cover's; the blended fill and the corner copies just skip the part that
  /// would be painted over (most of a bubble's shadow).
  /// - Parameters:
  ///   - rect: The rectangle under the cover, in points.
  ///   - radius: Its corner radius, in points.
  ///   - color: Its fill colour.
  ///   - cover: The opaque rounded rectangle drawn next, in points.
  ///   - coverRadius: The cover's corner radius, in points.
  /// - Throws: `SDLError` when the corner mask cannot be created.
  /// - Complexity: At most eight clipped ``fillRoundedRect(_:radius:color:)`` calls.
  public func fillRoundedRect(
    _ rect: CGRect, radius: Double, color: TextColor, under cover: CGRect, coverRadius: Double
  ) throws(SDLError) {
    let box = renderer.pixels(rect)
    let saved = renderer.clipPixels
    let bounds = saved.map(box.intersection) ?? box
    guard bounds.w > 0, bounds.h > 0 else { return }
    defer { renderer.setClip(pixels: saved) }
    for part in Self.uncoveredParts(of: renderer.pixels(cover), radius: coverRadius * renderer.scale) {
      let area = part.intersection(bounds)
      guard area.w > 0, area.h > 0 else { continue }
      renderer.setClip(pixels: area)
      try fillRoundedRect(rect, radius: radius, color: color)
    }
  }

  /// The plane outside the opaque part of a rounded rectangle of `box` (pixels) and `radius`
  /// (pixels, rounded and clamped as ``fillRoundedRect(_:radius:color:)`` does): the four bands
  /// around the box and its four corner squares, as disjoint rectangles (some may be empty).
  static func uncoveredParts(of box: SDL_Rect, radius: Double) -> [SDL_Rect] {
    let (x, y, w, h) = (box.x, box.y, box.w, box.h)
    let far = Int32.max / 4  // a band reaches past any target
    var parts = [
      SDL_Rect(x: -far, y: -far, w: 2 * far, h: far + y),  // above
      SDL_Rect(x: -far, y: y + h, w: 2 * far, h: far),  // below
      SDL_Rect(x: -far, y: y, w: far + x, h: h),  // left
      SDL_Rect(x: x + w, y: y, w: far, h: h),  // right
    ]
    guard w > 0, h > 0 else { return parts }
    let r = min(Int32(radius.rounded()), w / 2, h / 2)
    guard r > 0 else { return parts }
    parts += [
      SDL_Rect(x: x, y: y, w: r, h: r), SDL_Rect(x: x + w - r, y: y, w: r, h: r),
      SDL_Rect(x: x, y: y + h - r, w: r, h: r), SDL_Rect(x: x + w - r, y: y + h - r, w: r, h: r),
    ]
    return parts
  }
}
