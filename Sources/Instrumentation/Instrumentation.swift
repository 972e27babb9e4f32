/// Counts what a text view does with providers, views, surfaces, animation states and layout.
///
/// One instance belongs to one text view (two views on one storage count separately).
/// It keeps exact totals, breakdowns per provider type and per attachment, and a bounded,
/// ordered event log. It is not thread-safe: use it from the text view's thread.
public final class Instrumentation {
  /// Totals since creation (or the last ``reset()``).
  public var totals: Counters { ledger.totals }
  /// Totals broken down by provider type name.
  public var perProviderType: [String: Counters] { ledger.perProviderType }
  /// Totals broken down by attachment identifier, built on each access (O(attachments counted)):
  /// use ``counters(forAttachment:)`` for one attachment.
  public var perAttachment: [Int: Counters] { ledger.countersPerAttachment }

  /// The totals of one attachment, by its identifier: ``perAttachment``'s entry, without building the
  /// whole breakdown.
  /// - Parameter attachmentID: The attachment's identifier.
  /// - Returns: Its counters, or `nil` when nothing was counted for it.
  /// - Complexity: O(1).
  public func counters(forAttachment attachmentID: Int) -> Counters? {
    ledger.counters(ofAttachment: attachmentID)
  }

  /// The number of ``InstrumentationEvent/Kind/error`` events recorded.
  public var errorCount: Int { ledger.errorCount }
  /// The most recent events, oldest first, at most the capacity given at creation (older ones are dropped first; counters never are).
  public var events: [InstrumentationEvent] { ledger.eventLog.elements }
  /// The sequence number of the newest logged event, if any.
  public var latestEventSequence: Int? { ledger.eventLog.newest?.sequence }

  /// Up to `limit` of the newest logged events of `kind`, newest first, without copying the log.
  /// - Complexity: O(events walked back from the newest).
  public func newestEvents(of kind: InstrumentationEvent.Kind, limit: Int) -> [InstrumentationEvent] {
    ledger.eventLog.newest(limit, of: kind)
  }

  /// Whether the layout events (``InstrumentationEvent/Kind/isLayoutEvent``: fragments, passes,
  /// surfaces, the cache hooks' calls, fontconfig calls, missing glyphs) go into the log; they are
  /// always counted.
  public var logsLayoutEvents = false
  /// The time source stamped on events, in seconds. Inject the animation clock here.
  public var timeSource: () -> Double {
    didSet { trace?.timeSource = timeSource }
  }
  /// Where every event also goes, with the view's passes and frames, for a timeline (`nil`: nowhere).
  /// Setting it makes the trace read this instrumentation's clock. Set it before the view's first pass
  /// so that its rows and counts start with the view's.
  public var trace: ReuseTrace? {
    didSet { trace?.timeSource = timeSource }
  }

  /// The providers alive now, by the counters (created less discarded, and those alive at the last
  /// ``reset()``).
  /// - Complexity: O(1).
  public var liveProviderBalance: Int {
    ledger.carried.liveProviders + totals.providersCreated - totals.providersDiscarded
  }

  private var ledger: InstrumentationLedger

  /// Creates an empty instrumentation.
  /// - Parameters:
  ///   - eventLogCapacity: The number of events kept in the log (default 10,000).
  ///   - timeSource: The clock read when an event is stamped; defaults to a constant zero.
  public init(eventLogCapacity: Int = 10_000, timeSource: @escaping () -> Double = { 0 }) {
    self.ledger = InstrumentationLedger(eventLogCapacity: eventLogCapacity)
    self.timeSource = timeSource
  }

  /// Records one event and increments its counter in the totals and the breakdowns.
  ///
  /// Each kind counts only its own counter: an ``InstrumentationEvent/Kind/animationStateCreated``
  /// never implies an ``InstrumentationEvent/Kind/animationReset``. Whether a new state is a reset
  /// depends on the attachment's place, which only the text view knows; it records both.
  /// - Complexity: O(1) amortized.
  public func record(
    _ kind: InstrumentationEvent.Kind, attachmentID: Int? = nil, providerType: String? = nil,
    paragraphIndex: Int? = nil, message: String? = nil
  ) {
    record(
      kind, attachmentID: attachmentID, providerType: providerType, paragraphIndex: paragraphIndex, message: message,
      provider: nil)
  }

