import Foundation
import ReuseKitSupport
import SDLSupport
import TextEngine

/// Draws laid-out lines of text through a ``TextTextureCache``.
///
/// Each run is drawn with its left edge at `line.origin.x + run.x` on the line's baseline, so runs of
/// different sizes share a baseline; a right-to-left run is shaped right to left and its
/// font-fallback sub-runs are placed from its right end. Attachment runs (U+FFFC) are skipped; their views draw them.
/// Characters that take no space in layout (controls, U+2028, U+2029, bidi isolates and other
/// default-ignorable clusters) are removed before rendering,
/// which keeps the pixels where ``TTFGlyphMeasurer`` put them.
@MainActor
public final class TextFragmentRenderer {
  /// The cache runs are drawn through.
  public let cache: TextTextureCache
  /// The colour of runs whose attributes have no foreground colour.
  public var defaultTextColor: TextColor
  /// Lines drawn since creation, for tests of the work a frame does.
  private(set) var linesDrawn = 0

  /// Creates a renderer drawing through `cache`.
  public init(cache: TextTextureCache, defaultTextColor: TextColor = TextColor(red: 0, green: 0, blue: 0)) {
    self.cache = cache
    self.defaultTextColor = defaultTextColor
  }

  /// Draws lines, shifted by `offset` (for example minus the scroll position).
  /// - Throws: `SDLError` when a run cannot be rendered.
  /// - Complexity: One texture copy per run on cache hits.
  public func draw(_ lines: [RenderableLine], offset: CGPoint = .zero) throws(SDLError) {
    for line in lines { try draw(line, offset: offset) }
  }

  /// Draws one line, shifted by `offset`.
  /// - Throws: `SDLError` when a run cannot be rendered.
  public func draw(_ line: RenderableLine, offset: CGPoint = .zero) throws(SDLError) {
    linesDrawn += 1
    let baselineY = line.origin.y + offset.y + line.baselineOffset
    for run in line.runs where run.attributes.attachment == nil {
      let text = Self.drawable(run.text)
      // Spaces have no ink: their texture is transparent, so drawing it changes no pixel.
      guard !text.isEmpty, !Self.isSpaces(text) else { continue }
      try cache.draw(
        text, attributes: run.attributes, color: run.attributes.foregroundColor ?? defaultTextColor,
        penX: line.origin.x + offset.x + run.x, baselineY: baselineY, isRightToLeft: run.isRightToLeft)
    }
  }

  /// Whether `text` is only U+0020 spaces. (Nonisolated, so its per-byte test runs without an
  /// actor check per byte.)
  private nonisolated static func isSpaces(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 == 0x20 }
  }

  /// `text` without the characters layout gives no width (``TextShaper/hasNoAdvance(_:)``).
  /// (Nonisolated, so its per-byte test runs without an actor check per byte.)
  private nonisolated static func drawable(_ text: String) -> String {
    // Printable ASCII (most text) has a width: one pass over the bytes, no property lookups.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    guard text.unicodeScalars.contains(where: mayBeInvisible) else { return text }
    return String(text.filter { !TextShaper.hasNoAdvance($0) })
  }

  /// Whether a scalar may start or make up a character without width: a cheap pre-check.
  private nonisolated static func mayBeInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator, .format: return true
    default: return scalar.properties.isDefaultIgnorableCodePoint
    }
  }
}
