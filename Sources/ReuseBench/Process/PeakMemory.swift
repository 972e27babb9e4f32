import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// This process's memory, from `/proc/self/status` (Linux).
enum PeakMemory {
  /// The peak resident set size (`VmHWM`) in bytes, or `nil` if it cannot be read.
  static func peakResidentBytes() -> Int? { field("VmHWM") }

  /// The current resident set size (`VmRSS`) in bytes, or `nil` if it cannot be read.
  static func residentBytes() -> Int? { field("VmRSS") }

  /// The resident set size after handing freed heap memory back to the system (`malloc_trim`), so
  /// that it counts what is live: without it, memory freed earlier (a transcript's input after
  /// opening it) stays resident and hides later growth.
  static func liveResidentBytes() -> Int? {
    // glibc's `malloc_trim` (from <malloc.h>, which the Glibc module does not export), looked up at
    // run time; without it the figure is the plain resident size.
    if let symbol = dlsym(nil, "malloc_trim") {
      typealias Trim = @convention(c) (Int) -> Int32
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
    return residentBytes()
  }

  private static func field(_ name: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
      let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
      return Int(digits).map { $0 * 1024 }
    }
    return nil
  }
}
