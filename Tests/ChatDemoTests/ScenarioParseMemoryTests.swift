import ChatDemoCore
import Foundation
import ReuseKitTestSupport
import Testing

@testable import ChatDemo

/// The peak memory of parsing a scenario, measured in a `chat-demo` child process (its peak
/// resident set, which it prints when asked): the documented cap is 8 bytes per byte of JSON, plus
/// the file.
@Suite struct ScenarioParseMemoryTests {
  /// (name, JSON before the repeated unit, unit, JSON after it)
  static let shapes: [(String, String, String, String)] = [
    ("numbers in an unknown field", #"{"name": "x", "transcript": \#(chat), "junk": ["#, "1,", #"1], "steps": ["#),
    (
      "arrays in a step's unknown field", #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "cut", "x": ["#,
      "[],", "[]}, "
    ),
    (
      "empty strings in parts", #"{"name": "x", "transcript": \#(chat), "steps": [{"op": "send", "parts": ["#, "\"\",",
      #""b"]}, "#
    ),
    ("small steps", #"{"name": "x", "transcript": \#(chat), "steps": ["#, #"{"op": "cut"},"#, ""),
    (
      "small messages", #"{"name": "x", "transcript": {"messages": ["#, #"{"from": "a", "text": ""},"#,
      #"{"from": "a", "text": "x"}]}, "steps": ["#
    ),
  ]
  static let chat = #"{"messages": [{"from": "ana", "text": "hello"}]}"#
  /// The tail that makes every file fail after it is parsed (so that nothing runs).
  static let tail = #"{"op": "bogus"}]}"#

  /// Runs `chat-demo` with `arguments` and returns its exit status and peak RSS in bytes.
  private func run(_ arguments: [String]) throws -> (status: Int32, peakBytes: Int) {
    let process = Process()
    process.executableURL = SaveKillTests.chatDemo
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging([DemoMain.peakMemoryVariable: "1"]) { $1 }
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let line = output.split(separator: "\n").last { $0.hasPrefix("peak memory: ") }
    let kilobytes = try #require(line?.split(separator: " ").dropFirst(2).first.flatMap { Int($0) }, "\(output)")
    return (process.terminationStatus, kilobytes * 1_024)
  }

  @Test(.enabled(if: Sanitizers.areOff, "measures memory: not under a sanitizer"))
  func parsingAScenarioHoldsAtMostEightBytesPerByte() throws {
    try #require(
      SaveKillTests.chatDemo != nil,
      "\(BuiltProducts.missing("chat-demo"))")
    let directory = RepositoryAssets.temporaryDirectory()
    let small = directory.appendingPathComponent("small.json")
    try Data((#"{"name": "x", "transcript": \#(Self.chat), "steps": ["# + Self.tail).utf8).write(to: small)
    let baseline = try run(["--headless", "--scenario", small.path])
    #expect(baseline.status == 2)
    let size = 4 << 20
    for (name, head, unit, after) in Self.shapes {
      let file = directory.appendingPathComponent("big.json")
      let repeats = (size - head.utf8.count - after.utf8.count - Self.tail.utf8.count) / unit.utf8.count
      try Data((head + String(repeating: unit, count: repeats) + after + Self.tail).utf8).write(to: file)
      let fileBytes = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
      let measured = try run(["--headless", "--scenario", file.path])
      #expect(measured.status == 2, "\(name): the file must parse, then fail on its last step")
      let perByte = Double(measured.peakBytes - baseline.peakBytes) / Double(fileBytes)
      print(
        "scenario parse, \(name): \(fileBytes) bytes, peak RSS +\(measured.peakBytes - baseline.peakBytes) bytes (\(String(format: "%.1f", perByte)) per byte, the file included)"
      )
      #expect(perByte <= 9, "\(name): \(perByte) bytes per byte (cap: 8, plus the file itself)")
    }
  }
}
