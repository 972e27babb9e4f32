import ChatDemoCore
import ChatKit
import ChatModel
import CommandLineSupport
import Foundation
import ReuseKitTestSupport
import Testing
import TextEngine

@testable import ChatDemo

@MainActor @Suite struct BadScenarioTests {
  nonisolated static let chat =
    #"{"messages": [{"from": "ana", "text": "hello"}, {"from": "ben", "parts": ["hi ", {"sticker": "wave"}]}]}"#

  /// (scenario JSON, words the error must contain)
  nonisolated static let cases: [(String, String)] = [
    (#"{"name": "x", "transcript": \#(chat), "steps": [{"op": "jump"}]}"#, "step 0 (jump): unknown op \"jump\""),
    (
      #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "select", "message": 9, "offset": 0}]}"#,
      "step 0 (select): message 9 is out of range 0..<2"
    ),
    (
      #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "scrollTo", "message": 2}]}"#,
      "step 0 (scrollTo): message 2 is out of range"
    ),
    (
      #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "type", "text": "a"}, {"op": "insertSticker", "sticker": "unicorn"}]}"#,
      "step 1 (insertSticker): unknown sticker \"unicorn\""
    ),
    (
      #"{"name": "x", "transcript": {"messages": [{"from": "a", "parts": [{"sticker": "nope"}]}]}, "steps": []}"#,
      "unknown sticker \"nope\""
    ),
    (
      #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "select", "message": 0, "offset": 6}]}"#,
      "offset 6 is past the end of message 0"
    ),
    (
      #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "expect", "counter": "bogus", "equals": 1}]}"#,
      "unknown counter \"bogus\""
    ),
    (#"{"name": "x", "transcript": \#(chat), "steps": [{"op": "key", "key": "tab"}]}"#, "unknown key \"tab\""),
    (#"{"name": "x", "transcript": \#(chat), "policies": ["sometimes"], "steps": []}"#, "unknown policy"),
    (
      #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "expect", "counter": "viewsLoaded"}]}"#,
      "needs exactly one of"
    ),
    (#"{"name": "x", "transcript": {"file": "missing.json"}, "steps": []}"#, "transcript:"),
    (
      #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "select", "message": 0, "offset": 0}"#,
      "malformed JSON at line 1, column"
    ),
    (
      #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "send", "parts": ["hi", 3]}]}"#,
      "step 0 (send): bad \"parts\": part 1: expected a string or {\"sticker\": name}"
    ),
    (
      #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "select", "message": true, "offset": 0}]}"#,
      "step 0 (select): \"message\" must be an integer"
    ),
    (
      #"{"name": "x", "transcript": {"messages": [{"from": "a"}]}, "steps": []}"#,
      "transcript: message 0 needs \"text\" or a \"parts\" array (line 1, column 43)"
    ),
    ("{\"name\": \"x\",\n \"steps\": [01]}", "malformed JSON at line 2, column 13: expected ',' or ']', found '1'"),
    // Issue 14: `start + at + length` overflowed (SIGILL) before it was checked.
    (
      #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "select", "message": 1, "offset": 2, "length": 9223372036854775807}]}"#,
      "step 0 (select): length 9223372036854775807 runs past the end of the document"
    ),
    (
      #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "select", "message": 1, "offset": "end", "length": 9223372036854775000}]}"#,
      "step 0 (select): length 9223372036854775000 runs past the end of the document"
    ),
    (
      #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "select", "message": 9223372036854775807, "offset": 9223372036854775807}]}"#,
      "step 0 (select): message 9223372036854775807 is out of range 0..<2"
    ),
    (
      #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "select", "message": 0, "offset": 9223372036854775807, "length": 9223372036854775807}]}"#,
      "offset 9223372036854775807 is past the end of message 0"
    ),
    (
      #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "select", "message": 0, "offset": 0, "length": 1e300}]}"#,
      "step 0 (select): \"length\" must be an integer"
    ),
    (
      #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "select", "message": 0, "offset": -1}]}"#,
      "step 0 (select): \"offset\" must be an integer in 0..."
    ),
  ]

  @Test(arguments: 0..<cases.count)
  func badScenariosExitTwoWithAClearMessage(index: Int) throws {
    let (json, expected) = Self.cases[index]
    let directory = RepositoryAssets.temporaryDirectory()
    let file = directory.appendingPathComponent("bad.json")
    try Data(json.utf8).write(to: file)
    var message = ""
    do {
      let scenario = try Scenario(contentsOf: file)
      _ = try ScenarioRunner(
        scenario: scenario,
        options: .init(stickerDirectory: RepositoryAssets.stickers)
      ).run()
      Issue.record("case \(index) ran without an error")
    } catch {
      message = error.description
    }
    #expect(message.contains(expected), "got: \(message)")
    let command = DemoCommand.headless(.init(scenario: file, policy: nil, report: nil, screenshots: nil, matrix: false))
    #expect(DemoMain.run(command) == 2)
  }

  @Test func anOversizedScenarioFileIsRefusedBeforeReading() throws {
    let file = RepositoryAssets.temporaryDirectory().appendingPathComponent("huge.json")
    #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: UInt64(Scenario.maximumFileBytes + 1))
    try handle.close()
    #expect(throws: ScenarioError.self) { try Scenario(contentsOf: file) }
    let command = DemoCommand.headless(.init(scenario: file, policy: nil, report: nil, screenshots: nil, matrix: false))
    #expect(DemoMain.run(command) == 2)
  }

  @Test func hostileButValidStepsRunAndLeaveTheDocumentIntact() throws {
    let steps = [
      #"{"op": "select", "message": 0, "offset": 0}"#,  // the keys below go to the transcript
      #"{"op": "scrollBy", "dy": 1.7e308}"#, #"{"op": "scrollBy", "dy": 1.7e308}"#,
      #"{"op": "scrollBy", "dy": -1.7e308}"#, #"{"op": "scrollBy", "dy": -1.7e308}"#,
      #"{"op": "key", "key": "right", "repeat": 1000}"#, #"{"op": "key", "key": "delete", "repeat": 50}"#,
      #"{"op": "key", "key": "left", "repeat": 1000}"#, #"{"op": "key", "key": "backspace", "repeat": 50}"#,
      #"{"op": "undo", "repeat": 100000}"#, #"{"op": "redo", "repeat": 100000}"#, #"{"op": "undo", "repeat": 100000}"#,
      #"{"op": "paste"}"#, #"{"op": "resize", "width": 100, "height": 100}"#,
      #"{"op": "resize", "width": 8000, "height": 8000}"#, #"{"op": "advance", "seconds": 0}"#,
      #"{"op": "select", "message": 1, "offset": "end", "length": 0}"#,
      #"{"op": "select", "message": 0, "offset": 0, "length": 8}"#, #"{"op": "copy"}"#,
      #"{"op": "undo", "repeat": 100000}"#,
    ]
    let json = #"{"name": "x", "transcript": \#(Self.chat), "steps": [\#(steps.joined(separator: ", "))]}"#
    let scenario = try Scenario(jsonData: Data(json.utf8), baseDirectory: RepositoryAssets.scenarios)
    var view: TextView?
    let report = try ScenarioRunner(
      scenario: scenario,
      options: .init(
        stickerDirectory: RepositoryAssets.stickers,
        makeHost: { context in
          let host = SDLScenarioHost(context: context)
          view = host.textView
          return host
        })
    ).run()
    #expect(report.errors == [])
    let storage = try #require(view?.textContentManager)
    #expect(try storage.attributedString(in: 0..<storage.length).string == "hello\nhi \u{FFFC}")
    #expect(view?.reuseInvariantViolations() == [])
  }

  @Test func aReportThatCannotBeWrittenIsAClearErrorNotACrash() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let file = directory.appendingPathComponent("ok.json")
    try Data(#"{"name": "x", "transcript": \#(Self.chat), "steps": []}"#.utf8).write(to: file)
    for report in [
      directory, directory.appendingPathComponent("missing/report.json"), URL(fileURLWithPath: "/dev/null"),
    ] {
      for matrix in [false, true] {
        let options = DemoCommand.HeadlessOptions(
          scenario: file, policy: nil, report: report, screenshots: nil, matrix: matrix)
        #expect(DemoMain.run(.headless(options)) == 2)
      }
    }
    let error = #expect(throws: TranscriptError.self) {
      try TranscriptFile.write([1, 2], to: directory, what: "the report")
    }
    #expect(
      error?.description
        == "\(directory.path): refusing to write the report over a directory: only regular files are replaced")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["ok.json"])
  }

  @Test func sendPartsJoinStringsInARowAndUnknownFieldsAreSkipped() throws {
    let json = #"""
      {"name": "x", "transcript": \#(Self.chat), "comment": [[1, 2], {"a": 3}],
       "steps": [{"op": "send", "note": "ignored", "parts": ["a", "", "b", {"sticker": "wave"}, "", "c"]}]}
      """#
    let scenario = try Scenario(jsonData: Data(json.utf8), baseDirectory: RepositoryAssets.scenarios)
    #expect(scenario.steps == [.send([.text("ab"), .sticker("wave"), .text("c")])])
  }

  @Test func aKnownFieldHoldsAtMostAThousandMembers() throws {
    let policies = Array(repeating: #""onScrollingOutOfViewport""#, count: 1_001).joined(separator: ", ")
    let json = #"{"name": "x", "transcript": \#(Self.chat), "policies": [\#(policies)], "steps": []}"#
    let error = #expect(throws: ScenarioError.self) {
      try Scenario(jsonData: Data(json.utf8), baseDirectory: RepositoryAssets.scenarios)
    }
    #expect(
      error?.description.contains("\"policies\" has more than 1000 elements") == true, "\(String(describing: error))")
  }

  @Test func aScenarioThatIsNotARegularFileIsRefusedWithoutReadingIt() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let fifo = directory.appendingPathComponent("scenario.json")
    #expect(mkfifo(fifo.path, 0o644) == 0)  // reading it would block for ever
    for url in [fifo, directory] {
      let error = #expect(throws: ScenarioError.self) { try Scenario(contentsOf: url) }
      #expect(error?.description.contains("is not a regular file") == true, "\(String(describing: error))")
    }
  }

  @Test func badFlagsAreUsageErrors() {
    #expect(throws: CommandLineError.self) { try DemoCommand.parse(["--generate", "100000001"]) }
    #expect(throws: CommandLineError.self) { try DemoCommand.parse(["--generate", "99999999999999999999"]) }
    #expect(throws: CommandLineError.self) { try DemoCommand.parse(["--policy", "always"]) }
    #expect(throws: CommandLineError.self) { try DemoCommand.parse(["--frobnicate"]) }
    #expect(throws: CommandLineError.self) { try DemoCommand.parse(["--scenario", "x.json"]) }
    #expect(throws: CommandLineError.self) { try DemoCommand.parse(["--generate", "many"]) }
  }

  @Test func helpWorks() throws {
    #expect(try DemoCommand.parse(["--help"]) == .help)
    #expect(DemoMain.run(.help) == 0)
    for flag in [
      "--headless", "--scenario", "--policy", "--report", "--screenshots", "--matrix", "--generate", "F2", "F3",
    ] {
      #expect(DemoCommand.helpText.contains(flag))
    }
  }

  @Test func aFailedExpectationExitsOne() throws {
    let file = RepositoryAssets.temporaryDirectory().appendingPathComponent("fails.json")
    let json =
      #"{"name": "x", "transcript": \#(Self.chat), "steps": [{"op": "expect", "counter": "providersCreated", "equals": 99}]}"#
    try Data(json.utf8).write(to: file)
    #expect(
      DemoMain.run(.headless(.init(scenario: file, policy: nil, report: nil, screenshots: nil, matrix: false))) == 1)
    // The matrix judges the row the expectations are written for (both policies here): it fails too.
    #expect(
      DemoMain.run(.headless(.init(scenario: file, policy: nil, report: nil, screenshots: nil, matrix: true))) == 1)
  }
}
