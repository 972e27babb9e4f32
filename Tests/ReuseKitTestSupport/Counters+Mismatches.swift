import Instrumentation

extension Counters {
  /// The reuse counters that differ from `expected`: one line each, `"viewsLoaded: expected 3,
  /// got 4"`. A counter `expected` does not list expects 0.
  /// - Parameter expected: The deltas expected.
  /// - Returns: The differences, empty when every reuse counter is as expected.
  public func reuseMismatches(expecting expected: [Counter: Int]) -> [String] {
    Counter.reuseCounters.sorted { $0.rawValue < $1.rawValue }.compactMap { counter in
      let want = expected[counter] ?? 0
      return self[counter] == want ? nil : "\(counter.rawValue): expected \(want), got \(self[counter])"
    }
  }
}
