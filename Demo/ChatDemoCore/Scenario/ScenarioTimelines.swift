import Foundation
import Instrumentation
import TextEngine

/// A scenario's policy matrix traced: each row's timeline, and the scroll policy run at each cache
/// bound for the trade-off chart. `chat-demo --trace` writes its Chrome trace, `--html` its page.
package struct ScenarioTimelines {
  /// The cache bounds the trade-off runs (views; `nil`: unbounded).
  package static let tradeoffBounds: [Int?] = [0, 8, 16, 32, 64, nil]

  /// The matrix.
  package var matrix: ScenarioMatrix
  /// Each row's timeline, in the matrix's order (none, edit, scroll, both).
  package var timelines: [ReuseTimeline]
  /// The scroll policy at each of ``tradeoffBounds``; empty when not run.
  package var tradeoff: [ReuseReportPage.TradeoffPoint]

  /// Runs the matrix with every row traced, then, when `tradeoff`, the scroll policy alone at each
  /// cache bound in ``tradeoffBounds`` (each a fresh session, traced for its peaks).
  /// - Parameters:
  ///   - scenario: The scenario.
  ///   - options: How each run is set up.
  ///   - tradeoff: Whether to run the trade-off's bounds.
  /// - Returns: The matrix, its timelines and the trade-off's points.
  /// - Throws: ``ScenarioError`` from any run.
  @MainActor
  package static func run(
    _ scenario: Scenario, options: ScenarioRunner.Options, tradeoff: Bool
  ) throws(ScenarioError) -> ScenarioTimelines {
    var options = options
    options.tracesReuse = true
    var timelines: [ReuseTimeline] = []
    let matrix = try ScenarioMatrix.run(scenario, options: options) { runner in
      timelines.append(runner.trace?.closedTimeline() ?? ReuseTimeline(name: "policy \(runner.policies.shortName)"))
    }
    var points: [ReuseReportPage.TradeoffPoint] = []
    if tradeoff {
      let baseline = matrix.rows.first { $0.policy == "none" }?.counters.animationResets ?? 0
      options.policyOverride = .onScrollingOutOfViewport
      options.screenshotsDirectory = nil
      for bound in tradeoffBounds {
        var bounded = scenario
        bounded.scrollCache = ReuseCacheConfiguration(
          countLimit: bound ?? .max, keepsAnimationsAdvancing: scenario.scrollCache.keepsAnimationsAdvancing)
        let runner = ScenarioRunner(scenario: bounded, options: options)
        let report = try runner.run()
        let peaks = runner.trace?.timeline.peakGauges ?? (cachedViews: 0, cachedBytes: 0, liveProviders: 0)
        points.append(
          ReuseReportPage.TradeoffPoint(
            bound: bound.map(String.init) ?? "unbounded", resets: report.counters.animationResets,
            resetsAvoided: baseline - report.counters.animationResets, peakViews: peaks.cachedViews,
            peakBytes: peaks.cachedBytes))
      }
    }
    return ScenarioTimelines(matrix: matrix, timelines: timelines, tradeoff: points)
  }

  /// The timelines as one Chrome trace: a process per policy set.
  package var chromeTrace: String {
    ChromeTrace(timelines: timelines).jsonString()
  }

  /// The HTML report.
  /// - Parameter notes: Lines under the title (the command that made it).
  /// - Returns: The page.
  package func html(notes: [String] = []) -> String {
    let runs = zip(matrix.rows, timelines).map { row, timeline in
      ReuseReportPage.Run(policy: row.policy, counters: row.counters, timeline: timeline)
    }
    return ReuseReportPage(
      title: "Scenario \(matrix.scenario)",
      notes: ["Scroll cache: \(matrix.scrollCache). Policy sets: none, edit, scroll, both."] + notes,
      runs: runs, tradeoff: tradeoff
    ).html()
  }
}
