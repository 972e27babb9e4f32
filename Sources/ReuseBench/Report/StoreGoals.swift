/// The goals of the store backend, checked against its report (the figures of
/// ``StorePreparation`` and ``StoreFigures``); goals stated "at 10M" are judged only at 10,000,000
/// messages or more. The open call alone, process start to first frame, generation and import
/// are reported in the table, with no goal.
enum StoreGoals {
  static func verdicts(_ report: SizeReport) -> [GoalVerdict] {
    let at = "at \(Format.count(report.size))"
    var verdicts: [GoalVerdict] = []
    func check(
      _ id: String, _ goal: String, _ figureID: String, holds: (FigureResult) -> Bool,
      evidence: (FigureResult) -> String
    ) {
      guard let figure = report.figure(figureID) else {
        verdicts.append(GoalVerdict(id: id, goal: goal, status: .notMeasured, evidence: "not in this run"))
        return
      }
      let judged = !goal.contains("at 10M") || report.size >= 10_000_000
      let status: GoalVerdict.Status = judged ? (holds(figure) ? .met : .missed) : .notMeasured
      verdicts.append(
        GoalVerdict(
          id: id, goal: goal, status: status, evidence: "\(evidence(figure)) \(at)" + (judged ? "" : " (10M not run)")))
    }
    check(
      "P3", "store: open + latest message < 50 ms at 10M", "P3.store", holds: { $0.median < 0.05 },
      evidence: { "median \(Format.seconds($0.median))" })
    check(
      "P8", "store: peak RSS < 150 MiB at 10M", "P8.store", holds: { $0.median < 150 * 1_048_576 },
      evidence: { Format.bytes($0.median) })
    // Providers persist, so scrolling a million messages keeps a provider per sticker seen.
    for policy in ["none", "both"] {
      check(
        "P14", "store: RSS after 1M messages down + back < 200 MiB at 10M (\(policy))", "P14.store.\(policy)",
        holds: { $0.median < 200 * 1_048_576 },
        evidence: {
          "\(Format.bytes($0.median)), \(Format.number($0.details["live providers"] ?? 0)) live providers"
        })
    }
    let keystrokes = ["none", "edit", "scroll", "both"].compactMap { report.figure("P1.\($0).store") }
    if let worst = keystrokes.max(by: { $0.p99 < $1.p99 }) {
      check(
        "P1", "store: keystroke p99 < 1 ms at 10M", worst.id, holds: { $0.p99 < 0.001 },
        evidence: { "worst p99 \(Format.seconds($0.p99)) (\($0.id))" })
    } else {
      check("P1", "store: keystroke p99 < 1 ms at 10M", "P1.both.store", holds: { _ in false }, evidence: { _ in "" })
    }
    check(
      "P12", "store: keystroke to present p99 < 1.5 ms at 10M", "P12.store", holds: { $0.p99 < 0.0015 },
      evidence: { "p99 \(Format.seconds($0.p99))" })
    check(
      "P4", "store: a jump shows its message in one frame", "P4.frame.store",
      holds: {
        ($0.details["not shown"] ?? 1) == 0 && ($0.details["extra passes"] ?? 1) == 0
      },
      evidence: {
        "\(Int($0.details["not shown"] ?? 0)) not shown, \(Int($0.details["extra passes"] ?? 0)) extra passes"
      })
    // At 10M the anchor's y is near 5 × 10⁸ px, where a double's spacing is about 6 × 10⁻⁸ px: sums of
    // heights taken in a different order differ by that much. Drawing rounds to whole pixels, so a
    // drift under 10⁻⁶ px per correction moves nothing on screen; the exact values are printed.
    check(
      "P5", "store: anchor drift 0 px (each move < 10⁻⁶ px: float rounding)", "P5.store",
      holds: { ($0.details["largest move px"] ?? 1) < 1e-6 },
      evidence: { "total \($0.median) px, largest move \($0.details["largest move px"] ?? 0) px" })
    for (kind, _) in SearchFigures.queries {
      for order in ["first50", "last50"] {
        check(
          "search", "store: \(order == "first50" ? "first" : "newest") 50 hits, \(kind), p99 < 50 ms at 10M",
          "search.\(order).\(kind)", holds: { $0.p99 < 0.05 }, evidence: { "p99 \(Format.seconds($0.p99))" })
      }
    }
    check(
      "search", "store: next hit + jump + highlight p99 < 16 ms at 10M", "search.next", holds: { $0.p99 < 0.016 },
      evidence: { "p99 \(Format.seconds($0.p99))" })
    check(
      "search", "store: the same in an X window p99 < 16 ms at 10M", "search.next.window",
      holds: { $0.p99 < 0.016 }, evidence: { "p99 \(Format.seconds($0.p99))" })
    check(
      "search", "store: index build < 3 minutes at 10M", "search.build", holds: { $0.median < 180 },
      evidence: { "\(Format.seconds($0.median))" })
    check(
      "search", "store: size with the index ≤ 1.6× at 10M", "search.size", holds: { $0.median <= 1.6 },
      evidence: { String(format: "%.2f×", $0.median) })
    return verdicts + FlingGoals.verdicts(report, suffix: ".store")
  }
}
