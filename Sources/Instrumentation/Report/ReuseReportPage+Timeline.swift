/// The timeline of one run: a row per occurrence (or per group of occurrences), the steps' ruler.
extension ReuseReportPage {
  static let width = 1180.0
  static let labelWidth = 150.0
  static let rowHeight = 12.0
  static let rulerHeight = 34.0
  /// The most rows an aggregated timeline draws.
  static let groupRows = 100
  /// The columns an aggregated row is cut into.
  static let columns = 160

  /// Where a point goes: each step gets the same width, the stretch before the first step too, and
  /// the things recorded inside one are spread in their order.
  struct Axis {
    /// The first ordinal of each segment, and one past the last ordinal.
    var bounds: [Int]
    var left: Double
    var segmentWidth: Double

    init(_ timeline: ReuseTimeline, left: Double, width: Double) {
      var bounds = [timeline.start.ordinal]
      for step in timeline.steps where step.start.ordinal > bounds.last! { bounds.append(step.start.ordinal) }
      bounds.append(max(timeline.end.ordinal, bounds.last!) + 1)
      self.bounds = bounds
      self.left = left
      self.segmentWidth = width / Double(bounds.count - 1)
    }

    func x(_ point: ReuseTimeline.Point) -> Double {
      let ordinal = min(max(point.ordinal, bounds.first!), bounds.last! - 1)
      var low = 0
      var high = bounds.count - 2
      while low < high {  // the last segment whose first ordinal is at most `ordinal`
        let middle = (low + high + 1) / 2
        if bounds[middle] <= ordinal { low = middle } else { high = middle - 1 }
      }
      let fraction = Double(ordinal - bounds[low]) / Double(max(1, bounds[low + 1] - bounds[low]))
      return left + (Double(low) + fraction) * segmentWidth
    }
  }

  func timeline(of run: Run) -> String {
    let timeline = run.timeline
    let rows = timeline.occurrences.count
    let aggregated = rows > aggregationThreshold
    let drawnRows = aggregated ? min(Self.groupRows, rows) : rows
    let height = Self.rulerHeight + Double(max(1, drawnRows)) * Self.rowHeight + 6
    let axis = Axis(timeline, left: Self.labelWidth, width: Self.width - Self.labelWidth - 10)
    let resets = timeline.count(of: .animationReset)
    var out = "<h3>policy \(escape(run.policy)): \(rows) occurrences, \(resets) resets"
    out += aggregated ? " (grouped: \(drawnRows) rows of about \(rows / drawnRows) occurrences)" : ""
    out += "</h3>\n"
    out += "<svg class=\"timeline\" data-policy=\"\(escape(run.policy))\" data-occurrences=\"\(rows)\" "
    out += "data-aggregated=\"\(aggregated)\" width=\"\(Int(Self.width))\" height=\"\(Int(height))\" "
    out += "xmlns=\"http://www.w3.org/2000/svg\">\n"
    out += ruler(timeline, axis: axis, height: height)
    if aggregated {
      out += groupedRows(timeline, axis: axis, groups: drawnRows)
    } else {
      for (index, occurrence) in timeline.occurrences.enumerated() {
        out += row(occurrence, y: Self.rulerHeight + Double(index) * Self.rowHeight, axis: axis, timeline: timeline)
      }
    }
    if !timeline.otherMarks.isEmpty {
      let others = timeline.otherMarks.count
      out += "<text class=\"label\" x=\"4\" y=\"\(Int(height - 2))\">\(others) events of no occurrence</text>\n"
    }
    return out + "</svg>\n"
  }

