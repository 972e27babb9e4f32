import Foundation

/// How many physical pixels make a point on the screen a window opens on, and where that number
/// came from: the view layer multiplies every point by it, so text, stickers and the window are
/// as large on a 2× screen as on a 1× one, and sharper.
///
/// In order: the user's `--scale`; `GDK_SCALE` (the whole-number scale GTK apps take, set by a
/// user or a session for X11); the platform's own: a Wayland output's scale (SDL reports the
/// window's pixels per screen coordinate when the window asks for high DPI), on X11 the resource
/// database's `Xft.dpi` over 96 (what GNOME, KDE and Xfce set for a scaled screen); 1 otherwise.
public struct DisplayScale: Equatable, Sendable {
  /// Physical pixels per point.
  public var scale: Double
  /// Where ``scale`` came from, for the user: `--scale 1.5`, `Xft.dpi 192`, `GDK_SCALE=2`, ….
  public var source: String

  /// The least and most scale taken: an override, or a platform's value clamped to these.
  public static let range = 0.5...4.0
  /// The least scale a platform's value gives: a screen never makes text smaller than 1×.
  static let leastPlatformScale = 1.0

  /// Creates a scale.
  /// - Parameters:
  ///   - scale: Physical pixels per point.
  ///   - source: Where it came from.
  public init(scale: Double, source: String) {
    self.scale = scale
    self.source = source
  }

  /// What the HUD and the report show: `2× (Xft.dpi 192)`.
  public var summary: String { "\(Self.format(scale))× (\(source))" }

  /// Decides the scale.
  /// - Parameters:
  ///   - override: The user's `--scale`, already checked to be in ``range``; it wins.
  ///   - environment: The process environment (`GDK_SCALE`).
  ///   - videoDriver: SDL's video driver (`x11`, `wayland`, …), or `nil` without a window.
  ///   - pixelsPerScreenCoordinate: A high-DPI window's pixels per screen coordinate (the
  ///     Wayland output's scale), or `nil` before the window exists.
  ///   - xftDPI: Reads `Xft.dpi` from the X server's resource database; asked on X11 only.
  /// - Returns: The scale and its source.
  public static func decide(
    override: Double?, environment: [String: String], videoDriver: String?, pixelsPerScreenCoordinate: Double?,
    xftDPI: () -> Double?
  ) -> DisplayScale {
    if let override { return DisplayScale(scale: override, source: "--scale \(format(override))") }
    if let text = environment["GDK_SCALE"], let value = Int(text.trimmingCharacters(in: .whitespaces)),
      (1...4).contains(value)
    {
      return DisplayScale(scale: Double(value), source: "GDK_SCALE=\(value)")
    }
    switch videoDriver {
    case "wayland":
      let ratio = pixelsPerScreenCoordinate ?? 1
      return DisplayScale(scale: clamped(ratio), source: "Wayland output scale \(format(ratio))")
    case "x11":
      guard let dpi = xftDPI() else { return DisplayScale(scale: 1, source: "no Xft.dpi set") }
      return DisplayScale(scale: clamped(dpi / 96), source: "Xft.dpi \(format(dpi))")
    case let driver?:
      return DisplayScale(scale: 1, source: "\(driver) video")
    case nil:
      return DisplayScale(scale: 1, source: "no display")
    }
  }

  /// A `--scale` argument as a scale, or `nil` when it is not a number in ``range``.
  /// - Parameter text: The argument, such as `1.5` or `2`.
  public static func parse(_ text: String) -> Double? {
    guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, range.contains(value)
    else { return nil }
    return value
  }

  /// A platform's value kept in the range a platform may give, to hundredths.
  private static func clamped(_ value: Double) -> Double {
    guard value.isFinite else { return 1 }
    return (min(range.upperBound, max(leastPlatformScale, value)) * 100).rounded() / 100
  }

  /// `2`, `1.5`, `1.25`: a scale without trailing zeros.
  static func format(_ value: Double) -> String {
    let hundredths = (value * 100).rounded()
    if hundredths.truncatingRemainder(dividingBy: 100) == 0 { return String(Int(hundredths / 100)) }
    return String(format: hundredths.truncatingRemainder(dividingBy: 10) == 0 ? "%.1f" : "%.2f", value)
  }
}
