import ChatDemoCore
import ChatKit
import ChatModel
import Foundation
import Instrumentation

/// `--headless --scenario FILE`: a scenario run offscreen (or its policy matrix), its report printed
/// and written.
extension DemoMain {
  /// Writes a report atomically, or says which file could not be written and why.
  private static func writeReport(_ data: () throws -> Data, to url: URL) -> String? {
    writeOutput(data, to: url, what: "the report")
  }

  /// Writes a file atomically, or says which could not be written and why.
  private static func writeOutput(_ data: () throws -> Data, to url: URL, what: String) -> String? {
    do {
      try TranscriptFile.write(Array(try data()), to: url, what: what)
      return nil
    } catch {
      return "cannot write \(what): \(error)"
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
    runnerOptions.reducesMotion = options.motion.reducesMotion ?? false
    runnerOptions.prefetches = options.motion.prefetches
    runnerOptions.tracesReuse = options.trace != nil
    do {
      if options.matrix {
        let matrix: ScenarioMatrix
        var timelines: ScenarioTimelines?
        if options.trace != nil || options.html != nil {
          timelines = try ScenarioTimelines.run(scenario, options: runnerOptions, tradeoff: options.html != nil)
          matrix = timelines!.matrix
        } else {
          matrix = try ScenarioMatrix.run(scenario, options: runnerOptions)
        }
        print(matrix.table)
        if let report = options.report, let message = writeReport(matrix.jsonData, to: report) {
          return fail(message)
        }
        if let timelines, let url = options.trace,
          let message = writeOutput({ Data(timelines.chromeTrace.utf8) }, to: url, what: "the trace")
        {
          return fail(message)
        }
        if let timelines, let url = options.html {
          let page = timelines.html(notes: [
            "Made by chat-demo --headless --scenario \(scenarioURL.lastPathComponent) --matrix."
          ])
          if let message = writeOutput({ Data(page.utf8) }, to: url, what: "the HTML report") { return fail(message) }
          print("report: \(url.path) (\(page.utf8.count / 1024) KiB)")
        }
        return matrix.passed ? 0 : 1
      }
      let runner = ScenarioRunner(scenario: scenario, options: runnerOptions)
      let report = try runner.run()
      print(summary(report))
      if let url = options.report, let message = writeReport(report.jsonData, to: url) { return fail(message) }
      if let url = options.trace, let trace = runner.trace {
        let json = ChromeTrace(timelines: [trace.closedTimeline()]).jsonString()
        if let message = writeOutput({ Data(json.utf8) }, to: url, what: "the trace") { return fail(message) }
      }
      return report.passed ? 0 : 1
    } catch {
      return fail("\(scenarioURL.lastPathComponent): \(error)")
    }
  }

  static func summary(_ report: ScenarioReport) -> String {
    var lines = [
      "scenario \(report.scenario) [\(report.policies.joined(separator: ", "))], scroll cache \(report.scrollCache): "
        + "\(report.framesRendered) frames"
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
}
