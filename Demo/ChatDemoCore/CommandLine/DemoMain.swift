import ChatKit
import ChatModel
import Foundation
import TextEngine

/// Runs a parsed ``DemoCommand`` and returns the exit status.
@MainActor
public enum DemoMain {
  /// The exit status: 0 success, 1 a failed expectation or an edit not saved, 2 bad input.
  public static func run(_ command: DemoCommand) -> Int32 {
    switch command {
    case .help:
      print(DemoCommand.helpText)
      return 0
    case .generate(let messages, let seed, let stickerEvery, let stickerOnlyEvery, let output):
      let generator = TranscriptGenerator(
        messages: messages, seed: seed, stickerEvery: stickerEvery, stickerOnlyEvery: stickerOnlyEvery)
      if let output, HistoryFile.isStore(output) { return generateHistory(generator, to: output) }
      return generate(generator, to: output)
    case .importTranscript(let input, let output):
      return importTranscript(input, to: output)
    case .exportHistory(let input, let output):
      return exportHistory(input, to: output)
    case .saveLoop(let output, let messages, let count):
      return saveLoop(to: output, messages: messages, count: count)
    case .storeEditLoop(let store, let tag):
      return storeEditLoop(store, tag: tag)
    case .headless(let options):
      return runHeadless(options)
    case .accessibilityServe(let scenario):
      return serveAccessibility(scenario)
    case .history(let store, let quitAfter, let stickers, let pausesUnfocused):
      guard hasDisplay else {
        return fail("--history needs a display; headless, run a scenario with \"transcript\": {\"history\": …}")
      }
      return DemoWindowLauncher.launch(
        history: store, quitAfter: quitAfter, stickers: stickers, pausesUnfocused: pausesUnfocused)
    case .interactive(let transcript, let quitAfter, let stickers, let pausesUnfocused):
      if hasDisplay {
        return DemoWindowLauncher.launch(
          transcript: transcript, quitAfter: quitAfter, stickers: stickers, pausesUnfocused: pausesUnfocused)
      }
      print("chat-demo: no display found — running the default scenario headless.")
      guard let assets = AssetLocator.assetsDirectory() else { return fail("cannot find the Assets folder") }
      let screenshots = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(
        "screenshots")
      let status = runHeadless(
        .init(
          scenario: assets.appendingPathComponent("Scenarios/typing-burst.json"), policy: nil, report: nil,
          screenshots: screenshots, matrix: true, stickers: stickers))
      if status != 2 { print("screenshots: \(screenshots.path)") }
      return status
    }
  }

  /// Whether an X11 or Wayland display is available.
  public static var hasDisplay: Bool {
    let environment = ProcessInfo.processInfo.environment
    return !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
  }

  /// Writes a report atomically, or says which file could not be written and why.
  private static func writeReport(_ data: () throws -> Data, to url: URL) -> String? {
    do {
      try TranscriptFile.write(Array(try data()), to: url, what: "the report")
      return nil
    } catch {
      return "cannot write the report: \(error)"
    }
  }

  static func runHeadless(_ options: DemoCommand.HeadlessOptions) -> Int32 {
    guard let scenarioURL = options.scenario else { return fail("--headless needs --scenario FILE") }
    guard let assets = AssetLocator.assetsDirectory() else { return fail("cannot find the Assets folder") }
    let scenario: Scenario
    do {
      scenario = try Scenario(contentsOf: scenarioURL)
    } catch {
      return fail("\(scenarioURL.path): \(error)")
    }
    if let screenshots = options.screenshots {
      try? FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
    }
    if let stickers = options.stickers, !isDirectory(stickers) {
      return fail("--stickers \(stickers.path): not a readable directory")
    }
    var runnerOptions = ScenarioRunner.Options(
      policyOverride: options.policy, screenshotsDirectory: options.screenshots,
      stickerDirectory: assets.appendingPathComponent("Stickers"), makeHost: { SDLScenarioHost(context: $0) })
    runnerOptions.userStickerDirectory = options.stickers
    do {
      if options.matrix {
        let matrix = try ScenarioMatrix.run(scenario, options: runnerOptions)
        print(matrix.table)
        if let report = options.report, let message = writeReport(matrix.jsonData, to: report) {
          return fail(message)
        }
        return matrix.passed ? 0 : 1
      }
      let runner = ScenarioRunner(scenario: scenario, options: runnerOptions)
      let report = try runner.run()
      print(summary(report))
      if let url = options.report, let message = writeReport(report.jsonData, to: url) { return fail(message) }
      return report.passed ? 0 : 1
    } catch {
      return fail("\(scenarioURL.lastPathComponent): \(error)")
    }
  }

  static func summary(_ report: ScenarioReport) -> String {
    var lines = [
      "scenario \(report.scenario) [\(report.policies.joined(separator: ", "))]: \(report.framesRendered) frames"
    ]
    lines.append(
      "  providersCreated \(report.counters.providersCreated), providersReusedOnEdit \(report.counters.providersReusedOnEdit), "
        + "viewsLoaded \(report.counters.viewsLoaded), animationResets \(report.counters.animationResets)")
    for expectation in report.expectations {
      lines.append(
        "  \(expectation.passed ? "pass" : "FAIL") step \(expectation.step): \(expectation.counter) "
          + "\(expectation.comparison) \(expectation.expected) (actual \(expectation.actual))")
    }
    for error in report.errors { lines.append("  error: \(error)") }
    if !report.editsNotSaved.isEmpty { lines.append("  FAIL \(report.editsNotSaved.count) edits not saved") }
    for sticker in report.stickers where sticker.status == .rejected || !sticker.warnings.isEmpty {
      let detail = sticker.reason ?? sticker.warnings.joined(separator: "; ")
      lines.append("  sticker \(sticker.name) [\(sticker.kind ?? "unknown")] \(sticker.status.rawValue): \(detail)")
    }
    return lines.joined(separator: "\n")
  }

  /// Whether `url` names a directory.
  static func isDirectory(_ url: URL) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
  }

  static func fail(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("chat-demo: \(message)\n".utf8))
    return 2
  }
}
