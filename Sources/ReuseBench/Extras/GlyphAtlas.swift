import CSDL2
import CSDL2TTF
import Foundation
import ReuseKitSDL
import ReuseKitSupport
import SDLSupport
import TextEngine

/// The alternative to ``TextTextureCache`` that the benchmark measures: every glyph rasterised once
/// (white, `TTF_RenderGlyph32_Blended`) into one atlas texture, and runs drawn glyph by glyph with
/// colour modulation.
///
/// It holds less memory and never re-renders text, but it positions glyphs with unshaped advances
/// (no HarfBuzz) and costs one `SDL_RenderCopy` per glyph per frame. Kept for measurement only.
@MainActor
final class GlyphAtlas {
  private struct Key: Hashable {
    var scalar: Unicode.Scalar
    var bold: Bool
    var pixelSize: Int
  }

  private struct Slot {
    var source: SDL_Rect
    var leftOverhang: Int
    var advance: Int
  }

  let renderer: SDLRenderer
  let fonts: SDLFontSet
  let texture: SDLTexture
  private(set) var statistics = TextCacheStatistics()
  private var slots: [Key: Slot] = [:]
  private var cursorX = 0
  private var cursorY = 0
  private var rowHeight = 0

  /// Creates an empty square atlas.
  init(renderer: SDLRenderer, fonts: SDLFontSet, side: Int = 1024) throws(SDLError) {
    self.renderer = renderer
    self.fonts = fonts
    texture = try SDLTexture(renderer: renderer, rgba: RGBAImage(width: side, height: side))
    statistics.bytes = texture.byteCount
  }

  /// Draws a run glyph by glyph, pen starting at `penX` on the baseline `baselineY`.
  func draw(
    _ text: String, attributes: TextAttributes, color: TextColor, penX: Double, baselineY: Double
  ) throws(SDLError) {
    let font = fonts.font(for: attributes)
    texture.setModulation(color)
    var pen = Int(penX.rounded())
    let top = Int(baselineY.rounded()) - font.ascent
    for scalar in text.unicodeScalars {
      let slot = try self.slot(for: scalar, font: font, bold: attributes.isBold)
      if slot.source.w > 0 {
        renderer.copy(
          texture, source: slot.source,
          to: CGRect(
            x: pen - slot.leftOverhang, y: top, width: Int(slot.source.w), height: Int(slot.source.h)))
      }
      pen += slot.advance
    }
  }

  private func slot(for scalar: Unicode.Scalar, font: SDLFont, bold: Bool) throws(SDLError) -> Slot {
    let key = Key(scalar: scalar, bold: bold, pixelSize: font.pixelSize)
    if let slot = slots[key] {
      statistics.hits += 1
      return slot
    }
    statistics.misses += 1
    let metrics = font.glyphMetrics(scalar)
    let advance = metrics?.advance ?? 0
    let leftOverhang = max(0, -(metrics?.minX ?? 0))
    guard scalar.properties.generalCategory != .spaceSeparator, let image = try? glyphImage(scalar, font) else {
      let slot = Slot(source: SDL_Rect(x: 0, y: 0, w: 0, h: 0), leftOverhang: 0, advance: advance)
      slots[key] = slot
      return slot
    }
    if cursorX + image.width > texture.width {
      cursorX = 0
      cursorY += rowHeight
      rowHeight = 0
    }
    if cursorY + image.height > texture.height {
      slots.removeAll()
      statistics.evictions += 1
      cursorX = 0
      cursorY = 0
      rowHeight = 0
    }
    var rect = SDL_Rect(x: Int32(cursorX), y: Int32(cursorY), w: Int32(image.width), h: Int32(image.height))
    let status = image.pixels.withUnsafeBytes { bytes in
      SDL_UpdateTexture(texture.pointer, &rect, bytes.baseAddress, Int32(image.width * 4))
    }
    try SDLError.check(status, "SDL_UpdateTexture(atlas glyph)")
    cursorX += image.width
    rowHeight = max(rowHeight, image.height)
    let slot = Slot(source: rect, leftOverhang: leftOverhang, advance: advance)
    slots[key] = slot
    statistics.entries = slots.count
    return slot
  }

  private func glyphImage(_ scalar: Unicode.Scalar, _ font: SDLFont) throws(SDLError) -> RGBAImage {
    let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
    guard let surface = TTF_RenderGlyph32_Blended(font.pointer, scalar.value, white) else {
      throw SDLError.fromSDL("TTF_RenderGlyph32_Blended(U+\(String(scalar.value, radix: 16)))")
    }
    return try SDLSurface(adopting: surface, context: "TTF_RenderGlyph32_Blended").rgbaImage()
  }
}
