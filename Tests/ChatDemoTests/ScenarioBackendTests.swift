import ChatDemoCore
import ChatKit
import Foundation
import ReuseKitTestSupport
import Testing

@testable import ChatDemo

/// Every scenario that uses a transcript runs once on the JSON transcript and once on a chat store
/// imported from it (`chat-demo --import`), and both count the same: the reuse machinery cannot
/// tell the in-memory backend from the store-backed one.
///
/// Cases: every shipped scenario in `Assets/Scenarios`, and the seed session's scenes over
/// ``SeedScenarioTests/transcript`` (collapse/expand a day, typing into split views, the editor
/// scene). None is skipped: every step the runner has applies to a
/// store-backed document (the screenshot steps run without a screenshot directory here, so they
/// render nothing on either side). The report's per-attachment entries are compared whole, in
/// order: each gives its message and sticker on both backends (over a store, found by the
/// sticker's stored identifier), in document order.
@MainActor @Suite struct ScenarioBackendTests {
  /// A scenario by name: a shipped file, or a seed scene's steps over the seed transcript.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var steps: String?
    var testDescription: String { name }

    func scenario() throws -> Scenario {
      guard let steps else {
        return try Scenario(contentsOf: RepositoryAssets.scenarios.appendingPathComponent("\(name).json"))
      }
      let json = #"{"name": "\#(name)", "transcript": \#(SeedScenarioTests.transcript), "steps": [\#(steps)]}"#
      return try Scenario(jsonData: Data(json.utf8), baseDirectory: RepositoryAssets.temporaryDirectory())
    }
  }

  nonisolated static let cases =
    ScenarioRunnerTests.shipped.map { Case(name: $0) } + [
      Case(
        name: "seed-collapse-expand",
        steps: #"""
          {"op": "collapse", "day": 0}, {"op": "expand", "message": 2}, {"op": "scrollToBottom"},
          {"op": "collapse", "day": 1}, {"op": "expand", "day": 1}
          """#),
      Case(
        name: "seed-split-typing",
        steps: #"""
          {"op": "split", "split": "on"}, {"op": "select", "message": 5, "offset": 2, "view": 1},
          {"op": "type", "text": "ab", "view": 1}, {"op": "select", "message": 2, "offset": 1},
          {"op": "type", "text": "c"}, {"op": "undo"}, {"op": "split", "split": "off"}
          """#),
      Case(
        name: "seed-editor-scene",
        steps: #"""
          {"op": "scene", "scene": "editor"}, {"op": "select", "message": 1, "offset": 0},
          {"op": "type", "text": "Edited: "}, {"op": "scene", "scene": "chat"},
          {"op": "split", "split": "on"}, {"op": "collapse", "day": 0, "view": 1}
          """#),
    ]

  private func run(_ scenario: Scenario) throws -> ScenarioReport {
    let options = ScenarioRunner.Options(policyOverride: nil, stickerDirectory: RepositoryAssets.stickers)
    return try ScenarioRunner(scenario: scenario, options: options).run()
  }

  @Test(arguments: cases)
  func aScenarioCountsTheSameOnTheJSONTranscriptAndOnAnImportedStore(_ test: Case) throws {
    let scenario = try test.scenario()
    let directory = RepositoryAssets.temporaryDirectory()
    let json = directory.appendingPathComponent("chat.json")
    let store = directory.appendingPathComponent("chat.sqlite")
    try TranscriptFile.save(try scenario.loadTranscript(), to: json)
    #expect(DemoMain.run(.importTranscript(input: json, output: store)) == 0)
    var fromJSON = scenario
    fromJSON.transcript = .file(json)
    var fromStore = scenario
    fromStore.transcript = .history(store)
    let jsonReport = try run(fromJSON)
    let storeReport = try run(fromStore)
    #expect(storeReport.errors == [] && jsonReport.errors == [], "\(storeReport.errors) \(jsonReport.errors)")
    #expect(jsonReport.framesRendered > 0)
    #expect(storeReport.framesRendered == jsonReport.framesRendered)
    #expect(storeReport.counters == jsonReport.counters)
    #expect(storeReport.perProviderType == jsonReport.perProviderType)
    #expect(storeReport.views == jsonReport.views)
    #expect(storeReport.perAttachment == jsonReport.perAttachment)
    #expect(storeReport.expectations == jsonReport.expectations)
    #expect(storeReport.passed == jsonReport.passed)
  }
}
