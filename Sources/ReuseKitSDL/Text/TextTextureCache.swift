import Foundation
import Instrumentation
import ReuseKitSupport
import SDLSupport
import TextEngine

/// Renders runs of text with SDL2_ttf (HarfBuzz-shaped, `TTF_RenderUTF8_Blended`) and keeps the
/// textures in a byte-bounded least-recently-used cache.
///
/// A run is split into font-fallback sub-runs (`TextShaper`); each sub-run is one texture per
/// (text, font, script, direction, weight, pixel size, colour), so drawing a cached run is one
/// `SDL_RenderCopy` per sub-run. Colour emoji (a bitmap strike) are scaled to the line's size
/// once, when their texture is made. This per-run cache was chosen over a glyph atlas by
/// measurement (see `TextCacheBenchmark` and the module overview): on SDL's software renderer a
/// glyph atlas pays one copy per glyph every frame, which costs more than rendering the few runs that change.
///
/// Runs are placed in points, by the widths layout measured (``fonts``), and rendered for the
/// renderer's scale (``SDLFontSet/scaled(by:)``): on a 2× screen each run's pen lands on the pixel
/// its point position makes, and the glyphs are drawn at twice the size, from the outlines.
@MainActor
public final class TextTextureCache {
  private struct Key: Hashable {
    var text: String
    var choice: FontChoice
    var script: String
    var isRightToLeft: Bool
    var bold: Bool
    var pixelSize: Int
    var color: TextColor
  }

  private struct PlacementKey: Hashable {
    var text: String
    var bold: Bool
    var pixelSize: Int
  }

  /// A sub-run, its width as measured for layout, and the missing-glyph boxes it draws.
  private struct PlacedSubrun {
    var subrun: TextSubrun
    var width: Double
    var boxes: Int
  }

  /// The renderer the textures belong to.
  public let renderer: SDLRenderer
  /// The fonts runs are placed with (layout's, at display scale 1).
  public let fonts: SDLFontSet
  /// The fonts runs are rendered with: ``fonts`` at the renderer's scale.
  private var renderFonts: SDLFontSet
  /// Where missing glyphs drawn and fontconfig calls made while drawing are counted.
  public var instrumentation: Instrumentation?
  /// The most texture memory the cache holds, in bytes.
  public var byteLimit: Int { entries.costLimit }
  /// Hits, misses, evictions and bytes so far.
  public var statistics: TextCacheStatistics {
    var result = counts
    result.evictions = entries.evictions
    result.bytes = entries.totalCost
    result.entries = entries.count
    return result
  }
  /// Missing-glyph boxes drawn since creation (also counted in ``instrumentation``).
  private(set) var missingGlyphsDrawn = 0

  private let shaper: TextShaper
  private var entries: LRUCache<Key, TextRunTexture>
  private var placements = LRUCache<PlacementKey, [PlacedSubrun]>(costLimit: 4096)
  private var counts = TextCacheStatistics()

  /// Creates an empty cache.
  /// - Parameters:
  ///   - renderer: The renderer that draws the textures.
  ///   - fonts: The fonts to render with.
  ///   - byteLimit: The most texture memory to keep (4 bytes per pixel); 16 MiB by default.
  public init(renderer: SDLRenderer, fonts: SDLFontSet, byteLimit: Int = 16 << 20) {
    self.renderer = renderer
    self.fonts = fonts
    self.renderFonts = fonts.scaled(by: renderer.scale)
    self.shaper = TextShaper(fonts: fonts)
    self.entries = LRUCache(costLimit: byteLimit)
  }

  /// The texture for a run drawn with the primary font, rendering it on a miss.
  /// - Parameters:
  ///   - text: The run's text, without line breaks.
  ///   - attributes: Its weight and scale (the colour comes from `color`).
  ///   - color: The text colour.
  /// - Returns: The texture, or `nil` when the run has no ink (empty, or only zero-width characters).
  /// - Throws: `SDLError` when SDL2_ttf or SDL cannot render or upload it.
  /// - Complexity: O(1) on a hit; shaping and rasterising the run on a miss.
  public func texture(for text: String, attributes: TextAttributes, color: TextColor) throws(SDLError)
    -> TextRunTexture?
  {
    let subrun = TextSubrun(text: text[...], characterCount: text.count, choice: .primary, script: .common)
    return try texture(for: subrun, isRightToLeft: false, attributes: attributes, color: color)
  }

  /// The texture for one font-fallback sub-run, shaped in its script's direction.
  /// - Returns: The texture, or `nil` when the sub-run has no ink.
  /// - Throws: ``SDLError`` when SDL2_ttf or SDL cannot render or upload it.
  func texture(forSubrun subrun: TextSubrun, attributes: TextAttributes, color: TextColor) throws(SDLError)
    -> TextRunTexture?
  {
    try texture(for: subrun, isRightToLeft: subrun.script.isRightToLeft, attributes: attributes, color: color)
  }

