import ReuseKit
import Testing

/// Counting what a block of operations does, and saying why when a count is wrong: a failure from
/// ``ReuseTestHost/measure(includingFirstPass:sourceLocation:_:)`` or
/// ``ReuseTestHost/expectCounts(_:equal:_:sourceLocation:)`` attaches the measured block's event log
/// to the test as a text `Attachment` named `reuse-events.txt`.
extension ReuseTestHost {
  /// Runs `body` and returns how much view 0's counters grew, after checking that its bookkeeping
  /// still matches the objects it really holds (an issue is recorded otherwise, with the block's
  /// event log attached).
  /// - Parameters:
  ///   - includingFirstPass: Whether to count from just before the host's first viewport pass (the
  ///     one its initializer runs) instead of from the start of `body`: the first pass, every
  ///     operation run since and `body` are then counted together. Default `false`, since most
  ///     tests count what one operation does to a laid-out view.
  ///   - sourceLocation: Where an invariant failure is reported (the caller, by default).
  ///   - body: The operations to count.
  /// - Returns: The counter deltas; compare `Counters.reuse` for exact reuse counts.
  @discardableResult
  public func measure(
    includingFirstPass: Bool = false, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
  ) rethrows -> Counters {
    try measureBreakdown(includingFirstPass: includingFirstPass, sourceLocation: sourceLocation, body).totals
  }

  /// ``measure(includingFirstPass:sourceLocation:_:)`` with the deltas per provider type too
  /// (`delta[TypingIndicatorProvider.self]`).
  /// - Parameters:
  ///   - includingFirstPass: Whether to count from just before the host's first viewport pass
  ///     (default `false`: from the start of `body`).
  ///   - sourceLocation: Where an invariant failure is reported (the caller, by default).
  ///   - body: The operations to count.
  /// - Returns: The deltas in total and per provider type.
  public func measureBreakdown(
    includingFirstPass: Bool = false, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
  ) rethrows -> InstrumentationSnapshot {
    let before = includingFirstPass ? beforeFirstPass : instrumentation.snapshot()
    let lastEventBefore = includingFirstPass ? lastEventBeforeFirstPass : instrumentation.latestEventSequence
    let trace = instrumentation.trace
    trace?.beginStep("measured block")
    let traceStart = includingFirstPass ? trace?.timeline.start : trace?.timeline.end
    defer { trace?.endStep() }  // when `body` throws
    try body()
    trace?.endStep()
    if let trace, let traceStart {
      lastMeasuredTimeline = trace.closedTimeline().slice(from: traceStart, to: trace.timeline.end)
    }
    let delta = instrumentation.snapshot() - before
    lastMeasuredEvents = instrumentation.events.filter { $0.sequence > (lastEventBefore ?? -1) }
    let violations = invariantViolations()
    for violation in violations {
      Issue.record(Comment(rawValue: "reuse bookkeeping: \(violation)"), sourceLocation: sourceLocation)
    }
    if !violations.isEmpty { attachLastMeasuredEvents(sourceLocation: sourceLocation) }
    return delta
  }

  /// Expects `actual` to equal `expected` like the free ``expectCounts(_:equal:_:sourceLocation:)``,
  /// and when they differ also attaches the event log of the last measured block
  /// (``lastMeasuredEvents``) to the test, as text, so the failure shows which provider, view or
  /// attachment did what.
  /// - Parameters:
  ///   - actual: The counters measured (often `Counters.reuse` of a delta).
  ///   - expected: The counters expected.
  ///   - comment: Said with the failure, first.
  ///   - sourceLocation: Where the failure is reported (the caller, by default).
  /// - Returns: Whether the two are equal.
  @discardableResult
  public func expectCounts(
    _ actual: Counters, equal expected: Counters, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    let equal = ReuseKitTesting.expectCounts(actual, equal: expected, comment, sourceLocation: sourceLocation)
    if !equal { attachLastMeasuredEvents(sourceLocation: sourceLocation) }
    return equal
  }

  /// ``lastMeasuredEvents`` as text, one event a line
  /// (`#12 viewLoaded attachment=3 provider=Still paragraph=10 t=0.0`).
  public var lastMeasuredEventLog: String {
    let lines = lastMeasuredEvents.map(Self.line(describing:))
    return lines.isEmpty ? "(no events logged)" : lines.joined(separator: "\n")
  }

  /// Records ``lastMeasuredEventLog`` as the text attachment `reuse-events.txt` of the running test,
  /// and the measured block's Chrome trace as `reuse-trace.json` (open it in Perfetto).
  func attachLastMeasuredEvents(sourceLocation: SourceLocation) {
    Attachment.record(lastMeasuredEventLog, named: "reuse-events.txt", sourceLocation: sourceLocation)
    if let lastMeasuredTrace {
      Attachment.record(lastMeasuredTrace, named: "reuse-trace.json", sourceLocation: sourceLocation)
    }
  }

  /// ``lastMeasuredTimeline`` in the Chrome Trace Event Format (`nil` when there is none).
  public var lastMeasuredTrace: String? {
    lastMeasuredTimeline.map { ChromeTrace(timelines: [$0]).jsonString() }
  }

  /// Everything view 0 did since the host was made, in the Chrome Trace Event Format: open it in
  /// Perfetto (ui.perfetto.dev) or `chrome://tracing`. A track per attachment occurrence shows each
  /// provider's lifetime, its view's states and an instant per reuse event (one `animation reset` per
  /// reset); measured blocks are the steps.
  /// - Returns: The trace's JSON; an empty trace when tracing was turned off
  ///   (`instrumentation.trace = nil`).
  public func trace() -> String {
    ChromeTrace(timelines: instrumentation.trace.map { [$0.closedTimeline()] } ?? []).jsonString()
  }

  private static func line(describing event: InstrumentationEvent) -> String {
    var fields = ["#\(event.sequence)", event.kind.rawValue]
    if let attachmentID = event.attachmentID { fields.append("attachment=\(attachmentID)") }
    if let providerType = event.providerType { fields.append("provider=\(providerType)") }
    if let paragraphIndex = event.paragraphIndex { fields.append("paragraph=\(paragraphIndex)") }
    fields.append("t=\(event.time)")
    if let message = event.message {
      fields.append(event.kind == .error || event.kind == .warning ? "message=\(message)" : "why=\(message)")
    }
    return fields.joined(separator: " ")
  }
}
