import ChatDemoCore
import Foundation

extension DemoMain {
  /// `--accessibility-serve SCENARIO`: the scenario headless with its accessibility tree on the
  /// AT-SPI bus, then steps from standard input (see `ScenarioRunner.serveAccessibility(input:)`).
  static func serveAccessibility(_ scenarioURL: URL) -> Int32 {
    guard let assets = AssetLocator.assetsDirectory() else { return fail("cannot find the Assets folder") }
    do {
      let scenario = try Scenario(contentsOf: scenarioURL)
      let runner = ScenarioRunner(
        scenario: scenario, options: ScenarioRunner.Options(stickerDirectory: assets.appendingPathComponent("Stickers"))
      )
      let report = try runner.serveAccessibility()
      print(summary(report))
      return report.passed ? 0 : 1
    } catch {
      return fail("\(scenarioURL.lastPathComponent): \(error)")
    }
  }
}
