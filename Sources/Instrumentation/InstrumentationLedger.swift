/// Everything an ``Instrumentation`` records, as one value.
///
/// One stored property of the instrumentation holds it, so that recording an event is one access
/// to the instrumentation: a class's stored properties are checked for exclusive access at run time,
/// once per property touched, and recording touched seven.
struct InstrumentationLedger {
  var totals = Counters()
  var perProviderType: [String: Counters] = [:]
  var perAttachment: [Int: AttachmentCounters] = [:]
  var errorCount = 0
  var eventLog: EventRing
  var nextSequence = 0
  var attachmentsWithAnimationState: Set<Int> = []

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
    if let counter = kind.counter {
      totals[counter] += 1
      if let providerType { perProviderType[providerType, default: Counters()][counter] += 1 }
      if let attachmentID { perAttachment[attachmentID, default: AttachmentCounters()].increment(counter) }
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
    if kind == .animationStateCreated, let attachmentID, !attachmentsWithAnimationState.insert(attachmentID).inserted {
      record(
        .animationReset, attachmentID: attachmentID, providerType: providerType, paragraphIndex: paragraphIndex,
        message: nil, logsLayoutEvents: logsLayoutEvents, time: time)
    }
  }
}
