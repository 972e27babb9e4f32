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

  /// Loads `resources` into the server's resource database (the root window's `RESOURCE_MANAGER`,
  /// as `xrdb` does), for example `"Xft.dpi:\t192"`. Start the server with `-noreset`: a server
  /// that resets when its last client leaves drops the database with it.
  /// - Parameter resources: The database's text, one `name:\tvalue` line each.
  /// - Returns: Whether `xprop` set it (`x11-utils`, which `make deps` installs).
  public func setResourceDatabase(_ resources: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xprop")
    process.arguments = [
      "-display", display, "-root", "-f", "RESOURCE_MANAGER", "8s", "-set", "RESOURCE_MANAGER", resources,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// The size of the top-level window called `title`, in pixels, as the X server has it (`xwininfo`).
  /// - Parameter title: The window's title.
  /// - Returns: Width and height, or `nil` when no such window is mapped or `xwininfo` is missing.
  public func windowSize(titled title: String) -> (width: Int, height: Int)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xwininfo")
    process.arguments = ["-display", display, "-name", title]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    func value(_ label: String) -> Int? {
      text.split(separator: "\n").lazy.compactMap { line -> Int? in
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix(label) else { return nil }
        return Int(trimmed.dropFirst(label.count).trimmingCharacters(in: .whitespaces))
      }.first
    }
    guard process.terminationStatus == 0, let width = value("Width:"), let height = value("Height:") else { return nil }
    return (width, height)
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
