import Foundation

/// A Wayland compositor for a test: Weston on an X server of its own (Xvfb), or Weston's headless
/// backend, on a socket in a runtime directory of its own; stopped when released.
///
/// Weston's X11 backend gives clients a seat (keyboard and pointer, fed by the X server, so
/// `xdotool` can type into a Wayland client); its headless backend has none.
public final class WaylandCompositor {
  /// The `WAYLAND_DISPLAY` value (a socket name in ``runtimeDirectory``).
  public let socket: String
  /// The `XDG_RUNTIME_DIR` the socket is in.
  public let runtimeDirectory: URL
  /// The X server Weston's window is on (the X11 backend only).
  public let xserver: VirtualXServer?
  private let process: Process

  /// Whether Weston is installed (`make deps` installs it).
  public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/weston") }

  /// Starts Weston and waits until its socket exists.
  /// - Parameters:
  ///   - headless: Weston's headless backend (no seat) instead of its X11 backend on Xvfb.
  ///   - scale: The X11 backend's output scale (2: a 2× screen, as Wayland tells its clients).
  /// - Returns: The compositor, or why it did not start.
  public static func start(headless: Bool = false, scale: Int = 1) -> Result<WaylandCompositor, StartFailure> {
    guard isInstalled else { return .failure(StartFailure(reason: "weston is not installed")) }
    let xserver = headless ? nil : VirtualXServer.start()
    if !headless, xserver == nil { return .failure(StartFailure(reason: "Xvfb did not start")) }
    let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("wayland-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(
        at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      return .failure(StartFailure(reason: "no runtime directory: \(error)"))
    }
    let socket = "wayland-test-\(getpid())"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/weston")
    process.arguments =
      [
        "--socket=\(socket)", "--idle-time=0", "--no-config", "--shell=kiosk-shell.so",
      ]
      + (headless
        ? ["--backend=headless-backend.so"]
        : ["--backend=x11-backend.so", "--width=600", "--height=1000", "--scale=\(scale)"])
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_RUNTIME_DIR"] = runtime.path
    environment["DISPLAY"] = xserver?.display
    environment["WAYLAND_DISPLAY"] = nil
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return .failure(StartFailure(reason: "weston could not start: \(error)"))
    }
    let path = runtime.appendingPathComponent(socket).path
    let deadline = Date().addingTimeInterval(15)
    while process.isRunning, !FileManager.default.fileExists(atPath: path), Date() < deadline { usleep(50_000) }
    guard process.isRunning, FileManager.default.fileExists(atPath: path) else {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      return .failure(StartFailure(reason: "weston did not open its socket within 15 s"))
    }
    return .success(WaylandCompositor(socket: socket, runtime: runtime, xserver: xserver, process: process))
  }

  /// Why the compositor did not start.
  public struct StartFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public var reason: String
    /// The reason, as printed.
    public var description: String { reason }
  }

  private init(socket: String, runtime: URL, xserver: VirtualXServer?, process: Process) {
    self.socket = socket
    runtimeDirectory = runtime
    self.xserver = xserver
    self.process = process
  }

  /// The environment a client of this compositor runs in: `WAYLAND_DISPLAY`, `XDG_RUNTIME_DIR`,
  /// and `DISPLAY` only when `x11` is set (as in a desktop session, where XWayland offers it).
  /// - Parameter x11: Whether the client also sees an X display (the compositor's Xvfb).
  public func clientEnvironment(x11: Bool = false) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["WAYLAND_DISPLAY"] = socket
    environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
    environment["DISPLAY"] = x11 ? xserver?.display : nil
    environment["SDL_VIDEODRIVER"] = nil
    return environment
  }

  /// Types `keys` into the compositor's window with `xdotool` (X11 backend only): text as typed,
  /// then each key name (`Return`, `ctrl+s`).
  /// - Parameters:
  ///   - text: Characters to type.
  ///   - keys: Key names to press after them.
  /// - Returns: Whether `xdotool` ran and succeeded.
  @discardableResult
  public func type(_ text: String, then keys: [String] = []) -> Bool {
    guard let display = xserver?.display, FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
      return false
    }
    let script = """
      w=$(xdotool search --class weston | head -n 1) && [ -n "$w" ] && xdotool windowfocus --sync "$w" \
      && xdotool mousemove --window "$w" 300 500 && sleep 0.3 && xdotool type --delay 40 "$1" \
      && { [ $# -lt 2 ] || { shift; xdotool key --delay 40 "$@"; }; }
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, "type", text] + keys
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    process.environment = environment
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// Stops Weston (`Process.stopServer(grace:)`) and removes its runtime directory.
  deinit {
    process.stopServer()
    try? FileManager.default.removeItem(at: runtimeDirectory)
  }
}
