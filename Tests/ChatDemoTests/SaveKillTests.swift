import ChatDemoCore
import ChatKit
import ChatModel
import Foundation
import ReuseKitTestSupport
import Testing

/// kill -9 during saves, with `chat-demo --save-loop` as the child process.
@Suite struct SaveKillTests {
  /// `chat-demo`, built beside the test runner by `swift build --build-tests`.
  /// The built `chat-demo`, if it was built (the tests require it).
  static let chatDemo = BuiltProducts.executable(named: "chat-demo")

  /// Starts `chat-demo --save-loop` and returns it once it has cleaned up and reported how many
  /// leftover temporary files it removed.
  private func start(_ url: URL, messages: Int, count: Int? = nil) throws -> (Process, removed: Int) {
    let process = Process()
    process.executableURL = Self.chatDemo
    process.arguments =
      ["--save-loop", url.path, "--generate", "\(messages)"] + (count.map { ["--save-count", "\($0)"] } ?? [])
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    var output = ""
    while !output.contains("\n") {
      let data = pipe.fileHandleForReading.availableData
      if data.isEmpty { break }
      output += String(decoding: data, as: UTF8.self)
    }
    let removed = output.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    return (process, try #require(removed, "unexpected output: \(output)"))
  }

  private func temporaryFiles(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
  }

  @Test func killedSavesNeverCorruptTheFileAndTheNextStartRemovesTheirTemporaryFiles() throws {
    try #require(
      SaveKillTests.chatDemo != nil,
      "\(BuiltProducts.missing("chat-demo"))")
    let directory = RepositoryAssets.temporaryDirectory()
    let url = directory.appendingPathComponent("chat.json")
    let messages = 3_000
    let versions = [1, 2].map { TranscriptGenerator(messages: messages, seed: UInt64($0)).generate() }
    var leftover = 0
    var killedMidSave = 0
    for delay in [40, 70, 100, 130, 160, 190, 220, 250, 280, 310] {
      let (process, removed) = try start(url, messages: messages)
      #expect(removed == leftover, "the start must remove the killed save's temporary file")
      usleep(useconds_t(delay * 1_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal)
      if FileManager.default.fileExists(atPath: url.path) {
        let saved = try TranscriptFile.load(url)
        #expect(saved == versions[0] || saved == versions[1], "a killed save left a mixed file")
      }
      leftover = try temporaryFiles(in: directory).count
      #expect(leftover <= 1)
      killedMidSave += leftover
    }
    let (process, removed) = try start(url, messages: 10, count: 1)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(removed == leftover)
    #expect(try temporaryFiles(in: directory) == [])
    #expect(try TranscriptFile.load(url) == TranscriptGenerator(messages: 10, seed: 1).generate())
    print("kill -9 during saves: 10 kills, \(killedMidSave) mid-write, 0 corrupt files")
  }
}
