import ChatKit
import ChatModel
import Foundation

/// Hooks for tests that run `chat-demo` as a child process; none is in `--help`.
extension DemoMain {
  /// The hidden `--save-loop` test hook: removes leftover temporary files as a start does, then
  /// saves two different transcripts over `output` in turn, `count` times (forever when `nil`),
  /// for tests that kill the process mid-save.
  static func saveLoop(to output: URL, messages: Int, count: Int?) -> Int32 {
    let removed = TranscriptFile.removeLeftoverTemporaryFiles(for: output)
    FileHandle.standardOutput.write(Data("removed \(removed.count) leftover temporary files\n".utf8))
    let versions = [1, 2].map { TranscriptGenerator(messages: messages, seed: $0).generate() }
    var saves = 0
    while count.map({ saves < $0 }) ?? true {
      do {
        try TranscriptFile.save(versions[saves % 2], to: output)
      } catch {
        return fail("\(error)")
      }
      saves += 1
    }
    print("saved \(saves) times")
    return 0
  }

  /// The environment variable that makes `chat-demo` print its peak memory when it ends (a test hook).
  public nonisolated static let peakMemoryVariable = "CHAT_DEMO_PRINT_PEAK_MEMORY"

  /// Prints `peak memory: N kB` (the peak resident set, `VmHWM`) to standard error when
  /// ``peakMemoryVariable`` is set: how tests measure a run's memory in a child process.
  public nonisolated static func reportPeakMemoryIfAsked() {
    guard ProcessInfo.processInfo.environment[peakMemoryVariable] != nil,
      let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return }
    let kilobytes = line.split(separator: " ").dropFirst().first.map(String.init) ?? "?"
    FileHandle.standardError.write(Data("peak memory: \(kilobytes) kB\n".utf8))
  }
}
