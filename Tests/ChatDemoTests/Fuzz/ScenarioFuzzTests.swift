import ChatDemoCore
import ChatKit
import ChatModel
import Foundation
import ReuseKitTestSupport
import Testing
import TextEngine

/// Seeded random sessions under each of the four policy sets, with what the policies promise
/// checked on real objects (``ReuseOracle``) after every viewport pass and frame.
///
/// `FUZZ_STEPS` is the total number of steps over the four sets (default 20,000: what `make test`
/// runs; `make fuzz` runs 1,000,000), in runs of ``stepsPerRun`` steps on a fresh 200-message
/// transcript; run `r` uses seed `FUZZ_SEED + r` (default seed 1). An odd seed runs on the window's
/// scroll cache bound (64 views / 32 MiB, fewer than the transcript's stickers, so views are evicted),
/// an even one on a scenario's default, TextKit's unbounded cache. A failure names the seed, the
/// policy set and the step, and how to run just that seed again.
@MainActor @Suite struct ScenarioFuzzTests {
  nonisolated static let stepsPerRun = 1_000
  nonisolated static let environment = ProcessInfo.processInfo.environment
  nonisolated static let totalSteps = environment["FUZZ_STEPS"].flatMap { Int($0) } ?? 20_000
  nonisolated static let firstSeed = environment["FUZZ_SEED"].flatMap { UInt64($0) } ?? 1

  /// What one fuzzed run did.
  struct Run {
    var frames = 0
    var checks = ReuseOracle.Checks()
  }

  /// Runs `steps` fuzzed steps from `seed` with `registered` policies for stickers, while the
  /// oracle expects what `promised` promises.
  /// - Throws: ``ScenarioError`` at the first step after which a promise did not hold.
  static func run(
    seed: UInt64, steps: Int, registered: TextAttachmentViewProviderReusePolicy,
    promised: TextAttachmentViewProviderReusePolicy, messages: Int = 200, onStep: (Int, TextView) -> Void = { _, _ in }
  ) throws(ScenarioError) -> Run {
    let transcript = TranscriptGenerator(messages: messages, seed: seed, stickerEvery: 2, stickerOnlyEvery: 3)
    var scenario = Scenario(name: "fuzz \(seed)", policies: registered, transcript: .generate(transcript), steps: [])
    scenario.scrollCache = seed % 2 == 1 ? .chatDemo : .unbounded
    var host: InvariantCheckingHost?
    let runner = ScenarioRunner(
      scenario: scenario,
      options: .init(
        stickerDirectory: RepositoryAssets.stickers,
        makeHost: { context in
          let made = InvariantCheckingHost(context: context, policy: promised)
          host = made
          return made
        }))
    var fuzzer = ScenarioFuzzer(seed: seed, steps: steps)
    var made = 0
    let report = try runner.run { view in
      let step = fuzzer.next(for: view)
      host?.oracle.step = step
      onStep(made, view)
      made += 1
      return step
    }
    #expect(report.errors == [], "seed \(seed) [\(registered.shortName)]: \(report.errors)")
    return Run(frames: host?.frames ?? 0, checks: host?.oracle.checks ?? .init())
  }

  @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
  func randomSessionsKeepWhatThePoliciesPromise(policy: TextAttachmentViewProviderReusePolicy) {
    let steps = max(Self.stepsPerRun, Self.totalSteps / 4)
    let runs = (steps + Self.stepsPerRun - 1) / Self.stepsPerRun
    var total = Run()
    var stepsRun = 0
    for run in 0..<runs {
      let seed = Self.firstSeed + UInt64(run)
      let count = min(Self.stepsPerRun, steps - run * Self.stepsPerRun)
      do {
        let result = try Self.run(seed: seed, steps: count, registered: policy, promised: policy)
        total.frames += result.frames
        total.checks += result.checks
      } catch {
        Issue.record(
          """
          fuzz seed \(seed) [policies \(policy.shortName)] failed: \(error); \
          reproduce with FUZZ_SEED=\(seed) FUZZ_STEPS=\(4 * Self.stepsPerRun) swift test --filter ScenarioFuzzTests
          """)
        return
      }
      stepsRun += count
    }
    // Each promise of the set (and the opposite of each promise it lacks) was really put to the test.
    let checks = total.checks
    if policy.contains(.onEditingInlineParagraphs) {
      #expect(checks.keptOnEdit > 0, "\(checks)")
    } else {
      #expect(checks.renewedOnEdit > 0, "\(checks)")
    }
    if policy.contains(.onScrollingOutOfViewport) {
      #expect(checks.restoredOnScroll > 0, "\(checks)")
    } else {
      #expect(checks.reloadedOnScroll > 0, "\(checks)")
    }
    print(
      "fuzz [\(policy.shortName)]: \(runs) seeds from \(Self.firstSeed), \(stepsRun) steps, \(total.frames) frames "
        + "checked, 0 violations; promises checked: \(checks)")
  }

  /// The oracle cannot pass by accident: a view that does not reuse what the oracle was promised
  /// (reuse switched off, as far as the oracle can tell), or reuses what it was not, fails the run.
  @Test(
    arguments: [
      ([], .onEditingInlineParagraphs), ([], .onScrollingOutOfViewport),
      ([.onEditingInlineParagraphs, .onScrollingOutOfViewport], []),
    ] as [(TextAttachmentViewProviderReusePolicy, TextAttachmentViewProviderReusePolicy)])
  func aViewThatBreaksAPromiseFailsTheRun(
    registered: TextAttachmentViewProviderReusePolicy, promised: TextAttachmentViewProviderReusePolicy
  ) {
    let error = #expect(throws: ScenarioError.self) {
      _ = try Self.run(seed: Self.firstSeed, steps: Self.stepsPerRun, registered: registered, promised: promised)
    }
    #expect(error?.description.contains("reuse invariants broken") == true, "\(String(describing: error))")
    #expect((error?.step ?? 0) < 200, "\(String(describing: error))")
  }

  /// The oracle checks after every pass and frame, so a broken counter fails the run at the first
  /// frame after it: here step 39 is a short `advance` during which nothing on screen changes (the
  /// loop draws no frame), and step 40's frame finds it.
  @Test func aCounterThatDisagreesWithTheRealObjectsFailsTheRunAtTheNextFrame() throws {
    let both: TextAttachmentViewProviderReusePolicy = [.onEditingInlineParagraphs, .onScrollingOutOfViewport]
    let error = #expect(throws: ScenarioError.self) {
      _ = try Self.run(seed: 7, steps: 100, registered: both, promised: both, messages: 50) { made, view in
        // Before step 39, count a provider that was never made.
        if made == 39 { view.instrumentation.record(.providerCreated, attachmentID: -1) }
      }
    }
    #expect(error?.step == 40, "\(String(describing: error))")
    #expect(error?.description.contains("providersCreated") == true, "\(String(describing: error))")
  }
}
