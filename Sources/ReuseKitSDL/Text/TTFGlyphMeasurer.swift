import Instrumentation
import TextEngine

/// Measures text for the layout layer with SDL2_ttf and HarfBuzz, so layout matches what
/// ``TextFragmentRenderer`` draws.
///
/// Each run is split into font-fallback sub-runs (the primary font, then fontconfig's sorted
/// fallbacks) and shaped in its script through `TextShaper`; advances are whole pixels, one per
/// `Character`. Characters of context-free scripts are cached per (character, font, size) and
/// words of joining scripts per word, so after warm-up measuring costs a dictionary lookup per
/// character and makes no fontconfig call. Control characters and line/paragraph separators advance by 0.
@MainActor
public final class TTFGlyphMeasurer: @MainActor GlyphMeasuring {
  private struct StyleKey: Hashable {
    var bold: Bool
    var scale: Double
  }

  /// The fonts measured with.
  public let fonts: SDLFontSet
  /// Where fontconfig calls made while measuring are counted (`Counter.fontconfigCalls`).
  public var instrumentation: Instrumentation?
  /// How many advances came from the cache, for tests of the work done.
  var cacheHits: Int { shaper.cacheHits }
  /// How many advances were measured with SDL2_ttf.
  var cacheMisses: Int { shaper.cacheMisses }
  /// The shaper measuring runs.
  let shaper: TextShaper
  private var metricsCache: [StyleKey: LineMetrics] = [:]

  /// Creates a measurer over `fonts`.
  public init(fonts: SDLFontSet, instrumentation: Instrumentation? = nil) {
    self.fonts = fonts
    self.shaper = TextShaper(fonts: fonts)
    self.instrumentation = instrumentation
  }

  /// The advance of each character of `text`, shaped in context.
  /// - Returns: Exactly `text.count` advances, in pixels.
  /// - Complexity: O(n) dictionary lookups once the characters (and words of joining scripts) have been seen.
  public func advances(of text: Substring, attributes: TextAttributes) -> [Double] {
    let calls = fonts.fallback.fontconfigCalls
    defer { recordFontconfigCalls(since: calls) }
    return shaper.advances(of: text, attributes: attributes)
  }

  /// Line metrics from the primary font's ascent, descent and line skip.
  public func lineMetrics(for attributes: TextAttributes) -> LineMetrics {
    let key = StyleKey(bold: attributes.isBold, scale: attributes.fontScale)
    if let metrics = metricsCache[key] { return metrics }
    let font = fonts.font(for: attributes)
    let metrics = LineMetrics(
      ascent: Double(font.ascent), descent: Double(font.descent),
      lineHeight: Double(max(font.lineSkip, font.ascent + font.descent)))
    metricsCache[key] = metrics
    return metrics
  }

  private func recordFontconfigCalls(since calls: Int) {
    guard let instrumentation else { return }
    for _ in calls..<max(calls, fonts.fallback.fontconfigCalls) { instrumentation.record(.fontconfigCall) }
  }
}
