import CSDL2
import Foundation
import ReuseKitSupport
import SDLSupport
import TextEngine

/// The drawing primitives the chat needs, on top of an `SDLRenderer`: bubbles (anti-aliased
/// rounded rectangles), outlines, the caret, selection highlights and RGBA images (sticker frames).
///
/// Rounded corners come from one cached coverage mask per radius (white, alpha = coverage, 4×4
/// supersampled), tinted with texture colour modulation, so any bubble costs four corner copies and
/// three fills. Everything is given in points; the corners are drawn in the renderer's pixels, so
/// a bubble on a 2× screen has a smooth corner of twice the radius, not a blown-up one.
@MainActor
public final class SDLCanvas {
  /// The renderer drawn with.
  public let renderer: SDLRenderer
  private var cornerMasks: [Int: SDLTexture] = [:]

  /// Creates a canvas drawing with `renderer`.
  public init(renderer: SDLRenderer) {
    self.renderer = renderer
  }

  /// Fills a rectangle with rounded corners, anti-aliased.
  /// - Parameters:
  ///   - rect: The rectangle, in points; edges are rounded to whole pixels.
  ///   - radius: The corner radius in points, clamped to half the shorter side.
  ///   - color: The fill colour; translucent colours blend without seams.
  /// - Throws: `SDLError` when the corner mask cannot be created.
  public func fillRoundedRect(_ rect: CGRect, radius: Double, color: TextColor) throws(SDLError) {
    let box = renderer.pixels(rect)
    let (x, y, w, h) = (box.x, box.y, box.w, box.h)
    guard w > 0, h > 0 else { return }
    let r = min(Int32((radius * renderer.scale).rounded()), w / 2, h / 2)
    guard r > 0 else { return renderer.fill(pixels: box, color: color) }
    let mask = try cornerMask(radius: Int(r))
    mask.setModulation(color)
    let corners = [(0, 0, x, y), (r, 0, x + w - r, y), (0, r, x, y + h - r), (r, r, x + w - r, y + h - r)]
    for (sourceX, sourceY, targetX, targetY) in corners {
      renderer.copy(
        mask, source: SDL_Rect(x: sourceX, y: sourceY, w: r, h: r),
        toPixels: SDL_Rect(x: targetX, y: targetY, w: r, h: r))
    }
    renderer.fill(pixels: SDL_Rect(x: x + r, y: y, w: w - 2 * r, h: h), color: color)
    renderer.fill(pixels: SDL_Rect(x: x, y: y + r, w: r, h: h - 2 * r), color: color)
    renderer.fill(pixels: SDL_Rect(x: x + w - r, y: y + r, w: r, h: h - 2 * r), color: color)
  }

  /// The part ``fillRoundedRect(_:radius:color:)`` covers whole (every pixel but the corners'),
  /// as two overlapping rectangles in points, each holding only whole pixels it covers.
  /// - Parameters:
  ///   - rect: The rounded rectangle, as given to ``fillRoundedRect(_:radius:color:)``.
  ///   - radius: Its corner radius.
  ///   - scale: The renderer's pixels per point.
  /// - Returns: The rectangle without its corners' columns, and the one without their rows; none
  ///   when the rectangle covers no pixel.
  public nonisolated static func coveredRects(ofRoundedRect rect: CGRect, radius: Double, scale: Double = 1)
    -> [CGRect]
  {
    let box = SDL_Rect(
      pixelAligned: CGRect(
        x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale))
    let (x, y, w, h) = (Int(box.x), Int(box.y), Int(box.w), Int(box.h))
    guard w > 0, h > 0 else { return [] }
    let r = max(0, min(Int((radius * scale).rounded()), w / 2, h / 2))
    return [
      CGRect(x: x + r, y: y, width: w - 2 * r, height: h), CGRect(x: x, y: y + r, width: w, height: h - 2 * r),
    ].map { CGRect(x: $0.minX / scale, y: $0.minY / scale, width: $0.width / scale, height: $0.height / scale) }
  }

  /// Draws the outline of a rectangle, inside its bounds.
  /// - Parameters:
  ///   - rect: The rectangle, in points.
  ///   - lineWidth: The stroke width in points.
  ///   - color: The stroke colour.
  public func strokeRect(_ rect: CGRect, lineWidth: Double = 1, color: TextColor) {
    let t = min(lineWidth, rect.width / 2, rect.height / 2)
    guard t > 0 else { return }
    renderer.fill(CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: t), color: color)
    renderer.fill(CGRect(x: rect.minX, y: rect.maxY - t, width: rect.width, height: t), color: color)
    renderer.fill(CGRect(x: rect.minX, y: rect.minY + t, width: t, height: rect.height - 2 * t), color: color)
    renderer.fill(CGRect(x: rect.maxX - t, y: rect.minY + t, width: t, height: rect.height - 2 * t), color: color)
  }

  /// Draws the text caret: a vertical bar whose left edge is at `x`.
  /// - Parameters:
  ///   - x: The caret position (a character's leading edge), in points.
  ///   - top: The top of the line.
  ///   - height: The line height.
  ///   - width: The bar width.
  ///   - color: The caret colour.
  public func drawCaret(x: Double, top: Double, height: Double, width: Double = 2, color: TextColor) {
    renderer.fill(CGRect(x: x, y: top, width: width, height: height), color: color)
  }

  /// Fills selection highlight rectangles (one per selected line segment).
  /// - Parameters:
  ///   - rects: The rectangles, in points; they should not overlap.
  ///   - color: The highlight colour, usually translucent.
  public func fillSelection(_ rects: [CGRect], color: TextColor) {
    for rect in rects { renderer.fill(rect, color: color) }
  }

  /// Draws a texture (for example a sticker's current frame) scaled into `rect`.
  public func draw(_ texture: SDLTexture, in rect: CGRect) {
    renderer.copy(texture, to: rect)
  }

  /// Draws an image once, through a temporary texture.
  ///
  /// For frames drawn repeatedly, keep an `SDLTexture` and call `SDLTexture.update(with:)` instead.
  /// - Parameters:
  ///   - image: The pixels, straight alpha (what `SDL_BLENDMODE_BLEND` expects).
  ///   - rect: Where to draw it, scaled linearly when the sizes differ.
  /// - Throws: `SDLError` when the texture cannot be created.
  public func draw(_ image: RGBAImage, in rect: CGRect) throws(SDLError) {
    guard image.width > 0, image.height > 0 else { return }
    draw(try SDLTexture(renderer: renderer, rgba: image), in: rect)
  }

  /// The mask of a full circle of `radius`, white with coverage in alpha; quadrants are the corners.
  private func cornerMask(radius: Int) throws(SDLError) -> SDLTexture {
    if let mask = cornerMasks[radius] { return mask }
    let side = radius * 2
    let samples = 4
    let center = Double(radius)
    var pixels = [UInt32](repeating: 0, count: side * side)
    for py in 0..<side {
      for px in 0..<side {
        var covered = 0
        for sy in 0..<samples {
          for sx in 0..<samples {
            let dx = Double(px) + (Double(sx) + 0.5) / Double(samples) - center
            let dy = Double(py) + (Double(sy) + 0.5) / Double(samples) - center
            if dx * dx + dy * dy <= center * center { covered += 1 }
          }
        }
        let alpha = UInt32((covered * 255 + samples * samples / 2) / (samples * samples))
        pixels[py * side + px] = alpha << 24 | 0x00FF_FFFF
      }
    }
    let mask = try SDLTexture(renderer: renderer, rgba: RGBAImage(width: side, height: side, argb: pixels))
    cornerMasks[radius] = mask
    return mask
  }
}
