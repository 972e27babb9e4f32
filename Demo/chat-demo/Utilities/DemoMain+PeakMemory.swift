import Foundation

/// A hook for tests that measure a run's memory in a child process.
extension DemoMain {
  /// The environment variable that makes `chat-demo` print its peak memory when it ends (a test hook).
  nonisolated static let peakMemoryVariable = "CHAT_DEMO_PRINT_PEAK_MEMORY"

  /// Prints `peak memory: N kB` (the peak resident set, `VmHWM`) to standard error when
  /// ``peakMemoryVariable`` is set: how tests measure a run's memory in a child process.
  nonisolated static func reportPeakMemoryIfAsked() {
    guard ProcessInfo.processInfo.environment[peakMemoryVariable] != nil,
      let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return }
    let kilobytes = line.split(separator: " ").dropFirst().first.map(String.init) ?? "?"
    FileHandle.standardError.write(Data("peak memory: \(kilobytes) kB\n".utf8))
  }
}
