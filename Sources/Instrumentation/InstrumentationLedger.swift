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
  /// What ``Instrumentation/reset()`` carried over: the attachments that had an animation state
  /// before it (so that their next state is still a reset), and the providers and views still alive
  /// then (so that the live-object invariants still hold).
  var carried = Carried()

  /// The history a reset keeps.
  struct Carried {
    var animatedAttachments: Set<Int> = []
    var liveProviders = 0
    var liveViews = 0
    var liveProvidersPerAttachment: [Int: Int] = [:]
  }

  init(eventLogCapacity: Int) {
    eventLog = EventRing(capacity: eventLogCapacity)
  }

  /// Counts one event of `kind`, and logs it stamped `time` when `kind` is logged (every kind but the
  /// layout events, and those too while `logsLayoutEvents`); a second animation state for an
  /// attachment records an ``InstrumentationEvent/Kind/animationReset`` too. The caller reads its
  /// clock first: the clock may read the instrumentation, which is being written here.
  /// - Complexity: O(1) amortized.
  mutating func record(
    _ kind: InstrumentationEvent.Kind, attachmentID: Int?, providerType: String?, paragraphIndex: Int?,
    message: String?, logsLayoutEvents: Bool, time: Double
  ) {
    var attachmentCount = 0
    if let counter = kind.counter {
      totals[counter] += 1
      if let providerType { perProviderType[providerType, default: Counters()][counter] += 1 }
      if let attachmentID { attachmentCount = increment(counter, ofAttachment: attachmentID) }
    } else if kind == .error {
      errorCount += 1
    }
    if !kind.isLayoutEvent || logsLayoutEvents {
      eventLog.append(
        InstrumentationEvent(
          sequence: nextSequence, kind: kind, attachmentID: attachmentID, providerType: providerType,
          paragraphIndex: paragraphIndex, time: time, message: message))
      nextSequence += 1
    }
    // The attachment's own count says whether it had a state before: no set of attachments beside it.
    if kind == .animationStateCreated, let attachmentID,
      attachmentCount > 1 || (attachmentCount == 1 && carried.animatedAttachments.contains(attachmentID))
    {
      record(
        .animationReset, attachmentID: attachmentID, providerType: providerType, paragraphIndex: paragraphIndex,
        message: nil, logsLayoutEvents: logsLayoutEvents, time: time)
    }
  }

  /// Adds one to `attachmentID`'s `counter`, moving the attachment to ``widePerAttachment`` when
  /// the counter is full in a byte.
  /// - Returns: The new count (`UInt32.max` once saturated).
  /// - Complexity: O(1) amortized.
  private mutating func increment(_ counter: Counter, ofAttachment attachmentID: Int) -> Int {
    if !widePerAttachment.isEmpty, widePerAttachment[attachmentID] != nil {
      return widePerAttachment[attachmentID]!.increment(counter) ?? Int(UInt32.max)
    }
    if let count = perAttachment[attachmentID, default: AttachmentCounters<UInt8>()].increment(counter) {
      return count
    }
    var wide = AttachmentCounters<UInt32>(widening: perAttachment.removeValue(forKey: attachmentID)!)
    let count = wide.increment(counter)!
    widePerAttachment[attachmentID] = wide
    return count
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

  /// A ledger with nothing counted or logged that keeps this one's history (``Carried``): which
  /// attachments had animation states, and the balance of live providers and views.
  /// - Complexity: O(attachments counted).
  func clearedKeepingHistory() -> InstrumentationLedger {
    var next = InstrumentationLedger(eventLogCapacity: eventLog.capacity)
    next.carried = carried
    next.carried.liveProviders += totals.providersCreated - totals.providersDiscarded
    next.carried.liveViews += totals.viewsLoaded - totals.viewsDiscarded
    for (attachmentID, counters) in countersPerAttachment {
      if counters.animationStatesCreated > 0 { next.carried.animatedAttachments.insert(attachmentID) }
      let live =
        (carried.liveProvidersPerAttachment[attachmentID] ?? 0) + counters.providersCreated
        - counters.providersDiscarded
      next.carried.liveProvidersPerAttachment[attachmentID] = live == 0 ? nil : live
    }
    return next
  }
}