  private func ruler(_ timeline: ReuseTimeline, axis: Axis, height: Double) -> String {
    var out = "<g class=\"ruler\">"
    let every = max(1, timeline.steps.count / 40)  // label at most about 40 steps
    for (index, step) in timeline.steps.enumerated() {
      let x = format(axis.x(step.start))
      let op = step.name.split(separator: ":").last.map { $0.trimmingCharacters() } ?? step.name
      out += "<line class=\"step\" data-step=\"\(index)\" data-op=\"\(escape(op))\" x1=\"\(x)\" x2=\"\(x)\" y1=\"12\" "
      out += "y2=\"\(format(height))\"><title>\(escape(step.name))</title></line>"
      if index % every == 0 {
        out += "<text class=\"tick\" x=\"\(x)\" y=\"10\">\(index) \(escape(op))</text>"
      }
    }
    return out + "<text class=\"tick\" x=\"4\" y=\"28\">step →</text></g>\n"
  }

  private func row(
    _ occurrence: ReuseTimeline.Occurrence, y: Double, axis: Axis, timeline: ReuseTimeline
  ) -> String {
    let name = "attachment \(occurrence.attachmentID) · occurrence \(occurrence.occurrence)"
    var out = "<g class=\"occurrence\" data-attachment=\"\(occurrence.attachmentID)\" "
    out += "data-occurrence=\"\(occurrence.occurrence)\"><text class=\"label\" x=\"4\" y=\"\(format(y + 9))\">"
    out += "\(escape(name))</text>"
    for provider in occurrence.providers {
      // A new provider's bar starts a pixel late, so that a provider replacing another shows a gap.
      let x0 = axis.x(provider.start) + (provider.predatesTrace ? 0 : 1)
      let x1 = max(x0 + 1, axis.x(provider.end ?? timeline.end))
      var title = "provider #\(provider.providerID) (\(provider.providerType)) of \(name)"
      title += provider.predatesTrace ? ", alive before the trace" : ""
      title += provider.endCause.map { "; discarded: \($0)" } ?? ""
      out += rect("provider", x0, y + 1, x1 - x0, Self.rowHeight - 2, title: title)
      for view in provider.views {
        let v0 = max(x0, axis.x(view.start))
        let v1 = max(v0 + 1, axis.x(view.end ?? timeline.end))
        out += rect(
          "view \(view.state.rawValue)", v0, y + 3, v1 - v0, Self.rowHeight - 6,
          title: "view \(view.state.rawValue): provider #\(provider.providerID) of \(name)")
      }
    }
    for mark in occurrence.marks {
      let x = format(axis.x(mark.point))
      var title = "\(ChromeTrace.instantName(of: mark.kind)): \(name)"
      title += mark.providerID.map { ", provider #\($0)" } ?? ""
      title += mark.paragraphIndex.map { ", message \($0)" } ?? ""
      title += mark.cause.map { "; \($0)" } ?? ""
      title += mark.sequence >= 0 ? " (event #\(mark.sequence))" : ""
      switch mark.kind {
      case .animationReset:
        out += "<path class=\"reset\" data-count=\"1\" d=\"M\(x) \(format(y + 1))l4 9h-8z\">"
        out += "<title>\(escape(title))</title></path>"
      case .animationStateCreated:
        out +=
          "<circle class=\"state\" cx=\"\(x)\" cy=\"\(format(y + 6))\" r=\"1.5\"><title>\(escape(title))</title></circle>"
      case .providerReusedOnEdit:
        out +=
          "<line class=\"reused\" x1=\"\(x)\" x2=\"\(x)\" y1=\"\(format(y))\" y2=\"\(format(y + Self.rowHeight))\">"
        out += "<title>\(escape(title))</title></line>"
      default:
        break
      }
    }
    return out + "</g>\n"
  }

  private func rect(_ cls: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, title: String) -> String {
    "<rect class=\"\(cls)\" x=\"\(format(x))\" y=\"\(format(y))\" width=\"\(format(w))\" height=\"\(format(h))\">"
      + "<title>\(escape(title))</title></rect>"
  }

