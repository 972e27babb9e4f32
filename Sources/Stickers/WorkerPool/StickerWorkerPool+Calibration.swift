import Synchronization

extension StickerWorkerPool {
  /// How the pool scales its budgets (``Configuration/loadTimeBudget`` and
  /// `StickerLimits.renderTimeBudget`) to the machine it runs on.
  ///
  /// A budget is CPU time, so a machine's load does not count against a sticker, but a fixed CPU
  /// time cannot tell an expensive file from a slow machine (or a debug build of the worker). With
  /// ``measured``, the pool has a worker load and render a built-in reference sticker once, before
  /// the first file, and divides the CPU time each took by what it takes on the reference machine
  /// (a release worker on the 2-core machine the figures in `BENCHMARKS.md` come from): budgets grow by that factor, never shrink,
  /// and grow by at most ``StickerWorkerPool/maxBudgetScale``, so a hostile file is still stopped
  /// within a bounded time (and the worker's memory stays under `RLIMIT_AS` throughout).
  public enum BudgetScale: Equatable, Sendable {
    /// Measured once per worker executable in a process, from the reference sticker.
    case measured
    /// A fixed factor (tests that need a budget to bite use `.fixed(1)`), clamped to
    /// `1...maxBudgetScale`.
    case fixed(Double)
  }

  /// The factors the budgets are multiplied by.
  public struct BudgetScales: Equatable, Sendable {
    /// The factor for loads (parse and checks).
    public var load: Double
    /// The factor for renders.
    public var render: Double

    /// Factors for loads and renders.
    /// - Parameters:
    ///   - load: The factor for loads.
    ///   - render: The factor for renders.
    public init(load: Double, render: Double) {
      self.load = load
      self.render = render
    }

    /// No scaling.
    public static let one = BudgetScales(load: 1, render: 1)
  }

  /// The most a budget grows on a slow machine.
  public static let maxBudgetScale = 16.0

  /// CPU seconds the reference sticker's load and renders take on the reference machine.
  package static let referenceCost = (load: 0.016, render: 0.0125)

  /// The factors for what the reference sticker cost here.
  /// - Parameters:
  ///   - load: CPU seconds its load took.
  ///   - render: CPU seconds its renders took.
  /// - Returns: Each cost over the reference machine's, clamped to `1...maxBudgetScale` (a cost
  ///   that is not a finite number gives the largest factor).
  package static func budgetScales(load: Double, render: Double) -> BudgetScales {
    func factor(_ cost: Double, _ reference: Double) -> Double {
      guard cost.isFinite else { return maxBudgetScale }
      return min(max(cost / reference, 1), maxBudgetScale)
    }
    return BudgetScales(load: factor(load, referenceCost.load), render: factor(render, referenceCost.render))
  }

  /// Measured factors by worker executable, shared by every pool of the process.
  private static let measuredScales = Mutex<[String: BudgetScales]>([:])

  /// The factors in force: fixed, already measured, or measured now on worker `slot` (which starts
  /// it, as the load about to be sent would have).
  func budgetScales(measuringOn slot: Int) -> BudgetScales {
    if let scales { return scales }
    switch configuration.budgetScale {
    case .fixed(let factor):
      let clamped = factor.isFinite ? min(max(factor, 1), Self.maxBudgetScale) : Self.maxBudgetScale
      scales = BudgetScales(load: clamped, render: clamped)
    case .measured:
      let executable = configuration.executable
      if let known = Self.measuredScales.withLock({ $0[executable] }) {
        scales = known
      } else if let measured = measureReference(on: slot) {
        Self.measuredScales.withLock { $0[executable] = measured }
        scales = measured
      } else {
        return .one  // the worker could not run the reference: measure again next time
      }
    }
    return scales ?? .one
  }

  /// Loads and renders the reference sticker on worker `slot`, counting neither in ``statistics``.
  /// - Returns: The factors, or `nil` when the reference failed (a worker that cannot start).
  private func measureReference(on slot: Int) -> BudgetScales? {
    let saved = statistics
    let generous = StickerLimits(renderTimeBudget: StickerLimits.default.renderTimeBudget * Self.maxBudgetScale)
    scales = BudgetScales(load: Self.maxBudgetScale, render: Self.maxBudgetScale)
    defer {
      statistics.loads = saved.loads
      statistics.renders = saved.renders
      scales = nil
    }
    // The first load and render start the worker and warm its caches; the second ones are timed.
    var cost = (load: 0.0, render: 0.0)
    for (round, id) in ReferenceSticker.ids.enumerated() {
      stickers[id] = PooledSticker(
        name: "reference", kind: .lottie, strip: nil, limits: generous, bytes: ReferenceSticker.bytes, slot: slot,
        loaded: nil, failure: nil)
      defer { forget(id) }
      guard case .success = loadNow(id, on: slot) else { return nil }
      let load = lastJobCPUSeconds
      var render = 0.0
      for frame in ReferenceSticker.frames(round: round) {
        guard case .success = renderNow(id: id, frame: frame, pixelSize: ReferenceSticker.pixelSize) else { return nil }
        render += lastJobCPUSeconds
      }
      cost = (load, render)
    }
    measuredReferenceCost = cost
    return Self.budgetScales(load: cost.load, render: cost.render)
  }
}
