import Foundation
import ReuseKitSupport
import SDLSupport
import TextEngine

/// Renders runs of text with SDL2_ttf (HarfBuzz-shaped, `TTF_RenderUTF8_Blended`) and keeps the
/// textures in a byte-bounded least-recently-used cache.
///
/// One texture per (text, weight, pixel size, colour): drawing a cached run is one `SDL_RenderCopy`.
/// This per-run cache was chosen over a glyph atlas by measurement (see
/// ``TextCacheBenchmark`` and the module overview): on SDL's software renderer a glyph atlas pays
/// one copy per glyph every frame, which costs more than rendering the few runs that change.
@MainActor
public final class TextTextureCache {
  private struct Key: Hashable {
    var text: String
    var bold: Bool
    var pixelSize: Int
    var color: TextColor
  }

  /// The renderer the textures belong to.
  public let renderer: SDLRenderer
  /// The fonts runs are rendered with.
  public let fonts: SDLFontSet
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

  private var entries: LRUCache<Key, TextRunTexture>
  private var counts = TextCacheStatistics()

  /// Creates an empty cache.
  /// - Parameters:
  ///   - renderer: The renderer that draws the textures.
  ///   - fonts: The fonts to render with.
  ///   - byteLimit: The most texture memory to keep (4 bytes per pixel); 16 MiB by default.
  public init(renderer: SDLRenderer, fonts: SDLFontSet, byteLimit: Int = 16 << 20) {
    self.renderer = renderer
    self.fonts = fonts
    self.entries = LRUCache(costLimit: byteLimit)
  }

  /// The texture for a run, rendering it on a miss.
  /// - Parameters:
  ///   - text: The run's text, without line breaks.
  ///   - attributes: Its weight and scale (the colour comes from `color`).
  ///   - color: The text colour.
  /// - Returns: The texture, or `nil` when the run has no ink (empty, or only zero-width characters).
  /// - Throws: ``SDLError`` when SDL2_ttf or SDL cannot render or upload it.
  /// - Complexity: O(1) on a hit; shaping and rasterising the run on a miss.
  public func texture(for text: String, attributes: TextAttributes, color: TextColor) throws(SDLError)
    -> TextRunTexture?
  {
    let font = fonts.font(for: attributes)
    let key = Key(text: text, bold: attributes.isBold, pixelSize: font.pixelSize, color: color)
    if let entry = entries.value(for: key) {
      counts.hits += 1
      return entry
    }
    counts.misses += 1
    guard !text.isEmpty, try font.size(of: text).width > 0 else { return nil }
    let surface = try font.render(text, color: color)
    let texture = try SDLTexture(renderer: renderer, surface: surface)
    let entry = TextRunTexture(
      texture: texture, leftOverhang: Self.leftOverhang(text, font), baseline: Self.baseline(text, font))
    entries.insert(entry, for: key, cost: texture.byteCount)
    return entry
  }

  /// Draws a run with its pen starting at `penX` on the baseline at `baselineY`.
  /// - Parameters:
  ///   - text: The run's text.
  ///   - attributes: Its weight and scale.
  ///   - color: The text colour.
  ///   - penX: Where the first glyph's origin goes, in target pixels.
  ///   - baselineY: The baseline, in target pixels.
  /// - Throws: ``SDLError`` when the run cannot be rendered.
  public func draw(
    _ text: String, attributes: TextAttributes, color: TextColor, penX: Double, baselineY: Double
  ) throws(SDLError) {
    guard let run = try texture(for: text, attributes: attributes, color: color) else { return }
    let origin = CGPoint(x: penX.rounded() - Double(run.leftOverhang), y: baselineY.rounded() - Double(run.baseline))
    renderer.copy(
      run.texture, to: CGRect(origin: origin, size: CGSize(width: run.texture.width, height: run.texture.height)))
  }

  /// Drops every texture (for example after the renderer's target was recreated).
  public func removeAll() {
    entries.removeAll()
  }

  /// SDL2_ttf shifts a run right when its first glyph's ink starts left of the pen.
  private static func leftOverhang(_ text: String, _ font: SDLFont) -> Int {
    guard let first = text.unicodeScalars.first, let metrics = font.glyphMetrics(first) else { return 0 }
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
