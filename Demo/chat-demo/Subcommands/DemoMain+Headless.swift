import ChatDemoCore
import ChatKit
import ChatModel
import Foundation

/// `--headless --scenario FILE`: a scenario run offscreen (or its policy matrix), its report printed
/// and written.
extension DemoMain {
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
    runnerOptions.reducesMotion = options.motion.reducesMotion ?? false
    runnerOptions.prefetches = options.motion.prefetches
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