  /// Groups of consecutive occurrences, each a row of columns shaded by how many of the group's
  /// providers and views were alive there, with the resets in each column as one mark.
  private func groupedRows(_ timeline: ReuseTimeline, axis: Axis, groups: Int) -> String {
    let rows = timeline.occurrences
    let columnWidth = (Self.width - Self.labelWidth - 10) / Double(Self.columns)
    func column(_ point: ReuseTimeline.Point) -> Int {
      min(Self.columns - 1, max(0, Int((axis.x(point) - Self.labelWidth) / columnWidth)))
    }
    var out = ""
    for group in 0..<groups {
      let lower = group * rows.count / groups
      let upper = (group + 1) * rows.count / groups
      let members = rows[lower..<upper]
      var alive = [Int](repeating: 0, count: Self.columns + 1)
      var shown = alive
      var cached = alive
      var resets = [Int](repeating: 0, count: Self.columns)
      for occurrence in members {
        for provider in occurrence.providers {
          alive[column(provider.start)] += 1
          alive[column(provider.end ?? timeline.end) + 1] -= 1
          for view in provider.views {
            if view.state == .shown {
              shown[column(view.start)] += 1
              shown[column(view.end ?? timeline.end) + 1] -= 1
            } else {
              cached[column(view.start)] += 1
              cached[column(view.end ?? timeline.end) + 1] -= 1
            }
          }
        }
        for mark in occurrence.marks where mark.kind == .animationReset { resets[column(mark.point)] += 1 }
      }
      let y = Self.rulerHeight + Double(group) * Self.rowHeight
      let first = members.first.map { "attachment \($0.attachmentID)" } ?? ""
      out += "<g class=\"occurrence-group\" data-occurrences=\"\(members.count)\">"
      out += "<text class=\"label\" x=\"4\" y=\"\(format(y + 9))\">\(members.count) from \(escape(first))</text>"
      out += shaded(
        "provider", alive, count: members.count, y: y + 1, height: Self.rowHeight - 2, columnWidth: columnWidth)
      out += shaded(
        "view shown", shown, count: members.count, y: y + 3, height: Self.rowHeight - 6, columnWidth: columnWidth)
      out += shaded(
        "view cached", cached, count: members.count, y: y + 3, height: Self.rowHeight - 6, columnWidth: columnWidth)
      for (index, count) in resets.enumerated() where count > 0 {
        let x = format(Self.labelWidth + (Double(index) + 0.5) * columnWidth)
        out += "<path class=\"reset\" data-count=\"\(count)\" d=\"M\(x) \(format(y + 1))l4 9h-8z\">"
        out += "<title>\(count) animation resets among these \(members.count) occurrences</title></path>"
      }
      out += "</g>\n"
    }
    return out
  }

  /// Runs of columns with the same share of `count` alive (in quarters), one rectangle each.
  private func shaded(
    _ cls: String, _ deltas: [Int], count: Int, y: Double, height: Double, columnWidth: Double
  ) -> String {
    var out = ""
    var level = 0
    var runStart = 0
    var runLevel = 0
    var running = 0
    func flush(_ end: Int) {
      guard runLevel > 0, end > runStart else { return }
      let x = Self.labelWidth + Double(runStart) * columnWidth
      out += "<rect class=\"\(cls)\" opacity=\"\(Double(runLevel) / 4)\" x=\"\(format(x))\" y=\"\(format(y))\" "
      out += "width=\"\(format(Double(end - runStart) * columnWidth))\" height=\"\(format(height))\">"
      out += "<title>\(cls): up to \(runLevel * 25)% of \(count) occurrences</title></rect>"
    }
    for index in 0..<Self.columns {
      running += deltas[index]
      level = running <= 0 ? 0 : max(1, min(4, (running * 4 + count - 1) / max(1, count)))
      if level != runLevel {
        flush(index)
        runStart = index
        runLevel = level
      }
    }
    flush(Self.columns)
    return out
  }
}

/// A coordinate, to a tenth of a pixel.
func format(_ value: Double) -> String {
  let tenths = (value * 10).rounded()
  return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
}

extension Substring {
  fileprivate func trimmingCharacters() -> String {
    String(drop(while: { $0 == " " }))
  }
}
