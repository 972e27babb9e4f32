import Foundation
import ReuseKitSDL
import SDLSupport
import TextEngine

/// Draws the HUD: a translucent panel with fps, frame time, the sticker policies and the twelve
/// instrumentation counters.
@MainActor
public final class HUDOverlay {
  /// The panel colour.
  public var panelColor = TextColor(red: 16, green: 20, blue: 28, alpha: 240)
  /// Labels.
  public var labelColor = TextColor(red: 178, green: 190, blue: 206)
  /// Values.
  public var valueColor = TextColor(red: 255, green: 255, blue: 255)
  /// The title and "on" values.
  public var accentColor = TextColor(red: 120, green: 220, blue: 150)
  /// The scale of the HUD's text.
  public var textScale = 0.8

  /// Creates a HUD.
  public init() {}

  /// The panel's width at full size, in pixels.
  static let fullWidth = 268.0

  /// The panel's size for `snapshot`, in pixels: full size, or shrunk (text too) to fit `maximumWidth`
  /// in a narrow view, such as the split's second view.
  public func size(for snapshot: HUDSnapshot, measurer: TTFGlyphMeasurer, maximumWidth: Double = .infinity) -> CGSize {
    let scale = self.scale(fitting: maximumWidth)
    let line = measurer.lineMetrics(for: attributes(bold: false, scale: scale)).lineHeight
    let rows = Double(snapshot.rows.count)
    return CGSize(width: (Self.fullWidth * scale).rounded(), height: 12 + line * 1.3 + rows * line + 6 + 10)
  }

  /// How much the panel shrinks to fit `maximumWidth` (never below 0.6).
  private func scale(fitting maximumWidth: Double) -> Double {
    maximumWidth >= Self.fullWidth ? 1 : max(0.6, maximumWidth / Self.fullWidth)
  }

  /// Draws the HUD with its top-left corner at `origin`.
  /// - Parameters:
  ///   - snapshot: What to show.
  ///   - origin: The panel's top-left corner, in view pixels.
  ///   - maximumWidth: The widest the panel may be; a narrower view gets a smaller panel.
  ///   - canvas: Draws the panel.
  ///   - text: Draws the text.
  ///   - measurer: Measures values for right alignment.
  /// - Throws: `SDLError` when drawing fails.
  public func draw(
    _ snapshot: HUDSnapshot, at origin: CGPoint, canvas: SDLCanvas, text: TextTextureCache,
    measurer: TTFGlyphMeasurer, maximumWidth: Double = .infinity
  ) throws(SDLError) {
    let size = size(for: snapshot, measurer: measurer, maximumWidth: maximumWidth)
    let panel = CGRect(origin: origin, size: size)
    try canvas.fillRoundedRect(panel, radius: 10, color: panelColor)
    let scale = scale(fitting: maximumWidth)
    let regular = attributes(bold: false, scale: scale)
    let bold = attributes(bold: true, scale: scale)
    let metrics = measurer.lineMetrics(for: regular)
    let left = panel.minX + 12
    let right = panel.maxX - 12
    var baseline = panel.minY + 10 + metrics.ascent
    try text.draw("ReuseKit HUD", attributes: bold, color: accentColor, penX: left, baselineY: baseline)
    try drawRight("F1 hides", attributes: regular, color: labelColor, right: right, baseline: baseline, text, measurer)
    baseline += metrics.lineHeight * 1.3
    for (index, row) in snapshot.rows.enumerated() {
      if index == snapshot.rowsBeforeCounters {  // a rule between the header and the counters
        canvas.renderer.fill(
          CGRect(x: left, y: baseline - metrics.ascent + 1, width: right - left, height: 1),
          color: TextColor(red: 255, green: 255, blue: 255, alpha: 40))
        baseline += 6
      }
      try text.draw(row.label, attributes: regular, color: labelColor, penX: left, baselineY: baseline)
      let color = row.value == "on" ? accentColor : valueColor
      try drawRight(row.value, attributes: bold, color: color, right: right, baseline: baseline, text, measurer)
      baseline += metrics.lineHeight
    }
  }

  private func attributes(bold: Bool, scale: Double = 1) -> TextAttributes {
    TextAttributes(isBold: bold, fontScale: textScale * scale)
  }

  private func drawRight(
    _ string: String, attributes: TextAttributes, color: TextColor, right: Double, baseline: Double,
    _ text: TextTextureCache, _ measurer: TTFGlyphMeasurer
  ) throws(SDLError) {
    let width = measurer.advances(of: string[...], attributes: attributes).reduce(0, +)
    try text.draw(string, attributes: attributes, color: color, penX: right - width, baselineY: baseline)
  }
}
