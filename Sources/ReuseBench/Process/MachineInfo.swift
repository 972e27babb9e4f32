import Foundation

/// The machine a run happened on, for the report header.
enum MachineInfo {
  /// `2 cores, Intel(R) Xeon(R) …`.
  static var summary: String { "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpuModel)" }

  /// The first `model name` in /proc/cpuinfo.
  static var cpuModel: String {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown CPU" }
    for line in info.split(separator: "\n") where line.hasPrefix("model name") {
      return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }
    return "unknown CPU"
  }
}
