import Foundation

/// Reads a Chrome Trace Event Format file and checks what Perfetto relies on: known phases, the
/// fields each needs, time only growing along each track, and the complete slices of each track
/// nested. `scripts/report/validate_trace.py` checks the same in `make report-test`.
package struct ChromeTraceCheck {
  /// Process names by pid.
  package var processNames: [Int: String] = [:]
  /// Per pid, instant events by name.
  package var instants: [Int: [String: Int]] = [:]
  /// Per pid, complete slices by category.
  package var slices: [Int: [String: Int]] = [:]
  /// Per pid, the names of its tracks (threads).
  package var trackNames: [Int: [Int: String]] = [:]
  /// Per pid and counter name, the values in order.
  package var counters: [Int: [String: [Double]]] = [:]
  /// What is wrong; empty when the trace is valid.
  package var problems: [String] = []

  /// The pid of the process named `name`.
  package func pid(named name: String) -> Int? { processNames.first { $0.value == name }?.key }

  /// Checks `json`.
  /// - Parameter json: The trace's text.
  package init(_ json: String) {
    guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
      let events = object["traceEvents"] as? [[String: Any]]
    else {
      problems = ["not a JSON object with a traceEvents list"]
      return
    }
    var lastTime: [String: Double] = [:]
    var open: [String: [(start: Double, end: Double, name: String)]] = [:]
    for (index, event) in events.enumerated() {
      guard let phase = event["ph"] as? String, let name = event["name"] as? String, !name.isEmpty,
        let pid = event["pid"] as? Int, let tid = event["tid"] as? Int
      else {
        problems.append("event \(index): needs ph, name, pid and tid")
        continue
      }
      if phase == "M" {
        let args = event["args"] as? [String: Any]
        if name == "process_name", let value = args?["name"] as? String { processNames[pid] = value }
        if name == "thread_name", let value = args?["name"] as? String { trackNames[pid, default: [:]][tid] = value }
        continue
      }
      guard let ts = event["ts"] as? Double, ts.isFinite, ts >= 0 else {
        problems.append("event \(index) (\(name)): no finite ts")
        continue
      }
      let track = "\(pid)/\(tid)"
      if let last = lastTime[track], ts < last {
        problems.append("event \(index) (\(name)): time goes back on \(track)")
      }
      lastTime[track] = ts
      switch phase {
      case "X":
        guard let duration = event["dur"] as? Double, duration >= 0 else {
          problems.append("event \(index) (\(name)): X without dur")
          continue
        }
        slices[pid, default: [:]][event["cat"] as? String ?? "", default: 0] += 1
        var stack = open[track, default: []]
        while let top = stack.last, top.end <= ts + 1e-9, !(top.start == ts && top.end == ts) { stack.removeLast() }
        if let top = stack.last, ts + duration > top.end + 1e-6 {
          problems.append("event \(index) (\(name)): overlaps \(top.name) on \(track) without nesting")
        }
        stack.append((ts, ts + duration, name))
        open[track] = stack
      case "i", "I":
        instants[pid, default: [:]][name, default: 0] += 1
      case "C":
        guard let args = event["args"] as? [String: Any], let value = args.values.first as? Double else {
          problems.append("event \(index) (\(name)): C without a numeric value")
          continue
        }
        counters[pid, default: [:]][name, default: []].append(value)
      default:
        problems.append("event \(index): unexpected phase \(phase)")
      }
    }
  }
}
