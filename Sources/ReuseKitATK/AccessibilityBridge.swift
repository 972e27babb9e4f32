import ATKShim
import CATK
import Foundation

/// atk-bridge, the adaptor between ATK objects and AT-SPI2: started for an application's root
/// element when an accessibility bus is there, and fed by pumping GLib's main context.
@MainActor
public final class AccessibilityBridge {
  /// The application's element (role `application`), whose children are its windows.
  public let root: AccessibleElement
  /// GLib dispatches run by ``pump(limit:)`` so far.
  public private(set) var dispatches = 0

  private init(root: AccessibleElement) {
    self.root = root
  }

  /// Whether the process can reach an accessibility bus: a session bus (or an accessibility bus
  /// named outright), and `NO_AT_BRIDGE` not set to 1.
  public static var busIsPresent: Bool {
    let environment = ProcessInfo.processInfo.environment
    if environment["NO_AT_BRIDGE"] == "1" { return false }
    return environment["AT_SPI_BUS_ADDRESS"] != nil || environment["DBUS_SESSION_BUS_ADDRESS"] != nil
  }

  /// Starts atk-bridge with `root` as the application, when the bus is present.
  /// - Parameters:
  ///   - root: The application's element.
  ///   - toolkitName: What clients read as the toolkit's name.
  ///   - toolkitVersion: The toolkit's version.
  /// - Returns: The running bridge, or `nil` when there is no bus or the bridge failed to start.
  public static func start(root: AccessibleElement, toolkitName: String = "ReuseKit", toolkitVersion: String = "1.0")
    -> AccessibilityBridge?
  {
    guard busIsPresent else { return nil }
    reusekit_atk_set_root(root.object, toolkitName, toolkitVersion)
    guard reusekit_atk_bridge_start() == 0 else { return nil }
    return AccessibilityBridge(root: root)
  }

  /// Runs what GLib has ready (the bridge's D-Bus traffic): once per frame, on the main thread.
  /// - Parameter limit: The most dispatches to run now.
  /// - Returns: The dispatches run (0 when no client is asking anything).
  @discardableResult
  public func pump(limit: Int = 64) -> Int {
    let count = Int(reusekit_atk_pump(Int32(limit)))
    dispatches += count
    return count
  }

  /// Stops the bridge.
  public func stop() {
    reusekit_atk_bridge_stop()
  }
}
