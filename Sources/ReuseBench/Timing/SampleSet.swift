/// Timings of one figure: the samples after warm-up, in seconds.
struct SampleSet: Codable {
  /// Every sample, in the order taken.
  var samples: [Double]

  /// The middle sample (the mean of the two middle ones for an even count); 0 when empty.
  var median: Double { percentile(50) }
  /// The 99th percentile, nearest-rank; the maximum for fewer than 100 samples.
  var p99: Double { percentile(99) }

  /// The `p`th percentile: nearest-rank, except the median, which averages the middle pair.
  /// - Complexity: O(n log n).
  func percentile(_ p: Double) -> Double {
    guard !samples.isEmpty else { return 0 }
    let sorted = samples.sorted()
    if p == 50, sorted.count % 2 == 0 {
      return (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(sorted.count - 1, max(0, rank - 1))]
  }
}
