import Instrumentation

/// Remembers which attachments' animation states were just reset, so the view can flash them.
///
/// Each update compares the instrumentation's reset total with the last one seen; when it grew by
/// `k` while recording, the newest `k` `.animationReset` events of the log are the new resets. A frame
/// without resets costs one comparison, and while not recording the log is never read.
public struct ResetFlashTracker: Sendable {
  /// How long a flash lasts, in clock seconds.
  public var duration: Double
  /// Flash start times by attachment identifier.
  public private(set) var flashes: [Int: Double] = [:]
  /// The sequence number of the newest event read (`-1` before any); the log is read only while
  /// recording, so it is not advanced while not recording.
  public private(set) var lastSeenSequence = -1
  private var lastResetTotal = 0

  /// Creates a tracker whose flashes last `duration` seconds.
  public init(duration: Double = 0.6) {
    self.duration = duration
  }

  /// Reads new reset events and drops finished flashes.
  /// - Parameters:
  ///   - instrumentation: The view's instrumentation.
  ///   - now: The clock's time.
  ///   - records: Whether new resets start flashes (false consumes them silently).
  /// - Complexity: O(1) without new resets or while not recording; otherwise O(events since the
  ///   oldest new reset), never a copy of the log.
  public mutating func update(from instrumentation: Instrumentation, now: Double, records: Bool) {
    let total = instrumentation.totals.animationResets
    if total < lastResetTotal {  // the instrumentation was reset: counting starts again
      lastResetTotal = 0
      lastSeenSequence = -1
      flashes = [:]
    }
    let newResets = total - lastResetTotal
    lastResetTotal = total
    if records, newResets > 0 {
      for event in instrumentation.newestEvents(of: .animationReset, limit: newResets) {
        if let id = event.attachmentID { flashes[id] = now }
      }
      lastSeenSequence = instrumentation.latestEventSequence ?? lastSeenSequence
    }
    if !flashes.isEmpty { flashes = flashes.filter { now - $0.value < duration } }
  }

  /// How strongly `attachmentID` flashes at `now`: 1 at the reset, fading to 0 over the second half
  /// of ``duration``; `nil` when it is not flashing.
  public func intensity(for attachmentID: Int, now: Double) -> Double? {
    guard let start = flashes[attachmentID] else { return nil }
    let elapsed = now - start
    guard elapsed >= 0, elapsed < duration else { return nil }
    return min(1, 2 * (1 - elapsed / duration))
  }
}
