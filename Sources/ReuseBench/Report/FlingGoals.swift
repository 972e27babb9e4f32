/// P15's goals (issue: what the user sees during a fling), checked on one report: the in-memory
/// size's figures (suffix `""`) or the store's (`".store"`).
enum FlingGoals {
  /// The verdicts for the P15 figures of `report` whose ids end in `suffix`.
  /// - Parameters:
  ///   - report: One size's report.
  ///   - suffix: `""` in memory, `".store"` on the chat store.
  /// - Returns: One verdict per goal (not measured when P15 did not run).
  static func verdicts(_ report: SizeReport, suffix: String) -> [GoalVerdict] {
    let at = "at \(Format.count(report.size))\(suffix.isEmpty ? "" : " (store)")"
    func figure(_ speed: Int) -> FigureResult? { report.figure("P15.\(speed)\(suffix)") }
    let measured = FlingFigure.speeds.compactMap { figure(Int($0)) }
    guard !measured.isEmpty else {
      return [GoalVerdict(id: "P15", goal: "fling goals", status: .notMeasured, evidence: "not in this run")]
    }
    func detail(_ figure: FigureResult?, _ key: String) -> Double { figure?.details[key] ?? .infinity }
    var verdicts: [GoalVerdict] = []
    func check(_ goal: String, _ met: Bool, _ evidence: String) {
      verdicts.append(GoalVerdict(id: "P15", goal: goal, status: met ? .met : .missed, evidence: evidence + " " + at))
    }
    let slow = [figure(2_000), figure(5_000)]
    let slowBlank = slow.map { detail($0, "max blank sticker px/frame") }.max() ?? .infinity
    check(
      "0 blank sticker pixels at 2,000 and 5,000 pt/s", slowBlank == 0, "worst frame \(Format.number(slowBlank)) px")
    let fast = detail(figure(20_000), "blank % of sticker px-frames")
    check("≤ 1 % of sticker pixel-frames blank at 20,000 pt/s", fast <= 1, "\(Format.number(fast)) %")
    let p99 = measured.map(\.p99).max() ?? .infinity
    check("fling frame p99 ≤ 8.3 ms", p99 <= 0.0083, "worst p99 \(Format.seconds(p99))")
    let wasted = measured.map { detail($0, "prefetch wasted %") }.max() ?? .infinity
    check("prefetch wasted ≤ 25 %", wasted <= 25, "worst \(Format.number(wasted)) %")
    return verdicts
  }
}
