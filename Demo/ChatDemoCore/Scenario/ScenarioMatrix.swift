import Foundation
import Instrumentation
import TextEngine

/// Runs one scenario under none, edit, scroll and both, and tabulates the counters.
public struct ScenarioMatrix: Codable, Equatable, Sendable {
  /// One policy set's result.
  public struct Row: Codable, Equatable, Sendable {
    /// `none`, `edit`, `scroll` or `both`.
    public var policy: String
    public var counters: Counters
    public var expectationsPassed: Bool
    public var framesRendered: Int
  }

  public var scenario: String
  public var rows: [Row]

  /// Runs the four combinations, each in a fresh session; screenshots go to one subfolder per
  /// combination (`none/`, `edit/`, `scroll/`, `both/`).
  @MainActor
  public static func run(_ scenario: Scenario, options: ScenarioRunner.Options) throws(ScenarioError) -> ScenarioMatrix
  {
    var rows: [Row] = []
    for policy in TextAttachmentViewProviderReusePolicy.allCombinations {
      var options = options
      options.policyOverride = policy
      if let directory = options.screenshotsDirectory?.appendingPathComponent(policy.shortName) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        options.screenshotsDirectory = directory
      }
      let report = try ScenarioRunner(scenario: scenario, options: options).run()
      rows.append(
        Row(
          policy: policy.shortName, counters: report.counters, expectationsPassed: report.passed,
          framesRendered: report.framesRendered))
    }
    return ScenarioMatrix(scenario: scenario.name, rows: rows)
  }

  /// A plain-text table: one row per policy set, one column per counter.
  public var table: String {
    let columns: [(String, Counter)] = [
      ("created", .providersCreated), ("reused", .providersReusedOnEdit), ("discarded", .providersDiscarded),
      ("loaded", .viewsLoaded), ("viewsGone", .viewsDiscarded), ("cached", .surfacesCachedOnScrollOut),
      ("restored", .surfacesRestoredOnScrollIn), ("evicted", .surfacesEvicted), ("animStates", .animationStatesCreated),
      ("RESETS", .animationResets), ("fragments", .layoutFragmentsCreated), ("passes", .viewportLayoutPasses),
    ]
    var lines = ["scenario: \(scenario)"]
    let header = ["policy".padding(7)] + columns.map { $0.0.padding(max(8, $0.0.count), left: true) } + ["expect"]
    lines.append(header.joined(separator: " "))
    for row in rows {
      let cells =
        [row.policy.padding(7)]
        + columns.map { String(row.counters[$0.1]).padding(max(8, $0.0.count), left: true) }
        + [row.expectationsPassed ? "pass" : "FAIL"]
      lines.append(cells.joined(separator: " "))
    }
    lines.append(
      "columns: created=providersCreated reused=providersReusedOnEdit discarded=providersDiscarded loaded=viewsLoaded "
        + "viewsGone=viewsDiscarded cached=surfacesCachedOnScrollOut restored=surfacesRestoredOnScrollIn "
        + "evicted=surfacesEvicted animStates=animationStatesCreated RESETS=animationResets "
        + "fragments=layoutFragmentsCreated passes=viewportLayoutPasses")
    return lines.joined(separator: "\n")
  }

  /// Pretty JSON with sorted keys.
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(self)
  }
}

extension String {
  fileprivate func padding(_ width: Int, left: Bool = false) -> String {
    guard count < width else { return self }
    let pad = String(repeating: " ", count: width - count)
    return left ? pad + self : self + pad
  }
}
