import Foundation

/// The printed report: one row per figure and size, growth ratios, then the goals.
struct ResultTable {
  let reports: [SizeReport]

  /// The figure table as text.
  func render() -> String {
    let sorted = reports.sorted { $0.size < $1.size }
    guard let base = sorted.first else { return "(no sizes measured)" }
    var lines = [
      [
        Format.pad("id", 10), Format.pad("figure", 36), Format.pad("messages", 10, right: true),
        Format.pad("median", 11, right: true), Format.pad("p99", 11, right: true),
        Format.pad("×\(Format.count(base.size))", 8, right: true), "  details",
      ].joined(separator: " ")
    ]
    var ids: [String] = []
    for report in sorted { for figure in report.figures where !ids.contains(figure.id) { ids.append(figure.id) } }
    for id in ids {
      for report in sorted {
        guard let figure = report.figure(id) else { continue }
        let growth: String
        // Growth is read for the timed families P1 and P2 only (not P10, P11 or P14).
        let family = id.prefix { $0 != "." }
        if family == "P1" || family == "P2", let first = base.figure(id), first.median > 0 {
          growth = Format.ratio(figure.median / first.median)
        } else {
          growth = ""
        }
        let details = figure.details.sorted { $0.key < $1.key }.map { "\($0.key) \(Format.number($0.value))" }
        lines.append(
          [
            Format.pad(id, 10), Format.pad(figure.label, 36), Format.pad(Format.count(report.size), 10, right: true),
            Format.pad(Format.value(figure.median, figure.unit), 11, right: true),
            Format.pad(figure.samples > 1 ? Format.value(figure.p99, figure.unit) : "", 11, right: true),
            Format.pad(growth, 8, right: true), "  " + details.joined(separator: ", "),
          ].joined(separator: " "))
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The goal checklist as text.
  func renderGoals() -> String {
    Goals.verdicts(reports).map { verdict in
      "\(Format.pad(verdict.id, 4)) \(Format.pad(verdict.status.rawValue, 12)) \(Format.pad(verdict.goal, 42)) \(verdict.evidence)"
    }.joined(separator: "\n")
  }
}
