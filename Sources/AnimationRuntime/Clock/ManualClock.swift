/// A clock that moves only when told to, for tests and deterministic benchmarks.
public final class ManualClock: AnimationClock {
  /// The current time in seconds.
  public private(set) var now: Double

  /// Creates a clock reading `now`.
  /// - Parameter now: The initial reading, in seconds.
  public init(now: Double = 0) {
    self.now = now
  }

  /// Moves the clock forward.
  /// - Parameter seconds: How far to move; negative values are ignored (the clock is monotonic).
  public func advance(by seconds: Double) {
    guard seconds.isFinite, seconds > 0 else { return }
    now += seconds
  }
}
