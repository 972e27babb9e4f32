import Foundation

extension ChatApp {
  /// How often the window's loop wakes to answer assistive technologies while a bridge runs (GLib's
  /// D-Bus traffic is pumped once a frame, and a loop at rest has no frames).
  static let accessibilityWake = 0.05

  /// Starts the accessibility tree on the AT-SPI bus, when there is one.
  /// - Returns: Whether it runs.
  @discardableResult
  func startAccessibility() -> Bool {
    if accessibility == nil { accessibility = ChatAccessibility.start(for: self) }
    return accessibility != nil
  }
}
