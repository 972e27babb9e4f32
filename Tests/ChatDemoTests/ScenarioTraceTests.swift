import ChatDemoCore
import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

/// Every shipped scenario, traced under the four policy sets: the trace tells the counters' story
/// exactly (a reset instant per reset, a provider slice per provider created, a view slice per view
/// loaded), the file is a valid Chrome trace, and the HTML page draws the same.
@MainActor @Suite struct ScenarioTraceTests {
  /// Every scenario file in `Assets/Scenarios`.
  nonisolated static let scenarios: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: RepositoryAssets.scenarios.path)) ?? [])
    .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()

  private func timelines(_ name: String, tradeoff: Bool = false) throws -> ScenarioTimelines {
    let scenario = try Scenario(contentsOf: RepositoryAssets.scenarios.appendingPathComponent("\(name).json"))
    let options = ScenarioRunner.Options(stickerDirectory: RepositoryAssets.stickers)
    return try ScenarioTimelines.run(scenario, options: options, tradeoff: tradeoff)
  }

  @Test func everyShippedScenarioIsCovered() {
    #expect(Set(Self.scenarios).isSuperset(of: ["typing-burst", "long-scroll", "history-3000", "resize"]))
  }

  @Test(arguments: scenarios)
  func theTraceMatchesTheCountersUnderEveryPolicySet(name: String) throws {
    let traced = try timelines(name)
    #expect(traced.timelines.count == 4)
    let check = ChromeTraceCheck(traced.chromeTrace)
    #expect(check.problems.prefix(5) == [], "\(check.problems.count) problems")
    for (row, timeline) in zip(traced.matrix.rows, traced.timelines) {
      let counters = row.counters
      #expect(timeline.name == "policy \(row.policy)")
      #expect(timeline.count(of: .animationReset) == counters.animationResets, "\(row.policy)")
      #expect(timeline.count(of: .animationStateCreated) == counters.animationStatesCreated, "\(row.policy)")
      #expect(timeline.providersStarted == counters.providersCreated, "\(row.policy)")
      let ended = timeline.occurrences.flatMap(\.providers).filter { $0.endCause != nil }.count
      #expect(ended == counters.providersDiscarded, "\(row.policy)")
      #expect(timeline.count(of: .viewLoaded) == counters.viewsLoaded, "\(row.policy)")
      #expect(timeline.passes.count == counters.viewportLayoutPasses, "\(row.policy)")
      #expect(timeline.droppedEntries == 0)
      guard let pid = check.pid(named: "policy \(row.policy)") else {
        Issue.record("no process for \(row.policy)")
        continue
      }
      #expect((check.instants[pid]?["animation reset"] ?? 0) == counters.animationResets, "\(row.policy)")
      #expect((check.slices[pid]?["provider"] ?? 0) == counters.providersCreated, "\(row.policy)")
      #expect((check.slices[pid]?["pass"] ?? 0) == counters.viewportLayoutPasses, "\(row.policy)")
      let rows = check.trackNames[pid]?.values.filter { $0.hasPrefix("attachment ") }.count ?? 0
      #expect(rows == timeline.occurrences.count)
      // The steps' ruler: one slice per scenario step.
      #expect(
        timeline.steps.count
          == (try Scenario(
            contentsOf: RepositoryAssets.scenarios.appendingPathComponent("\(name).json")
          ).steps.count))
    }
  }

  @Test func thePageDrawsEachPolicySetsResetsAndTheTradeoff() throws {
    let traced = try timelines("long-scroll", tradeoff: true)
    #expect(traced.tradeoff.map(\.bound) == ["0", "8", "16", "32", "64", "unbounded"])
    let unbounded = try #require(traced.tradeoff.last)
    let none = try #require(traced.matrix.rows.first { $0.policy == "none" })
    let scroll = try #require(traced.matrix.rows.first { $0.policy == "scroll" })
    #expect(unbounded.resets == scroll.counters.animationResets)  // the scenario's own cache is unbounded
    #expect(unbounded.resetsAvoided == none.counters.animationResets - scroll.counters.animationResets)
    #expect(traced.tradeoff.first?.peakViews == 0)
    let page = traced.html()
    for (row, timeline) in zip(traced.matrix.rows, traced.timelines) {
      let section = try #require(
        page.components(separatedBy: "<svg class=\"timeline\" data-policy=\"\(row.policy)\"").last)
      let svg = String(section.prefix(while: { $0 != "\u{0}" }).components(separatedBy: "</svg>")[0])
      let resets = svg.matches(of: /class="reset" data-count="(\d+)"/).map { Int($0.1)! }.reduce(0, +)
      #expect(resets == row.counters.animationResets, "\(row.policy)")
      #expect(svg.components(separatedBy: "<g class=\"occurrence\"").count - 1 == timeline.occurrences.count)
    }
    #expect(page.components(separatedBy: "<circle class=\"point\"").count - 1 == 12)  // two charts of six
  }

  @Test func theThreeThousandMessageScenarioGivesAReportUnderFiveMegabytes() throws {
    let traced = try timelines("history-3000", tradeoff: true)
    let page = traced.html()
    #expect(page.utf8.count < 5_000_000)
    #expect(page.contains("data-aggregated=\"true\""))
    // The trade-off climbs with the bound: more views held avoid more resets.
    let avoided = traced.tradeoff.map(\.resetsAvoided)
    #expect(avoided == avoided.sorted() && avoided.first == 0 && avoided.last! > avoided.first!)
  }
}
