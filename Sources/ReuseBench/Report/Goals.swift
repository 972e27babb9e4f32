import ChatKit
import Foundation

/// The per-size figures' goals (P1–P12, P14), checked against a run's reports.
///
/// Goals stated "at 1M" are checked at the largest size run (the evidence names it).
enum Goals {
  /// One verdict per goal, in figure order.
  static func verdicts(_ reports: [SizeReport]) -> [GoalVerdict] {
    let sorted = reports.sorted { $0.size < $1.size }
    guard let largest = sorted.last else { return [] }
    let at = "at \(Format.count(largest.size))"
    var verdicts: [GoalVerdict] = []

    let p1 = ["none", "edit", "scroll", "both"].compactMap { largest.figure("P1.\($0)") }
    if p1.isEmpty {
      verdicts.append(notMeasured("P1", "keystroke p99 < 1 ms at 1M"))
    } else {
      let worst = p1.map(\.p99).max() ?? 0
      verdicts.append(
        verdict("P1", "keystroke p99 < 1 ms at 1M", worst < 0.001, "worst p99 \(Format.seconds(worst)) \(at)"))
      if let smallest = sorted.first, smallest.size < largest.size {
        let growth =
          p1.compactMap { figure in
            smallest.figure(figure.id).map { figure.median / max($0.median, 1e-12) }
          }.max() ?? 0
        verdicts.append(
          verdict(
            "P1", "keystroke median \(Format.count(largest.size))/\(Format.count(smallest.size)) ≤ 1.5",
            growth <= 1.5, "largest ratio \(Format.ratio(growth))"))
      }
    }
    verdicts.append(
      allSizes(sorted, "P2.engine", "P2", "scroll frame engine p99 < 1 ms") {
        $0.p99 < 0.001
      } evidence: {
        "p99 \(Format.seconds($0.p99))"
      })
    if sorted.contains(where: { $0.figure("P2.frame") != nil }) {
      verdicts.append(
        allSizes(sorted, "P2.frame", "P2", "whole frame p99 < 8.3 ms") {
          $0.p99 < 0.0083
        } evidence: {
          "p99 \(Format.seconds($0.p99))"
        })
    } else {
      verdicts.append(
        GoalVerdict(
          id: "P2", goal: "whole frame p99 < 8.3 ms", status: .pending,
          evidence: "not measured: no SDL fonts, so no ChatTextView to draw with"))
    }
    // Frames by damage, and the keystroke a user feels.
    if let frame = largest.figure("P2.frame") {
      verdicts.append(
        verdict(
          "P2.frame", "scroll frame median ≤ 1.0 ms, p99 ≤ 2 ms at 1M", frame.median <= 0.001 && frame.p99 <= 0.002,
          "median \(Format.seconds(frame.median)), p99 \(Format.seconds(frame.p99)) \(at)"))
    }
    if let window = largest.figure("P2.window"), let frame = largest.figure("P2.frame"), frame.median > 0 {
      let ratio = window.median / frame.median
      verdicts.append(
        verdict(
          "P2.window", "scroll frame in an X window median ≤ 1.5× P2.frame at 1M", ratio <= 1.5,
          "median \(Format.seconds(window.median)), \(Format.ratio(ratio)) P2.frame \(at)"))
    } else {
      verdicts.append(notMeasured("P2.window", "scroll frame in an X window median ≤ 1.5× P2.frame at 1M"))
    }
    if let keystroke = largest.figure("P12") {
      verdicts.append(
        verdict(
          "P12", "keystroke to present p99 < 1 ms at 1M", keystroke.p99 < 0.001,
          "p99 \(Format.seconds(keystroke.p99)) \(at)"))
    } else {
      verdicts.append(notMeasured("P12", "keystroke to present p99 < 1 ms at 1M"))
    }
    if let intl = largest.figure("P1.intl") {
      verdicts.append(
        verdict(
          "P1.intl", "multilingual keystroke p99 < 1 ms at 1M", intl.p99 < 0.001,
          "p99 \(Format.seconds(intl.p99)) \(at)"))
      let calls = intl.details["fontconfig calls /key"] ?? 0
      verdicts.append(
        verdict(
          "P1.intl", "fontconfig calls per keystroke after warm-up = 0", calls == 0,
          "\(Format.number(calls)) per key \(at)"))
    } else {
      verdicts.append(notMeasured("P1.intl", "multilingual keystroke p99 < 1 ms at 1M"))
    }
    verdicts.append(
      allSizes(sorted, "P2.intl", "P2.intl", "CJK + emoji whole frame p99 < 8.3 ms") {
        $0.p99 < 0.0083
      } evidence: {
        "p99 \(Format.seconds($0.p99)), glyph cache hit rate "
          + String(format: "%.1f%%", ($0.details["glyph cache hit rate"] ?? 0) * 100)
      })
    if let p3 = largest.figure("P3") {
      verdicts.append(
        verdict(
          "P3", "open + latest message < 500 ms at 1M", p3.median < 0.5, "median \(Format.seconds(p3.median)) \(at)"))
    } else {
      verdicts.append(notMeasured("P3", "open + latest message < 500 ms at 1M"))
    }
    verdicts.append(
      allSizes(sorted, "P4.query", "P4", "jump query p99 < 100 µs") {
        $0.p99 < 0.0001
      } evidence: {
        "p99 \(Format.seconds($0.p99))"
      })
    verdicts.append(
      allSizes(sorted, "P4.frame", "P4", "jump shows the message in one frame") {
        ($0.details["not shown"] ?? 1) == 0 && ($0.details["extra passes"] ?? 1) == 0
      } evidence: {
        "\(Int($0.details["not shown"] ?? 0)) not shown, \(Int($0.details["extra passes"] ?? 0)) extra passes"
      })
    verdicts.append(
      allSizes(sorted, "P5", "P5", "anchor drift 0 px") {
        $0.median == 0
      } evidence: {
        "\(Format.number($0.median)) px"
      })
    verdicts.append(
      allSizes(sorted, "P6.render", "P6", "visible stickers render p99 ≤ 2 ms") {
        $0.p99 <= 0.002
      } evidence: {
        "p99 \(Format.seconds($0.p99)) for \(Int($0.details["stickers"] ?? 0)) stickers"
      })
    verdicts.append(
      allSizes(sorted, "P6.memory", "P6", "frame cache ≤ 64 MiB") {
        $0.median <= 64 * 1_048_576
      } evidence: {
        Format.bytes($0.median)
      })
    verdicts.append(
      allSizes(sorted, "P7", "P7", "keystroke both/none ≤ 0.2×") {
        $0.median <= 0.2
      } evidence: {
        "\(Format.ratio($0.median))"
      })
    if let p8 = largest.figure("P8") {
      verdicts.append(
        verdict("P8", "peak RSS < 600 MiB at 1M", p8.median < 600 * 1_048_576, "\(Format.bytes(p8.median)) \(at)"))
    } else {
      verdicts.append(notMeasured("P8", "peak RSS < 600 MiB at 1M"))
    }
    // A long message costs what the viewport shows (measured at every size; the message is the same).
    verdicts.append(
      allSizes(sorted, "P9", "P9", "keystroke in a 1 MB message p99 < 2 ms") {
        $0.p99 < 0.002
      } evidence: {
        "p99 \(Format.seconds($0.p99)), median \(Format.seconds($0.median)) (\($0.label))"
      })
    verdicts.append(
      allSizes(sorted, "P9.scroll", "P9", "scroll frame in a 10 MB message p99 < 16.7 ms") {
        $0.p99 < 0.0167
      } evidence: {
        "p99 \(Format.seconds($0.p99)), RSS \(Format.number($0.details["RSS after scrolling (MiB)"] ?? 0)) MiB (\($0.label))"
      })
    if let p10 = largest.figure("P10") {
      verdicts.append(
        verdict(
          "P10", "RSS after 4,000 jumps ≤ 1.2× RSS after open at 1M", p10.median <= 1.2,
          "\(Format.ratio(p10.median)) (\(Format.bytes(p10.details["RSS after open"] ?? 0)) → "
            + "\(Format.bytes(p10.details["RSS after jumps"] ?? 0))) \(at)"))
    } else {
      verdicts.append(notMeasured("P10", "RSS after 4,000 jumps ≤ 1.2× RSS after open at 1M"))
    }
    if let p11 = sorted.compactMap({ $0.figure("P11") }).last {
      verdicts.append(
        verdict(
          "P11", "soak: RSS growth < 5% over 30 simulated minutes", p11.median < 0.05,
          String(format: "%.2f%% over %.0f frames", p11.median * 100, p11.details["frames"] ?? 0)))
    } else {
      verdicts.append(notMeasured("P11", "soak: RSS growth < 5% over 30 simulated minutes"))
    }
    // Providers persist across scroll-out, so a trip down and back makes one per sticker seen.
    for policy in ["none", "both"] {
      verdicts.append(
        allSizes(sorted, "P14.\(policy)", "P14", "providers created = stickers seen, 0 discarded (\(policy))") {
          $0.details["providers created"] == $0.details["stickers seen"] && $0.details["providers discarded"] == 0
        } evidence: {
          "\(Format.number($0.details["providers created"] ?? 0)) created, "
            + "\(Format.number($0.details["stickers seen"] ?? 0)) seen, "
            + "\(Format.number($0.details["B/provider heap-control"] ?? 0)) B per idle provider"
        })
    }
    verdicts += FlingGoals.verdicts(largest, suffix: "")
    // A goal stated "at 1M" is only judged when the run reached 1M messages.
    if largest.size < 1_000_000 {
      verdicts = verdicts.map { verdict in
        guard verdict.goal.contains("at 1M"), verdict.status != .notMeasured else { return verdict }
        return GoalVerdict(
          id: verdict.id, goal: verdict.goal, status: .notMeasured, evidence: verdict.evidence + " (1M not run)")
      }
    }
    return verdicts
  }

  private static func verdict(_ id: String, _ goal: String, _ met: Bool, _ evidence: String) -> GoalVerdict {
    GoalVerdict(id: id, goal: goal, status: met ? .met : .missed, evidence: evidence)
  }

  private static func notMeasured(_ id: String, _ goal: String) -> GoalVerdict {
    GoalVerdict(id: id, goal: goal, status: .notMeasured, evidence: "not in this run")
  }

  /// Met when `holds` is true at every size that measured `figureID`; the evidence names the worst size.
  private static func allSizes(
    _ reports: [SizeReport], _ figureID: String, _ id: String, _ goal: String, holds: (FigureResult) -> Bool,
    evidence: (FigureResult) -> String
  ) -> GoalVerdict {
    let measured = reports.compactMap { report in report.figure(figureID).map { (report.size, $0) } }
    guard !measured.isEmpty else { return notMeasured(id, goal) }
    let failing = measured.first { !holds($0.1) }
    let shown = failing ?? measured.last!
    return verdict(id, goal, failing == nil, "\(evidence(shown.1)) at \(Format.count(shown.0))")
  }
}
