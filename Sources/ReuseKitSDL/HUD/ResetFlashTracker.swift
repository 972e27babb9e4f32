import Instrumentation

/// Remembers which attachments' animation states were just reset, so the view can flash them.
///
/// It reads the instrumentation's event log for `.animationReset` events newer than the last
/// sequence number it saw; the log is only read when the reset total grew, so a frame without
/// resets costs one comparison.
public struct ResetFlashTracker: Sendable {
  /// How long a flash lasts, in clock seconds.
  public var duration: Double
  /// Flash start times by attachment identifier.
  public private(set) var flashes: [Int: Double] = [:]
  /// The sequence number of the newest event already read.
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
  public mutating func update(from instrumentation: Instrumentation, now: Double, records: Bool) {
    let total = instrumentation.totals.animationResets
    if total < lastResetTotal {  // the instrumentation was reset: sequence numbers start again
      lastSeenSequence = -1
      flashes = [:]
    }
    if total != lastResetTotal {
      lastResetTotal = total
      let events = instrumentation.events
      for event in events where event.sequence > lastSeenSequence && event.kind == .animationReset {
        if records, let id = event.attachmentID { flashes[id] = now }
      }
      lastSeenSequence = max(lastSeenSequence, events.last?.sequence ?? lastSeenSequence)
    }
    flashes = flashes.filter { now - $0.value < duration }
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
