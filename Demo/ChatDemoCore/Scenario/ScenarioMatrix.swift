import Foundation
import Instrumentation
import TextEngine

/// Runs one scenario under none, edit, scroll and both, and tabulates the counters.
package struct ScenarioMatrix: Codable, Equatable, Sendable {
  /// One policy set's result.
  package struct Row: Codable, Equatable, Sendable {
    /// `none`, `edit`, `scroll` or `both`.
    package var policy: String
    /// The run's counters (view 0).
    package var counters: Counters
    /// Whether every `expect` step held in this run.
    package var expectationsPassed: Bool
    /// Whether the scenario's `expect` steps apply to this row: they are written for the policies
    /// the scenario names (both policies when it names none), so only that row is judged by them.
    package var expectationsApply: Bool
    /// Frames drawn in the run.
    package var framesRendered: Int
    /// Edits the run could not make (a full disk): any fails the matrix.
    package var editsNotSaved: Int
  }

  /// The scenario's name.
  package var scenario: String
  /// The bound of the chat views' scroll cache in every row (the report's `scrollCache`).
  package var scrollCache = ReuseCacheConfiguration.unbounded.description
  /// One row per policy set: none, edit, scroll, both.
  package var rows: [Row]

  /// Runs the four combinations, each in a fresh session; screenshots go to one subfolder per
  /// combination (`none/`, `edit/`, `scroll/`, `both/`).
  /// - Parameters:
  ///   - scenario: The scenario.
  ///   - options: How each run is set up (its policy is each row's).
  ///   - finished: Called with each row's runner after its run (its ``ScenarioRunner/trace``).
  /// - Returns: The matrix.
  @MainActor
  package static func run(
    _ scenario: Scenario, options: ScenarioRunner.Options, finished: (ScenarioRunner) -> Void = { _ in }
  ) throws(ScenarioError) -> ScenarioMatrix {
    var rows: [Row] = []
    for policy in TextAttachmentViewProviderReusePolicy.allCombinations {
      var options = options
      options.policyOverride = policy
      if let directory = options.screenshotsDirectory?.appendingPathComponent(policy.shortName) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        options.screenshotsDirectory = directory
      }
      let runner = ScenarioRunner(scenario: scenario, options: options)
      let report = try runner.run()
      finished(runner)
      rows.append(
        Row(
          policy: policy.shortName, counters: report.counters, expectationsPassed: report.expectationsPassed,
          expectationsApply: policy == scenario.intendedPolicies, framesRendered: report.framesRendered,
          editsNotSaved: report.editsNotSaved.count))
    }
    return ScenarioMatrix(scenario: scenario.name, scrollCache: scenario.scrollCache.description, rows: rows)
  }

  /// Whether every row whose expectations apply passed them, and every row made all its edits.
  package var passed: Bool {
    rows.allSatisfy { ($0.expectationsPassed || !$0.expectationsApply) && $0.editsNotSaved == 0 }
  }

  /// What each row shows against the row without policies, in words: `"resets 69 vs 0: the edit
  /// policy keeps animations running through edits"`.
  package var findings: [String] {
    guard let baseline = rows.first(where: { $0.policy == "none" }) else { return [] }
    let baseResets = baseline.counters.animationResets
    return rows.map { row in
      let resets = row.counters.animationResets
      let restored = row.counters.surfacesRestoredOnScrollIn
      let comparison = "resets \(baseResets) vs \(resets)"
      switch row.policy {
      case "none":
        return
          "none:   the baseline: \(baseResets) animations restart (edits re-create providers, scrolled-out views go)"
      case "edit":
        return "edit:   \(comparison): the edit policy keeps animations running through edits "
          + "(\(row.counters.providersReusedOnEdit) providers taken over)"
      case "scroll":
        return
          "scroll: \(comparison): the scroll policy keeps views across scrolling (\(restored) restored from the cache)"
      default:
        return
          "both:   \(comparison): with both, \(resets == 0 ? "no animation restarts" : "\(resets) restarts remain")"
      }
    }
  }

  /// A plain-text table: one row per policy set, one column per counter.
  package var table: String {
    let columns: [(String, Counter)] = [
      ("created", .providersCreated), ("reused", .providersReusedOnEdit), ("discarded", .providersDiscarded),
      ("loaded", .viewsLoaded), ("viewsGone", .viewsDiscarded), ("cached", .surfacesCachedOnScrollOut),
      ("restored", .surfacesRestoredOnScrollIn), ("evicted", .surfacesEvicted), ("animStates", .animationStatesCreated),
      ("RESETS", .animationResets), ("fragments", .layoutFragmentsCreated), ("passes", .viewportLayoutPasses),
      ("blankPx", .blankStickerPixelFrames), ("blankFrames", .blankFrames), ("late", .stickerFramesLate),
      ("prefetched", .framesPrefetched),
    ]
    var lines = ["scenario: \(scenario)", "scroll cache: \(scrollCache)"]
    let header = ["policy".padding(7)] + columns.map { $0.0.padding(max(8, $0.0.count), left: true) } + ["expect"]
    lines.append(header.joined(separator: " "))
    for row in rows {
      let cells =
        [row.policy.padding(7)]
        + columns.map { String(row.counters[$0.1]).padding(max(8, $0.0.count), left: true) }
        + [row.expectationsApply ? (row.expectationsPassed ? "pass" : "FAIL") : "-"]
      lines.append(cells.joined(separator: " "))
    }
    lines.append(
      "columns: created=providersCreated reused=providersReusedOnEdit discarded=providersDiscarded loaded=viewsLoaded "
        + "viewsGone=viewsDiscarded cached=surfacesCachedOnScrollOut restored=surfacesRestoredOnScrollIn "
        + "evicted=surfacesEvicted animStates=animationStatesCreated RESETS=animationResets "
        + "fragments=layoutFragmentsCreated passes=viewportLayoutPasses blankPx=blankStickerPixelFrames "
        + "blankFrames=blankFrames late=stickerFramesLate prefetched=framesPrefetched (the report's JSON has every counter)"
    )
    let judged = rows.first(where: \.expectationsApply)?.policy ?? "both"
    lines.append(
      "expect: the scenario's expect steps are written for its own policies (\(judged)); "
        + "the other rows show what changes without them (-).")
    lines.append("what each row shows:")
    lines += findings.map { "  " + $0 }
    return lines.joined(separator: "\n")
  }

  /// Pretty JSON with sorted keys.
  package func jsonData() throws -> Data {
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
