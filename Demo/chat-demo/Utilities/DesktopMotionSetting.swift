import Foundation

/// The desktop's reduce-motion setting, where GNOME keeps it (`org.gnome.desktop.interface
/// enable-animations`, read with `gsettings`, which SDL does not expose): the command line's job,
/// not the app's.
enum DesktopMotionSetting {
  /// Whether the desktop asks for reduced motion, and where that was read; `nil` when nothing says
  /// (no `gsettings`, no such key, or it did not answer in a second).
  static func read() -> (reducesMotion: Bool, source: String)? {
    guard let answer = run("/usr/bin/gsettings", ["get", "org.gnome.desktop.interface", "enable-animations"]) else {
      return nil
    }
    switch answer.trimmingCharacters(in: .whitespacesAndNewlines) {
    case "false": return (true, "the desktop's enable-animations is false")
    case "true": return (false, "the desktop's enable-animations is true")
    default: return nil
    }
  }

  /// Runs `path` with `arguments`; its standard output when it exits 0 within a second.
  private static func run(_ path: String, _ arguments: [String]) -> String? {
    guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let deadline = Date().addingTimeInterval(1)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    guard !process.isRunning else {
      process.terminate()
      return nil
    }
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }
}
