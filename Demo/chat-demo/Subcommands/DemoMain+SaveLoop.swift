import ChatDemoCore
import ChatKit
import ChatModel
import Foundation

/// `--save-loop`, a hook for tests that run `chat-demo` as a child process (not in `--help`).
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
}
