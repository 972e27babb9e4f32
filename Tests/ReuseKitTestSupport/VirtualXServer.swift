import Foundation

/// An Xvfb X server for a test, on a display number of its own, stopped when released.
public final class VirtualXServer {
  /// The `DISPLAY` value, for example `:57`.
  public let display: String
  private let process: Process

  /// Starts Xvfb with `arguments` after the display (for example `["-extension", "GLX"]`) and waits
  /// until it accepts connections.
  /// - Parameter arguments: Extra Xvfb arguments.
  /// - Returns: The server, or `nil` when Xvfb is not installed or did not start within 10 s.
  public static func start(arguments: [String] = []) -> VirtualXServer? {
    guard let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: FileManager.default.isExecutableFile)
    else { return nil }
    for _ in 0..<20 {
      let number = Int.random(in: 100..<60_000)
      let lock = "/tmp/.X\(number)-lock"
      if FileManager.default.fileExists(atPath: lock) { continue }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: xvfb)
      process.arguments = [":\(number)", "-screen", "0", "1280x900x24", "-nolisten", "tcp"] + arguments
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { return nil }
      let socket = "/tmp/.X11-unix/X\(number)"
      let deadline = Date().addingTimeInterval(10)
      while process.isRunning, !FileManager.default.fileExists(atPath: socket), Date() < deadline { usleep(20_000) }
      if process.isRunning, FileManager.default.fileExists(atPath: socket) {
        return VirtualXServer(display: ":\(number)", process: process)
      }
      if process.isRunning { process.terminate() }
    }
    return nil
  }

  private init(display: String, process: Process) {
    self.display = display
    self.process = process
  }

  /// Stops the server (`Process.stopServer(grace:)`); after a SIGKILL its lock file and socket are
  /// left behind, and are removed here.
  deinit {
    process.stopServer()
    let number = display.dropFirst()
    try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
    try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
  }
}
