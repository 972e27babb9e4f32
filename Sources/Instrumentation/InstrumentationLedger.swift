/// Everything an ``Instrumentation`` records, as one value.
///
/// One stored property of the instrumentation holds it, so that recording an event is one access
/// to the instrumentation: a class's stored properties are checked for exclusive access at run time,
/// once per property touched, and recording touched seven.
struct InstrumentationLedger {
  var totals = Counters()
  var perProviderType: [String: Counters] = [:]
  /// Each attachment's counters, a byte each; an attachment in ``widePerAttachment`` is not here.
  var perAttachment: [Int: AttachmentCounters<UInt8>] = [:]
  /// The attachments one of whose counters passed 255 (rare: most counts are 0 or 1).
  var widePerAttachment: [Int: AttachmentCounters<UInt32>] = [:]
  var errorCount = 0
  var eventLog: EventRing
  var nextSequence = 0
  /// What ``Instrumentation/reset()`` carried over: the providers and views still alive then (so
  /// that the live-object invariants still hold).
  var carried = Carried()

  /// The history a reset keeps.
  struct Carried {
    var liveProviders = 0
    var liveViews = 0
    var liveProvidersPerAttachment: [Int: Int] = [:]
  }

  init(eventLogCapacity: Int) {
    eventLog = EventRing(capacity: eventLogCapacity)
  }

  /// Counts one event of `kind`, and logs it stamped `time` when `kind` is logged (every kind but the
  /// layout events, and those too while `logsLayoutEvents`). The caller reads its clock first: the
  /// clock may read the instrumentation, which is being written here.
  /// - Returns: The event's sequence number when it was logged.
  /// - Complexity: O(1) amortized.
  @discardableResult
  mutating func record(
    _ kind: InstrumentationEvent.Kind, attachmentID: Int?, providerType: String?, paragraphIndex: Int?,
    message: String?, logsLayoutEvents: Bool, time: Double
  ) -> Int? {
    if let counter = kind.counter {
      totals[counter] += 1
      if let providerType { perProviderType[providerType, default: Counters()][counter] += 1 }
      if let attachmentID { increment(counter, ofAttachment: attachmentID) }
    } else if kind == .error {
      errorCount += 1
    }
    if !kind.isLayoutEvent || logsLayoutEvents {
      eventLog.append(
        InstrumentationEvent(
          sequence: nextSequence, kind: kind, attachmentID: attachmentID, providerType: providerType,
          paragraphIndex: paragraphIndex, time: time, message: message))
      nextSequence += 1
      return nextSequence - 1
    }
    return nil
  }

  /// Adds one to `attachmentID`'s `counter`, moving the attachment to ``widePerAttachment`` when
  /// the counter is full in a byte.
  /// - Complexity: O(1) amortized.
  private mutating func increment(_ counter: Counter, ofAttachment attachmentID: Int) {
    if !widePerAttachment.isEmpty, widePerAttachment[attachmentID] != nil {
      _ = widePerAttachment[attachmentID]!.increment(counter)
      return
    }
    if perAttachment[attachmentID, default: AttachmentCounters<UInt8>()].increment(counter) != nil { return }
    var wide = AttachmentCounters<UInt32>(widening: perAttachment.removeValue(forKey: attachmentID)!)
    _ = wide.increment(counter)
    widePerAttachment[attachmentID] = wide
  }

  /// The counters of `attachmentID`, or `nil` when nothing was counted for it.
  func counters(ofAttachment attachmentID: Int) -> Counters? {
    perAttachment[attachmentID]?.counters ?? widePerAttachment[attachmentID]?.counters
  }

  /// Every attachment's counters.
  /// - Complexity: O(attachments counted).
  var countersPerAttachment: [Int: Counters] {
    var result = perAttachment.mapValues(\.counters)
    for (attachmentID, wide) in widePerAttachment { result[attachmentID] = wide.counters }
    return result
  }

  /// A ledger with nothing counted or logged that keeps this one's history (``Carried``): the
  /// balance of live providers and views.
  /// - Complexity: O(attachments counted).
  func clearedKeepingHistory() -> InstrumentationLedger {
    var next = InstrumentationLedger(eventLogCapacity: eventLog.capacity)
    next.carried = carried
    next.carried.liveProviders += totals.providersCreated - totals.providersDiscarded
    next.carried.liveViews += totals.viewsLoaded - totals.viewsDiscarded
    for (attachmentID, counters) in countersPerAttachment {
      let live =
        (carried.liveProvidersPerAttachment[attachmentID] ?? 0) + counters.providersCreated
        - counters.providersDiscarded
      next.carried.liveProvidersPerAttachment[attachmentID] = live == 0 ? nil : live
    }
    return next
  }
}