  /// Draws a run with its pen starting at `penX` on the baseline at `baselineY`.
  ///
  /// The run is split into font-fallback sub-runs, each shaped in its script; in a right-to-left
  /// run the first sub-run goes at the right end. Each character no font covers draws one box, and
  /// so does each code point a partial-coverage fallback lacks; each box is counted in
  /// `Counter.missingGlyphs`.
  /// - Parameters:
  ///   - text: The run's text, in logical order.
  ///   - attributes: Its weight and scale.
  ///   - color: The text colour.
  ///   - penX: The run's left edge, in points.
  ///   - baselineY: The baseline, in points.
  ///   - isRightToLeft: Whether the run is laid out right to left (a bidi run of odd level).
  /// - Throws: `SDLError` when the run cannot be rendered.
  /// - Complexity: One lookup and one copy per sub-run on cache hits.
  public func draw(
    _ text: String, attributes: TextAttributes, color: TextColor, penX: Double, baselineY: Double,
    isRightToLeft: Bool = false
  ) throws(SDLError) {
    let placed = placement(of: text, attributes: attributes)
    let scale = renderer.scale
    var pen = isRightToLeft ? penX + placed.reduce(0) { $0 + $1.width } : penX
    for part in placed {
      if isRightToLeft { pen -= part.width }
      for _ in 0..<part.boxes { recordMissingGlyph() }
      // A right-to-left run shapes every sub-run right to left (HarfBuzz mirrors brackets); a
      // right-to-left script shapes right to left in any run, as it is measured.
      let shapesRightToLeft = isRightToLeft || part.subrun.script.isRightToLeft
      if let run = try texture(for: part.subrun, isRightToLeft: shapesRightToLeft, attributes: attributes, color: color)
      {
        // The pen and the baseline land on whole pixels; the texture's offsets are in pixels.
        let origin = CGPoint(
          x: ((pen * scale).rounded() - Double(run.leftOverhang)) / scale,
          y: ((baselineY * scale).rounded() - Double(run.baseline)) / scale)
        renderer.copy(run.texture, at: origin)
      }
      if !isRightToLeft { pen += part.width }
    }
  }

  /// Drops every texture (for example after the renderer's target was recreated).
  public func removeAll() {
    entries.removeAll()
  }

  private func placement(of text: String, attributes: TextAttributes) -> [PlacedSubrun] {
    let key = PlacementKey(
      text: text, bold: attributes.isBold, pixelSize: fonts.pixelSize(forScale: attributes.fontScale))
    if let placed = placements.value(for: key) { return placed }
    let calls = fonts.fallback.fontconfigCalls
    let placed = shaper.subruns(of: text[...], attributes: attributes).map { subrun in
      PlacedSubrun(
        subrun: subrun, width: shaper.advances(of: subrun, attributes: attributes).reduce(0, +),
        boxes: subrun.choice == .missing
          ? 1 : subrun.text.reduce(0) { $0 + fonts.boxes(subrun.choice, $1, attributes: attributes) })
    }
    if let instrumentation {
      for _ in calls..<max(calls, fonts.fallback.fontconfigCalls) { instrumentation.record(.fontconfigCall) }
    }
    placements.insert(placed, for: key, cost: 1)
    return placed
  }

  private func recordMissingGlyph() {
    missingGlyphsDrawn += 1
    instrumentation?.record(.missingGlyph)
  }

  private func texture(for subrun: TextSubrun, isRightToLeft: Bool, attributes: TextAttributes, color: TextColor)
    throws(SDLError) -> TextRunTexture?
  {
    if renderFonts.displayScale != renderer.scale {  // the window moved to a screen of another scale
      renderFonts = fonts.scaled(by: renderer.scale)
      entries.removeAll()
    }
    let (font, scale) = renderFonts.font(for: subrun.choice, attributes: attributes)
    let text = Self.drawable(subrun)
    let key = Key(
      text: text, choice: subrun.choice, script: subrun.script.code, isRightToLeft: isRightToLeft,
      bold: attributes.isBold, pixelSize: renderFonts.pixelSize(forScale: attributes.fontScale), color: color)
    if let entry = entries.value(for: key) {
      counts.hits += 1
      return entry
    }
    counts.misses += 1
    font.setShaping(script: subrun.script.code, direction: isRightToLeft ? .rightToLeft : .leftToRight)
    guard !text.isEmpty, try font.size(of: text).width > 0 else { return nil }
    let surface = try font.render(text, color: color)
    let texture: SDLTexture
    if scale == 1 {
      texture = try SDLTexture(renderer: renderer, surface: surface)
    } else {
      let image = try surface.rgbaImage()
      let width = max(1, Int((Double(image.width) * scale).rounded()))
      let height = max(1, Int((Double(image.height) * scale).rounded()))
      texture = try SDLTexture(renderer: renderer, rgba: image.scaled(width: width, height: height))
    }
    let overhang = Self.leftOverhang(text, font, isRightToLeft: isRightToLeft)
    let entry = TextRunTexture(
      texture: texture, leftOverhang: Int((Double(overhang) * scale).rounded()),
      baseline: Int((Double(Self.baseline(text, font)) * scale).rounded()))
    entries.insert(entry, for: key, cost: texture.byteCount)
    return entry
  }

  /// The text SDL2_ttf renders for a sub-run: one scalar (one box) for a missing character.
  private static func drawable(_ subrun: TextSubrun) -> String {
    guard subrun.choice == .missing else { return String(subrun.text) }
    return subrun.text.unicodeScalars.first.map { String($0) } ?? ""
  }

  /// SDL2_ttf shifts a run right when its leftmost glyph's ink starts left of the pen.
  private static func leftOverhang(_ text: String, _ font: SDLFont, isRightToLeft: Bool) -> Int {
    let scalars = text.unicodeScalars
    guard let first = isRightToLeft ? scalars.last : scalars.first, let metrics = font.glyphMetrics(first) else {
      return 0
    }
    return max(0, -metrics.minX)
  }

  /// SDL2_ttf puts the baseline at the font's ascent, lower when a glyph rises above it.
  private static func baseline(_ text: String, _ font: SDLFont) -> Int {
    var top = font.ascent
    for scalar in text.unicodeScalars {
      if let metrics = font.glyphMetrics(scalar) { top = max(top, metrics.maxY) }
    }
    return top
  }
}