  /// ``record(_:attachmentID:providerType:paragraphIndex:message:)`` naming the provider object the
  /// event concerns, for the ``trace``'s rows.
  /// - Complexity: O(1) amortized.
  package func record(
    _ kind: InstrumentationEvent.Kind, attachmentID: Int?, providerType: String?, paragraphIndex: Int?,
    message: String?, provider: ObjectIdentifier?
  ) {
    let logsLayoutEvents = logsLayoutEvents
    let time = !kind.isLayoutEvent || logsLayoutEvents ? timeSource() : 0
    let sequence = ledger.record(
      kind, attachmentID: attachmentID, providerType: providerType, paragraphIndex: paragraphIndex, message: message,
      logsLayoutEvents: logsLayoutEvents, time: time)
    guard let trace, !kind.isLayoutEvent else { return }
    trace.record(
      InstrumentationEvent(
        sequence: sequence ?? -1, kind: kind, attachmentID: attachmentID, providerType: providerType,
        paragraphIndex: paragraphIndex, time: time, message: message), provider: provider)
  }

  /// Records `count` events of `kind` at once: a viewport pass tallies its surface events and
  /// records them at its end, one call per kind. The counters grow by `count`; when the kind is
  /// logged (every kind but the layout events, and those while ``logsLayoutEvents`` is on) each
  /// event is logged, as `count` calls of ``record(_:attachmentID:providerType:paragraphIndex:message:)`` do.
  /// - Parameters:
  ///   - kind: The event.
  ///   - count: How many; nothing happens for zero or less.
  /// - Complexity: O(1) for a layout event not logged, O(count) otherwise.
  public func record(_ kind: InstrumentationEvent.Kind, count: Int) {
    guard count > 0 else { return }
    guard kind.isLayoutEvent, !logsLayoutEvents, let counter = kind.counter else {
      for _ in 0..<count { record(kind) }
      return
    }
    ledger.totals[counter] += count
  }

  /// Runs `body` and returns how much each counter grew while it ran.
  ///
  /// - Parameter body: The work to measure.
  /// - Returns: The counters after `body` less the counters before it.
  ///
  /// ```swift
  /// let d = instrumentation.measure { textView.insertText("a") }
  /// #expect(d.providersCreated == 0)
  /// ```
  public func measure(_ body: () throws -> Void) rethrows -> Counters {
    let before = totals
    let outer = startMaximums()
    defer { endMaximums(outer) }
    try body()
    return totals - before
  }

  /// Adds `amount` to `counter` without logging an event: for counts the view layer tallies by the
  /// pixel or by the frame (blank sticker pixels, frame-cache hits). A maximum
  /// (``Counter/isMaximum``) is raised to `amount` instead.
  /// - Parameters:
  ///   - counter: The counter.
  ///   - amount: How much; nothing happens for zero or less.
  /// - Complexity: O(1).
  package func add(_ amount: Int, to counter: Counter) {
    guard amount > 0 else { return }
    if counter.isMaximum {
      ledger.totals[counter] = max(ledger.totals[counter], amount)
    } else {
      ledger.totals[counter] += amount
    }
  }

  /// Starts a measured block's own maximums at zero; returns the values to restore.
  private func startMaximums() -> [Counter: Int] {
    var saved: [Counter: Int] = [:]
    for counter in Counter.allCases where counter.isMaximum {
      saved[counter] = ledger.totals[counter]
      ledger.totals[counter] = 0
    }
    return saved
  }

  /// Ends a measured block: each maximum becomes the larger of the block's and the one before it.
  private func endMaximums(_ saved: [Counter: Int]) {
    for (counter, value) in saved { ledger.totals[counter] = max(ledger.totals[counter], value) }
  }

  /// Clears the counters, the breakdowns and the log, keeping the history the counts depend on.
  ///
  /// The providers and views alive at the reset stay accounted for, so
  /// ``invariantViolations(actual:)`` still holds. Animation history is the text view's, not the
  /// counters': a place that had shown an animation before the reset still counts a reset when its
  /// animation restarts after it. To count what a block does,
  /// ``measure(_:)`` or ``measureBreakdown(_:)`` need no reset at all.
  /// - Complexity: O(attachments counted).
  public func reset() {
    ledger = ledger.clearedKeepingHistory()
  }

