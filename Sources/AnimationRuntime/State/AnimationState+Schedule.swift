import ReuseKitSupport

/// When the state's frame next changes: what a loop that sleeps between frames waits for.
extension AnimationState {
  /// The clock time at which ``frameIndex`` next changes, or `nil` when it never will (paused, or a
  /// single frame).
  ///
  /// A loop that sleeps until this time and then draws shows every frame once; one that wakes late
  /// shows the frame the clock has reached, skipping those in between (the animation never slows).
  /// - Complexity: O(1) for equal frames, O(log n) for per-frame durations.
  public var nextFrameTime: Double? {
    guard !isPaused, frameCount > 1, loopDuration.isFinite, loopDuration > 0 else { return nil }
    let now = clock.now
    let time = self.time
    guard time.isFinite else { return nil }
    let within = time - (time / loopDuration).rounded(.down) * loopDuration
    let nextEnd: Double
    if let frameEnds {
      // The end of the frame `within` falls in (as `frameIndex` reckons, with its epsilon).
      let index = min(frameEnds.partitioningIndex { $0 > within + Self.epsilon }, frameEnds.count - 1)
      nextEnd = frameEnds[index]
    } else {
      nextEnd = ((within * frameRate + Self.epsilon).rounded(.down) + 1) / frameRate
    }
    return now + max(0, nextEnd - within)
  }
}
