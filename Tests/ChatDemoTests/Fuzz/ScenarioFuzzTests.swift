import ChatDemoCore
import ChatKit
import ChatModel
import Foundation
import ReuseKitTestSupport
import Testing
import TextEngine

/// Seeded random sessions under each of the four policy sets, with the reuse invariants checked
/// after every frame.
///
/// `FUZZ_STEPS` is the total number of steps over the four sets (default 20,000: what `make test`
/// runs; `make fuzz` runs 1,000,000), in runs of ``stepsPerRun`` steps on a fresh 200-message
/// transcript; run `r` uses seed `FUZZ_SEED + r` (default seed 1). A failure names the seed, the
/// policy set and the step, and how to run just that seed again.
@MainActor @Suite struct ScenarioFuzzTests {
  nonisolated static let stepsPerRun = 1_000
  nonisolated static let environment = ProcessInfo.processInfo.environment
  nonisolated static let totalSteps = environment["FUZZ_STEPS"].flatMap { Int($0) } ?? 20_000
  nonisolated static let firstSeed = environment["FUZZ_SEED"].flatMap { UInt64($0) } ?? 1

  @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
  func randomSessionsKeepTheReuseInvariantsAfterEveryFrame(policy: TextAttachmentViewProviderReusePolicy) throws {
    let steps = max(Self.stepsPerRun, Self.totalSteps / 4)
    let runs = (steps + Self.stepsPerRun - 1) / Self.stepsPerRun
    var frames = 0
    var stepsRun = 0
    for run in 0..<runs {
      let seed = Self.firstSeed + UInt64(run)
      let count = min(Self.stepsPerRun, steps - run * Self.stepsPerRun)
      let transcript = TranscriptGenerator(messages: 200, seed: seed, stickerEvery: 2, stickerOnlyEvery: 3)
      let scenario = Scenario(name: "fuzz \(seed)", policies: policy, transcript: .generate(transcript), steps: [])
      var host: InvariantCheckingHost?
      let runner = ScenarioRunner(
        scenario: scenario,
        options: .init(
          stickerDirectory: RepositoryAssets.stickers,
          makeHost: { context in
            let made = InvariantCheckingHost(context: context)
            host = made
            return made
          }))
      var fuzzer = ScenarioFuzzer(seed: seed, steps: count)
      var last: ScenarioStep?
      do {
        let report = try runner.run { view in
          last = fuzzer.next(for: view)
          return last
        }
        #expect(report.errors == [], "seed \(seed) [\(policy.shortName)]: \(report.errors)")
      } catch {
        Issue.record(
          """
          fuzz seed \(seed) [policies \(policy.shortName)] failed: \(error) (last step: \(last.map { "\($0)" } ?? "none")); \
          reproduce with FUZZ_SEED=\(seed) FUZZ_STEPS=\(4 * Self.stepsPerRun) swift test --filter ScenarioFuzzTests
          """)
        return
      }
      frames += host?.frames ?? 0
      stepsRun += count
    }
    print(
      "fuzz [\(policy.shortName)]: \(runs) seeds from \(Self.firstSeed), \(stepsRun) steps, \(frames) frames checked, 0 violations"
    )
  }

  @Test func aBrokenInvariantFailsTheRunAtTheStepThatBrokeIt() throws {
    let scenario = Scenario(
      name: "broken", transcript: .generate(TranscriptGenerator(messages: 50, stickerEvery: 2)), steps: [])
    let runner = ScenarioRunner(
      scenario: scenario,
      options: .init(stickerDirectory: RepositoryAssets.stickers, makeHost: { InvariantCheckingHost(context: $0) }))
    var fuzzer = ScenarioFuzzer(seed: 7, steps: 100)
    var made = 0
    let error = #expect(throws: ScenarioError.self) {
      try runner.run { view in
        made += 1
        // Before step 39, count a provider that does not exist.
        if made == 40 { view.instrumentation.record(.providerCreated, attachmentID: -1) }
        return fuzzer.next(for: view)
      }
    }
    #expect(error?.step == 39, "\(String(describing: error))")
    #expect(error?.description.contains("reuse invariants broken") == true, "\(String(describing: error))")
  }
}