  /// The totals and the per-provider-type breakdown now.
  public func snapshot() -> InstrumentationSnapshot {
    InstrumentationSnapshot(totals: totals, perProviderType: perProviderType)
  }

  /// Runs `body` and returns how much each counter grew while it ran, in total and per provider type.
  ///
  /// ```swift
  /// let delta = instrumentation.measureBreakdown { textView.insertText("a") }
  /// #expect(delta[TypingIndicatorProvider.self].providersCreated == 0)
  /// ```
  /// - Parameter body: The work to measure.
  /// - Returns: The difference of the snapshots after and before `body`.
  /// - Complexity: O(provider types) besides `body`.
  public func measureBreakdown(_ body: () throws -> Void) rethrows -> InstrumentationSnapshot {
    let before = snapshot()
    let outer = startMaximums()
    defer { endMaximums(outer) }
    try body()
    return snapshot() - before
  }

}

extension Instrumentation {
  /// The objects a text view really holds, counted independently of the instrumentation.
  public struct LiveObjects: Equatable, Sendable {
    /// Live providers, attached to a fragment or waiting to be reused.
    public var providers: Int
    /// Loaded views, shown or in the scroll cache.
    public var views: Int
    /// Live providers per attachment identifier.
    public var providersPerAttachment: [Int: Int]
    /// The occurrences in the document of the attachments that sit in several places, by attachment
    /// identifier (an attachment not listed has one): each occurrence may have its own provider.
    public var occurrencesPerAttachment: [Int: Int]

    /// Creates a census of live objects.
    /// - Parameters:
    ///   - providers: Live providers.
    ///   - views: Loaded views.
    ///   - providersPerAttachment: Live providers per attachment identifier.
    ///   - occurrencesPerAttachment: Occurrences of attachments that sit in several places.
    public init(
      providers: Int, views: Int, providersPerAttachment: [Int: Int], occurrencesPerAttachment: [Int: Int] = [:]
    ) {
      self.providers = providers
      self.views = views
      self.providersPerAttachment = providersPerAttachment
      self.occurrencesPerAttachment = occurrencesPerAttachment
    }
  }

  /// Checks the bookkeeping invariants against the objects a view really holds.
  ///
  /// - `providersCreated == live providers + providersDiscarded`
  /// - `viewsLoaded == live views (shown or cached) + viewsDiscarded`
  ///
  /// (each left side plus what was alive at the last ``reset()``)
  /// - at most one live provider per attachment occurrence (one, unless the attachment sits in
  ///   several places)
  /// - Returns: One message per violated invariant; empty when all hold.
  public func invariantViolations(actual: LiveObjects) -> [String] {
    var violations: [String] = []
    let carried = ledger.carried
    if carried.liveProviders + totals.providersCreated != actual.providers + totals.providersDiscarded {
      violations.append(
        "providersCreated (\(totals.providersCreated), and \(carried.liveProviders) alive at the last reset) "
          + "!= live providers (\(actual.providers)) + providersDiscarded (\(totals.providersDiscarded))")
    }
    if carried.liveViews + totals.viewsLoaded != actual.views + totals.viewsDiscarded {
      violations.append(
        "viewsLoaded (\(totals.viewsLoaded), and \(carried.liveViews) alive at the last reset) "
          + "!= live views (\(actual.views)) + viewsDiscarded (\(totals.viewsDiscarded))")
    }
    // Per attachment, the counters say how many providers are alive; the view says which it holds.
    var recorded = carried.liveProvidersPerAttachment
    for (attachment, counters) in perAttachment where counters.providersCreated != counters.providersDiscarded {
      let live = recorded[attachment, default: 0] + counters.providersCreated - counters.providersDiscarded
      recorded[attachment] = live == 0 ? nil : live
    }
    for (attachment, count) in recorded.merging(actual.providersPerAttachment, uniquingKeysWith: max)
    where count > max(1, actual.occurrencesPerAttachment[attachment] ?? 1) {
      violations.append("attachment \(attachment) has \(count) live providers")
    }
    if recorded != actual.providersPerAttachment.filter({ $0.value > 0 }) {
      violations.append("live providers per attachment (\(recorded.count) attachments) differ from the view's")
    }
    return violations
  }
}
