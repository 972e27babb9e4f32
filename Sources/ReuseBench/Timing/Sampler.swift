/// Runs a measured step: warm-up iterations first, then timed samples.
struct Sampler {
  /// Untimed iterations before the samples.
  var warmUp: Int
  /// Timed iterations.
  var samples: Int

  /// Calls `step(i)` `warmUp` times untimed, then `samples` times timed, `i` counting on from 0.
  /// - Parameter step: One iteration; `prepare` runs untimed before each.
  /// - Returns: The timed samples.
  func run(prepare: (Int) throws -> Void = { _ in }, _ step: (Int) throws -> Void) rethrows -> SampleSet {
    var timings: [Double] = []
    timings.reserveCapacity(samples)
    for iteration in 0..<(warmUp + samples) {
      try prepare(iteration)
      let start = Stopwatch.now()
      try step(iteration)
      let elapsed = Stopwatch.now() - start
      if iteration >= warmUp { timings.append(elapsed) }
    }
    return SampleSet(samples: timings)
  }

  /// ``run(prepare:_:)`` for a step that times itself: it returns its own sample, in seconds (the
  /// part of it that is the figure's, as keystroke to present ends at the present).
  func runTimingItself(_ step: (Int) throws -> Double) rethrows -> SampleSet {
    var timings: [Double] = []
    timings.reserveCapacity(samples)
    for iteration in 0..<(warmUp + samples) {
      let elapsed = try step(iteration)
      if iteration >= warmUp { timings.append(elapsed) }
    }
    return SampleSet(samples: timings)
  }
}
