import Foundation

/// An assistive technology on the accessibility bus for `P12.a11y`: the system's python3 with
/// pyatspi (Orca's library) listening for the events a screen reader listens for, so that the
/// bridge sends them. Started only where a bus is; stopped when the figure is done.
final class AccessibilityClient {
  private let process = Process()

  /// What the client listens for, as Orca does.
  private static let script = """
    import pyatspi, sys
    def on_event(event):
        pass
    for kind in ["object:text-changed", "object:text-caret-moved", "object:text-selection-changed",
                 "object:state-changed:focused", "object:children-changed", "object:state-changed:showing",
                 "focus:", "window:activate"]:
        pyatspi.Registry.registerEventListener(on_event, kind)
    print("listening", flush=True)
    pyatspi.Registry.start()
    """

  /// Starts the client and waits until it listens.
  /// - Returns: `nil` when there is no bus, or no python3 with pyatspi.
  static func start() -> AccessibilityClient? {
    let environment = ProcessInfo.processInfo.environment
    guard environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
      FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
    else { return nil }
    let client = AccessibilityClient()
    let output = Pipe()
    client.process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    client.process.arguments = ["-c", script]
    client.process.standardOutput = output
    client.process.standardError = FileHandle.nullDevice
    do {
      try client.process.run()
    } catch {
      return nil
    }
    let line = output.fileHandleForReading.availableData
    guard String(decoding: line, as: UTF8.self).contains("listening") else {
      client.stop()
      return nil
    }
    return client
  }

  /// Stops the client.
  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}
