import Foundation

extension Process {
  /// Stops a server a test started: SIGTERM, then SIGKILL after `grace` seconds, and waits.
  ///
  /// A process started from a Dispatch worker thread inherits that thread's blocked signals, so
  /// the server may never see the SIGTERM.
  /// - Parameter grace: Seconds to wait for it to end by itself.
  public func stopServer(grace: Double = 2) {
    terminate()
    let deadline = Date().addingTimeInterval(grace)
    while isRunning, Date() < deadline { usleep(20_000) }
    if isRunning { kill(processIdentifier, SIGKILL) }
    waitUntilExit()
  }
}
