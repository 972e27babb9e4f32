import ChatDemoCore
import Foundation
import ReuseKitTestSupport
import Testing

@testable import ChatDemo

/// rlottie's own `repro_infinite_loop.json` under `chat-demo --stickers DIR`, in a child process: in
/// process, rlottie never returned from a render past 0.25 s of animation and grew past 3 GB. With
/// the worker, the sticker becomes the placeholder with one error, the other sticker in the message
/// keeps animating, and the app's own peak resident set stays under 300 MiB.
@Suite struct InfiniteLoopStickerTests {
  @Test(.enabled(if: Sanitizers.areOff, "measures memory: not under a sanitizer"))
  func theAppStaysSmallAndTheOtherStickerPlaysOn() throws {
    let chatDemo = try #require(SaveKillTests.chatDemo, "\(BuiltProducts.missing("chat-demo"))")
    let directory = RepositoryAssets.temporaryDirectory()
    let stickers = directory.appendingPathComponent("pack")
    try FileManager.default.createDirectory(at: stickers, withIntermediateDirectories: true)
    let fixture = RepositoryAssets.directory.deletingLastPathComponent()
      .appendingPathComponent("Tests/StickersTests/Worker/Fixtures/repro_infinite_loop.json")
    try FileManager.default.copyItem(at: fixture, to: stickers.appendingPathComponent("loop.json"))
    let scenario = directory.appendingPathComponent("loop-scenario.json")
    try Data(
      #"""
      {"name": "infinite loop", "transcript": {"messages": [
         {"from": "ana", "parts": ["look ", {"sticker": "loop"}, " and ", {"sticker": "party"}]}]},
       "steps": [{"op": "advance", "seconds": 2}]}
      """#.utf8
    ).write(to: scenario)
    let report = directory.appendingPathComponent("report.json")
    let process = Process()
    process.executableURL = chatDemo
    process.arguments = [
      "--headless", "--scenario", scenario.path, "--stickers", stickers.path, "--report", report.path,
    ]
    process.environment = ProcessInfo.processInfo.environment.merging([DemoMain.peakMemoryVariable: "1"]) { $1 }
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    let started = Date()
    try process.run()
    // In process, the render never returned: a hang fails the test instead of stopping the suite.
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
    defer { watchdog.cancel() }
    let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(started)
    #expect(process.terminationReason == .exit, "the app was not killed: \(output)")
    #expect(process.terminationStatus == 0, "a bad sticker is reported, and the run goes on: \(output)")
    let line = output.split(separator: "\n").last { $0.hasPrefix("peak memory: ") }
    let kilobytes = try #require(line?.split(separator: " ").dropFirst(2).first.flatMap { Int($0) }, "\(output)")
    #expect(kilobytes < 300 * 1_024, "the app's peak resident set: \(kilobytes) kB")
    let result = try JSONDecoder().decode(ScenarioReport.self, from: Data(contentsOf: report))
    let loop = try #require(result.stickers.first { $0.name == "loop" })
    #expect(loop.status == .rejected)
    // The 250 ms budget, grown by the measured speed of the machine (a debug worker is slower).
    #expect(loop.reason?.contains("loop.json") == true, "\(loop.reason ?? "")")
    #expect(loop.reason?.contains("render took longer than") == true, "\(loop.reason ?? "")")
    #expect(loop.reason?.contains("250 ms") == true, "\(loop.reason ?? "")")
    let party = try #require(result.stickers.first { $0.name == "party" })
    #expect(party.status == .ok)
    #expect(result.framesRendered >= 60, "the party sticker drew its frames: \(result.framesRendered)")
    #expect(seconds < 60, "the run took \(seconds) s")
  }
}
