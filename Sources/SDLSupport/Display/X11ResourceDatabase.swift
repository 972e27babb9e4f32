import CX11

/// The X server's resource database (`RESOURCE_MANAGER` on the root window, what `xrdb` loads),
/// read through Xlib: SDL 2 reads it for nothing a window needs, and `Xft.dpi` in it is how an
/// X11 desktop says its screen is scaled.
public enum X11ResourceDatabase {
  /// The lowest and highest `Xft.dpi` taken; a value outside is ignored as damaged.
  public static let acceptedDPI = 24.0...960.0

  /// `Xft.dpi` on the X server named by `display` (`nil` for `DISPLAY`).
  /// - Parameter display: An X display name such as `:99`, or `nil`.
  /// - Returns: The value, or `nil` when there is no such server, no such resource, or the value
  ///   is not a number in ``acceptedDPI``.
  /// - Complexity: One connection to the X server, closed before returning.
  public static func xftDPI(display: String? = nil) -> Double? {
    let connection = display.map { XOpenDisplay($0) } ?? XOpenDisplay(nil)
    guard let connection else { return nil }
    defer { XCloseDisplay(connection) }
    guard let value = XGetDefault(connection, "Xft", "dpi") else { return nil }
    return parseDPI(String(cString: value))
  }

  /// A resource value as a DPI: a number in ``acceptedDPI``, or `nil`.
  /// - Parameter text: The value as the database holds it, such as `192` or ` 144.0`.
  public static func parseDPI(_ text: String) -> Double? {
    guard text.utf8.count <= 32 else { return nil }
    let trimmed = text.filter { !$0.isWhitespace }
    guard let value = Double(trimmed), value.isFinite, acceptedDPI.contains(value) else { return nil }
    return value
  }
}
