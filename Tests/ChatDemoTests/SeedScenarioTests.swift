import ChatDemoCore
import Foundation
import Instrumentation
import ReuseKitSupport
import ReuseKitTestSupport
import SDLSupport
import SDLTestSupport
import Testing
import TextEngine

/// The scenario ops of the seed session's examples: `scene`, `collapse`/`expand`, `split`, `view`.
@MainActor @Suite struct SeedScenarioTests {
  nonisolated static let policies = TextAttachmentViewProviderReusePolicy.allCombinations

  /// Two days: yesterday (paragraphs 1–3 after separator 0; a sticker in 2), today (5–6 after
  /// separator 4; a sticker in 5).
  nonisolated static let transcript = #"""
    {"messages": [
      {"from": "ana", "time": "18:00", "date": "2026-11-29", "text": "See you tomorrow"},
      {"from": "me", "time": "18:01", "date": "2026-11-29", "parts": ["Sure ", {"sticker": "party"}, " yes"]},
      {"from": "ana", "time": "18:02", "date": "2026-11-29", "text": "Bye"},
      {"from": "me", "time": "08:00", "date": "2026-11-30", "parts": ["Morning ", {"sticker": "wave"}, " all"]},
      {"from": "ana", "time": "08:01", "date": "2026-11-30", "text": "Hi!"}
    ]}
    """#

  private func run(
    _ steps: String, policy: TextAttachmentViewProviderReusePolicy? = nil, screenshots: URL? = nil
  ) throws -> ScenarioReport {
    let json = #"{"name": "seed", "transcript": \#(Self.transcript), "steps": [\#(steps)]}"#
    let scenario = try Scenario(jsonData: Data(json.utf8), baseDirectory: RepositoryAssets.temporaryDirectory())
    let options = ScenarioRunner.Options(
      policyOverride: policy, screenshotsDirectory: screenshots, stickerDirectory: RepositoryAssets.stickers)
    return try ScenarioRunner(scenario: scenario, options: options).run()
  }

  private func error(_ steps: String) -> ScenarioError? {
    #expect(throws: ScenarioError.self) { try run(steps) }
  }

  @Test(arguments: policies)
  func collapseAndExpandADayByIndexOrMessage(policy: TextAttachmentViewProviderReusePolicy) throws {
    let caches = policy.contains(.onScrollingOutOfViewport)
    let steps = #"""
      {"op": "collapse", "day": 0},
      {"op": "expect", "counter": "\#(caches ? "surfacesCachedOnScrollOut" : "viewsDiscarded")", "equals": 1},
      {"op": "expand", "message": 2},
      {"op": "expect", "counter": "\#(caches ? "surfacesRestoredOnScrollIn" : "viewsLoaded")", "equals": \#(caches ? 1 : 3)},
      {"op": "expect", "counter": "providersCreated", "equals": 2}
      """#
    let report = try run(steps, policy: policy)
    #expect(report.passed, "\(report.expectations.filter { !$0.passed })")
    #expect(report.counters.providersDiscarded == 0)
    #expect(report.views.count == 1 && report.views[0].counters == report.counters)
  }

  /// The split narrows view 0 to 58% of the width, as in the window: its fragments are laid out again
  /// in place (a relayout, not an edit), so its two stickers keep their providers under every policy;
  /// only the typing in either view counts, in both views.
  @Test(arguments: policies)
  func typingInEitherSplitViewIsCountedPerView(policy: TextAttachmentViewProviderReusePolicy) throws {
    let keeps = policy.contains(.onEditingInlineParagraphs)
    let steps = #"""
      {"op": "split", "split": "on"},
      {"op": "select", "message": 5, "offset": 2, "view": 1},
      {"op": "type", "text": "ab", "view": 1},
      {"op": "expect", "counter": "animationResets", "equals": \#(keeps ? 0 : 2), "view": 1},
      {"op": "expect", "counter": "animationResets", "equals": \#(keeps ? 0 : 2)},
      {"op": "select", "message": 2, "offset": 1},
      {"op": "type", "text": "c"},
      {"op": "expect", "counter": "providersReusedOnEdit", "equals": \#(keeps ? 3 : 0), "view": 1},
      {"op": "expect", "counter": "providersReusedOnEdit", "equals": \#(keeps ? 3 : 0)},
      {"op": "split", "split": "off"}
      """#
    let report = try run(steps, policy: policy)
    #expect(report.passed, "\(report.expectations.filter { !$0.passed })")
    #expect(report.views.map(\.view) == [0, 1])
    #expect(report.views[0].counters == report.counters)
    #expect(report.views[1].counters.providersCreated == (keeps ? 2 : 5))
    #expect(report.views[1].counters.viewportLayoutPasses > 0)
  }

  @Test func theEditorSceneNumbersLinesAndEditsTheSameStorage() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let steps = #"""
      {"op": "scene", "scene": "editor"},
      {"op": "select", "message": 1, "offset": 0},
      {"op": "type", "text": "Edited: "},
      {"op": "screenshot", "name": "editor"},
      {"op": "scene", "scene": "chat"},
      {"op": "split", "split": "on"},
      {"op": "collapse", "day": 0, "view": 1},
      {"op": "screenshot", "name": "split"}
      """#
    let report = try run(steps, screenshots: directory)
    #expect(report.errors == [])
    #expect(report.screenshots.count == 2)
    let split = try RGBAImage(contentsOfPNG: directory.appendingPathComponent("split.png"))
    #expect(split.width == 480)  // the window's split: view 0 on 58% of the width, the rule, view 1
    let verifier = GoldenImageVerifier(directory: SDLTestEnvironment.goldensDirectory())
    let outcome = verifier.verify(split, named: "scenario-split-collapsed")
    #expect(outcome.passed, "\(outcome.message)")
  }

  @Test func theReportPlacesStickersByParagraphWhileADayIsCollapsed() throws {
    let report = try run(#"{"op": "collapse", "day": 0}"#)
    #expect(report.perAttachment.map(\.message) == [2, 5])
    #expect(report.perAttachment.map(\.sticker) == ["party", "wave"])
  }

  @Test func badSeedStepsAreClearErrors() {
    #expect(error(#"{"op": "type", "text": "x", "view": 1}"#)?.reason.contains("split on") == true)
    #expect(error(#"{"op": "type", "text": "x", "view": 2}"#)?.reason.contains("0 or 1") == true)
    #expect(error(#"{"op": "collapse", "day": 5}"#)?.reason.contains("2 days") == true)
    #expect(error(#"{"op": "collapse"}"#)?.reason.contains("exactly one") == true)
    #expect(error(#"{"op": "split", "split": "maybe"}"#)?.reason.contains("on") == true)
    #expect(error(#"{"op": "scene", "scene": "spreadsheet"}"#)?.reason.contains("chat or editor") == true)
  }
}
