import ChatDemoCore
import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing
import TextEngine

@MainActor @Suite struct ScenarioRunnerTests {
  nonisolated static let shipped = ["typing-burst", "split-merge", "delete-undo", "long-scroll"]

  private func options(_ policy: TextAttachmentViewProviderReusePolicy?) -> ScenarioRunner.Options {
    ScenarioRunner.Options(policyOverride: policy, stickerDirectory: RepositoryAssets.stickers)
  }

  private func scenario(_ name: String) throws -> Scenario {
    try Scenario(contentsOf: RepositoryAssets.scenarios.appendingPathComponent("\(name).json"))
  }

  @Test(arguments: shipped)
  func shippedScenariosPassWithBothPoliciesAndResetWithout(name: String) throws {
    let scenario = try scenario(name)
    let both = try ScenarioRunner(scenario: scenario, options: options(nil)).run()
    #expect(both.policies == ["onEditingInlineParagraphs", "onScrollingOutOfViewport"])
    #expect(both.passed, "\(both.expectations.filter { !$0.passed })")
    #expect(both.expectations.count >= 2)
    let none = try ScenarioRunner(scenario: scenario, options: options([])).run()
    #expect(!none.passed, "switching the policies off must break the scenario's expectations")
    #expect(none.counters.animationResets > both.counters.animationResets)
    #expect(none.framesRendered == both.framesRendered)
  }

  /// A resize relays out without editing (TextKit ties re-creation to editing a paragraph): the
  /// shipped resize scenario passes under every policy set, with no provider created and no reset.
  @Test func theResizeScenarioKeepsEveryStickerUnderEveryPolicy() throws {
    let scenario = try scenario("resize")
    for policy in TextAttachmentViewProviderReusePolicy.allCombinations {
      let report = try ScenarioRunner(scenario: scenario, options: options(policy)).run()
      #expect(report.passed, "\(policy.shortName): \(report.expectations.filter { !$0.passed })")
      #expect(report.counters.animationResets == 0 && report.counters.providersCreated == 5)
      #expect(report.counters.viewportLayoutPasses >= 3)
    }
  }

  @Test func typingBurstCountsUnderEachPolicy() throws {
    let scenario = try scenario("typing-burst")
    var resets: [String: Int] = [:]
    var created: [String: Int] = [:]
    for policy in TextAttachmentViewProviderReusePolicy.allCombinations {
      let report = try ScenarioRunner(scenario: scenario, options: options(policy)).run()
      resets[policy.shortName] = report.counters.animationResets
      created[policy.shortName] = report.counters.providersCreated
    }
    // 23 keystrokes in a message with 3 stickers: every keystroke re-creates them without the edit policy.
    #expect(resets == ["none": 69, "edit": 0, "scroll": 69, "both": 0])
    #expect(created == ["none": 74, "edit": 5, "scroll": 74, "both": 5])
  }

  /// The loop waits: once the caret has stopped blinking (10 s after the last input), a run with
  /// nothing animating on screen draws no frame over 10 s of manual clock; with a sticker on
  /// screen it draws one at each of the sticker's frames.
  @Test func aRunWithNothingAnimatingDrawsNoFrames() throws {
    /// Frames drawn by a run of `seconds`, each `advance` step 10 s long, over two messages, the
    /// second one `last` (a JSON message body).
    func frames(advancing steps: Int, last: String) throws -> Int {
      let advances = Array(repeating: #"{"op": "advance", "seconds": 10}"#, count: steps).joined(separator: ", ")
      let json = """
        {"name": "idle", "viewport": {"width": 360, "height": 400},
         "transcript": {"messages": [{"from": "ana", "time": "9:00", "text": "Good morning"}, \(last)]},
         "steps": [\(advances)]}
        """
      let scenario = try Scenario(jsonData: Data(json.utf8), baseDirectory: RepositoryAssets.scenarios)
      return try ScenarioRunner(scenario: scenario, options: options(nil)).run().framesRendered
    }
    let text = #"{"from": "me", "time": "9:01", "text": "Morning!"}"#
    let once = try frames(advancing: 1, last: text)
    #expect(once > 1, "the composer's caret blinks for its first 10 s")
    #expect(try frames(advancing: 2, last: text) == once, "then nothing changes: no frame in the next 10 s")
    let sticker = #"{"from": "me", "time": "9:01", "parts": [{"sticker": "party"}]}"#
    let animated = try frames(advancing: 2, last: sticker) - (try frames(advancing: 1, last: sticker))
    #expect(animated >= 10 * 20, "an animating sticker draws its frames (\(animated) in 10 s)")
  }

  @Test func theReportListsAttachmentsExpectationsAndFrames() throws {
    let report = try ScenarioRunner(scenario: try scenario("typing-burst"), options: options(nil)).run()
    #expect(report.perAttachment.count == 5)
    #expect(
      report.perAttachment.contains {
        $0.message == 1 && $0.sticker == "party" && $0.counters.providersReusedOnEdit == 23
      })
    // start, advance 0.5 s, select, 13 typed, select, 7 typed, 3 backspaces (one frame), advance 1 s
    #expect(report.framesRendered == 1 + 30 + 1 + 13 + 1 + 7 + 1 + 60)
    let json = try #require(String(data: try report.jsonData(), encoding: .utf8))
    for key in [
      "scenario", "policies", "counters", "perProviderType", "perAttachment", "expectations", "framesRendered",
      "screenshots",
    ] {
      #expect(json.contains("\"\(key)\""))
    }
  }

  @Test func theMatrixHasOneRowPerPolicySet() throws {
    let matrix = try ScenarioMatrix.run(try scenario("split-merge"), options: options(nil))
    #expect(matrix.rows.map(\.policy) == ["none", "edit", "scroll", "both"])
    #expect(matrix.rows.map(\.expectationsPassed) == [false, true, false, true])
    // The expectations are written for both policies: only that row is judged, so nothing fails.
    #expect(matrix.rows.map(\.expectationsApply) == [false, false, false, true])
    #expect(matrix.passed)
    #expect(matrix.table.contains("RESETS"))
    #expect(!matrix.table.contains("FAIL"))
    let resets = matrix.rows.map { String($0.counters.animationResets) }
    #expect(matrix.findings.count == 4)
    #expect(
      matrix.findings[1].contains("resets \(resets[0]) vs \(resets[1]): the edit policy keeps animations running"))
    #expect(matrix.findings[3].contains("resets \(resets[0]) vs \(resets[3])"))
  }
}
