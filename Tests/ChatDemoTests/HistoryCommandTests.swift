import ChatDemoCore
import ChatKit
import ChatModel
import ChatStore
import CommandLineSupport
import Foundation
import ReuseKitTestSupport
import Testing

@testable import ChatDemo

/// `chat-demo --generate … --out X.sqlite`, `--import` and `--export`.
@Suite @MainActor struct HistoryCommandTests {
  @Test func parsesTheHistoryCommands() throws {
    #expect(
      try DemoCommand.parse(["--import", "a.json", "--out", "b.sqlite"])
        == .importTranscript(input: URL(fileURLWithPath: "a.json"), output: URL(fileURLWithPath: "b.sqlite")))
    #expect(
      try DemoCommand.parse(["--export", "b.sqlite", "--out", "a.json"])
        == .exportHistory(input: URL(fileURLWithPath: "b.sqlite"), output: URL(fileURLWithPath: "a.json")))
    #expect(
      try DemoCommand.parse(["--history", "h.sqlite", "--quit-after", "2"])
        == .history(store: URL(fileURLWithPath: "h.sqlite"), quitAfter: 2, stickers: nil))
    #expect(throws: CommandLineError.self) {
      try DemoCommand.parse(["--history", "h.sqlite", "--transcript", "t.json"])
    }
    #expect(throws: CommandLineError.self) { try DemoCommand.parse(["--import", "a.json"]) }
    #expect(throws: CommandLineError.self) { try DemoCommand.parse(["--export", "b.sqlite"]) }
    #expect(throws: CommandLineError.self) {
      try DemoCommand.parse(["--import", "a.json", "--export", "b.sqlite", "--out", "c"])
    }
    #expect(
      HistoryFile.isStore(URL(fileURLWithPath: "x.SQLite")) && !HistoryFile.isStore(URL(fileURLWithPath: "x.json")))
  }

  @Test func generateImportAndExportRoundTrip() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let generated = directory.appendingPathComponent("generated.sqlite")
    let json = directory.appendingPathComponent("transcript.json")
    let imported = directory.appendingPathComponent("imported.db")
    let exported = directory.appendingPathComponent("exported.json")
    #expect(DemoMain.run(try DemoCommand.parse(["--generate", "700", "--seed", "4", "--out", generated.path])) == 0)
    #expect(DemoMain.run(try DemoCommand.parse(["--generate", "700", "--seed", "4", "--out", json.path])) == 0)
    #expect(DemoMain.run(try DemoCommand.parse(["--import", json.path, "--out", imported.path])) == 0)
    #expect(DemoMain.run(try DemoCommand.parse(["--export", imported.path, "--out", exported.path])) == 0)
    let expected = TranscriptGenerator(messages: 700, seed: 4).generate()
    #expect(try TranscriptFile.load(exported) == expected)
    #expect(try Array(ChatStore(contentsOf: generated, access: .readOnly).messages()) == expected.messages)
    #expect(try Array(ChatStore(contentsOf: imported, access: .readOnly).messages()) == expected.messages)
  }

  @Test func badInputsFailWithStatusTwoAndTouchNothing() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let existing = directory.appendingPathComponent("existing.sqlite")
    let notJSON = directory.appendingPathComponent("broken.json")
    let output = directory.appendingPathComponent("out.json")
    try Data("keep".utf8).write(to: existing)
    try Data("{\"messages\": [".utf8).write(to: notJSON)
    try Data("old".utf8).write(to: output)
    #expect(DemoMain.run(try DemoCommand.parse(["--generate", "5", "--out", existing.path])) == 2)
    #expect(
      DemoMain.run(try DemoCommand.parse(["--import", notJSON.path, "--out", "\(directory.path)/n.sqlite"])) == 2)
    #expect(DemoMain.run(try DemoCommand.parse(["--export", existing.path, "--out", output.path])) == 2)
    #expect(DemoMain.run(try DemoCommand.parse(["--export", notJSON.path, "--out", output.path])) == 2)
    #expect(try Data(contentsOf: existing) == Data("keep".utf8))
    #expect(try Data(contentsOf: output) == Data("old".utf8))
    #expect(!FileManager.default.fileExists(atPath: "\(directory.path)/n.sqlite"))
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)) == [
        "existing.sqlite", "broken.json", "out.json",
      ])
  }
}
