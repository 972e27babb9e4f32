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

  /// The panel's size for `snapshot`, in pixels.
  public func size(for snapshot: HUDSnapshot, measurer: TTFGlyphMeasurer) -> CGSize {
    let line = measurer.lineMetrics(for: attributes(bold: false)).lineHeight
    let rows = Double(snapshot.rows.count)
    return CGSize(width: 268, height: 12 + line * 1.3 + rows * line + 6 + 10)
  }

  /// Draws the HUD with its top-left corner at `origin`.
  /// - Parameters:
  ///   - snapshot: What to show.
  ///   - origin: The panel's top-left corner, in view pixels.
  ///   - canvas: Draws the panel.
  ///   - text: Draws the text.
  ///   - measurer: Measures values for right alignment.
  /// - Throws: ``SDLError`` when drawing fails.
  public func draw(
    _ snapshot: HUDSnapshot, at origin: CGPoint, canvas: SDLCanvas, text: TextTextureCache,
    measurer: TTFGlyphMeasurer
  ) throws(SDLError) {
    let size = size(for: snapshot, measurer: measurer)
    let panel = CGRect(origin: origin, size: size)
    try canvas.fillRoundedRect(panel, radius: 10, color: panelColor)
    let regular = attributes(bold: false)
    let bold = attributes(bold: true)
    let metrics = measurer.lineMetrics(for: regular)
    let left = panel.minX + 12
    let right = panel.maxX - 12
    var baseline = panel.minY + 10 + metrics.ascent
    try text.draw("ReuseKit HUD", attributes: bold, color: accentColor, penX: left, baselineY: baseline)
    try drawRight("F1 hides", attributes: regular, color: labelColor, right: right, baseline: baseline, text, measurer)
    baseline += metrics.lineHeight * 1.3
    for (index, row) in snapshot.rows.enumerated() {
      if index == HUDSnapshot.headerRowCount {  // a rule between the header and the counters
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

  private func attributes(bold: Bool) -> TextAttributes { TextAttributes(isBold: bold, fontScale: textScale) }

  private func drawRight(
    _ string: String, attributes: TextAttributes, color: TextColor, right: Double, baseline: Double,
    _ text: TextTextureCache, _ measurer: TTFGlyphMeasurer
  ) throws(SDLError) {
    let width = measurer.advances(of: string[...], attributes: attributes).reduce(0, +)
    try text.draw(string, attributes: attributes, color: color, penX: right - width, baselineY: baseline)
  }
}
