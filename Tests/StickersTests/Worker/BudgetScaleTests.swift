import AnimationRuntime
import Foundation
import ReuseKitTestSupport
import Stickers
import Testing

/// Budgets that follow the machine: a pool measures a reference sticker once per worker executable
/// and grows its budgets by how much slower than the reference machine it ran, within a cap, so a
/// slow machine (or a debug worker) keeps a heavy file playing and a hang is still stopped.
@Suite struct BudgetScaleTests {
  private static let solid = Array(StickerFixtures.solidLottie().utf8)

  /// A runtime over one solid sticker, its worker started as `executable` with `scale`.
  private func runtime(executable: String, scale: StickerWorkerPool.BudgetScale) throws -> StickerRuntime {
    let directory = RepositoryAssets.temporaryDirectory()
    let file = directory.appendingPathComponent("solid.json")
    try Data(Self.solid).write(to: file)
    return StickerRuntime(
      clock: ManualClock(),
      library: StickerLibrary(directory: directory, assets: [StickerAsset(name: "solid", file: file)]),
      decoding: .sandboxed(.init(executable: executable, workerCount: 2, testHooks: true, budgetScale: scale)))
  }

  private func view(_ runtime: StickerRuntime) throws -> StickerView {
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "solid", runtime: runtime))
    provider.load(recordingTo: nil)
    return try #require(provider.view as? StickerView)
  }

  @Test func theFactorIsTheCostOverTheReferenceMachinesWithinOneAndTheCap() {
    let scales = StickerWorkerPool.budgetScales
    let reference = StickerWorkerPool.referenceCost
    #expect(scales(reference.load, reference.render) == .one)
    #expect(scales(reference.load / 10, reference.render / 10) == .one, "a faster machine keeps the documented budgets")
    let slower = scales(reference.load * 3, reference.render * 5)
    #expect(abs(slower.load - 3) < 1e-9 && abs(slower.render - 5) < 1e-9)
    let cap = StickerWorkerPool.maxBudgetScale
    #expect(scales(reference.load * 1000, .nan) == .init(load: cap, render: cap))
    #expect(scales(.infinity, -1) == .init(load: cap, render: 1))
  }

  @Test func aMeasuredPoolTimesTheReferenceOnceAndCountsNoneOfIt() throws {
    let worker = try #require(StickerWorkerPool.Configuration.locateExecutable(), "sticker-worker is built")
    // A path of its own, so this process has not measured it yet.
    let executable = RepositoryAssets.temporaryDirectory().appendingPathComponent("sticker-worker").path
    try FileManager.default.createSymbolicLink(atPath: executable, withDestinationPath: worker)
    let first = try runtime(executable: executable, scale: .measured)
    let pool = try #require(first.workerPool)
    #expect(pool.budgetScale == .one, "nothing is measured before the first load")
    let view = try view(first)
    #expect(!view.isPlaceholder)
    let cost = try #require(pool.measuredReferenceCost)
    #expect(cost.load > 0 && cost.render > 0)
    #expect(pool.budgetScale == StickerWorkerPool.budgetScales(load: cost.load, render: cost.render))
    #expect(pool.statistics.loads == 1 && pool.statistics.renders == 0)
    #expect(pool.statistics.workersStarted == 1, "measured on the worker the first file goes to")
    // Another pool of the process takes the measured factors without measuring again.
    let second = try runtime(executable: executable, scale: .measured)
    _ = try self.view(second)
    #expect(second.workerPool?.measuredReferenceCost == nil)
    #expect(second.workerPool?.budgetScale == pool.budgetScale)
  }

  @Test func aFixedFactorIsClampedAndMeasuresNothing() throws {
    let worker = try #require(StickerWorkerPool.Configuration.locateExecutable(), "sticker-worker is built")
    let cap = StickerWorkerPool.maxBudgetScale
    for (factor, expected) in [(0.5, 1.0), (4, 4), (100, cap), (.nan, cap)] {
      let runtime = try runtime(executable: worker, scale: .fixed(factor))
      _ = try view(runtime)
      #expect(runtime.workerPool?.budgetScale == .init(load: expected, render: expected))
      #expect(runtime.workerPool?.measuredReferenceCost == nil)
    }
  }

  /// A render blocked for 1.5 s is a stall past four budgets of 250 ms, but not of 1 s; one blocked
  /// for 2.5 s is past four budgets of 500 ms, and the error names both the budget and the factor.
  @Test(arguments: [
    (1.0, 1500, "over 4 times its 250 ms budget"), (4.0, 1500, nil),
    (2.0, 2500, "over 4 times its 500 ms (250 ms × 2.0 for this machine's speed) budget"),
  ])
  func aLargerFactorLetsASlowRenderFinish(factor: Double, blockedMilliseconds: Int, error: String?) throws {
    let worker = try #require(StickerWorkerPool.Configuration.locateExecutable(), "sticker-worker is built")
    let runtime = try runtime(executable: worker, scale: .fixed(factor))
    let view = try view(runtime)
    runtime.armWorkerFault(.spin(milliseconds: blockedMilliseconds), forSticker: "solid")
    _ = view.currentFrame(pixelSize: 16)
    #expect(view.isPlaceholder == (error != nil), "\(view.failureReason ?? "")")
    #expect(runtime.workerPool?.statistics.killedOverBudget == (error != nil ? 1 : 0))
    if let error {
      #expect(view.failureReason?.contains(error) == true, "\(view.failureReason ?? "")")
    }
  }
}
