import Foundation

/// This process's memory, from `/proc/self/status` (Linux).
enum PeakMemory {
  /// The peak resident set size (`VmHWM`) in bytes, or `nil` if it cannot be read.
  static func peakResidentBytes() -> Int? { field("VmHWM") }

  /// The current resident set size (`VmRSS`) in bytes, or `nil` if it cannot be read.
  static func residentBytes() -> Int? { field("VmRSS") }

  private static func field(_ name: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
      let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
      return Int(digits).map { $0 * 1024 }
    }
    return nil
  }
}
