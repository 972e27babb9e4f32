/// Records what one text view does, in order, as a ``ReuseTimeline``: each provider's life on its
/// attachment occurrence's row, its view's states, the reuse events, viewport passes, frames, the
/// steps of a run, and gauges (live providers, the scroll cache's views and bytes, blank sticker
/// pixels).
///
/// Set it as the view's ``Instrumentation/trace`` before the view's first pass: the instrumentation
/// hands it every event it records, and the view its passes and frames. It is not thread-safe:
/// use it from the view's thread.
///
/// ```swift
/// let trace = ReuseTrace(name: "policy both")
/// textView.instrumentation.trace = trace
/// // … run …
/// let json = ChromeTrace(timelines: [trace.timeline]).jsonString()
/// ```
public final class ReuseTrace {
  /// The timeline so far; lifetimes, views and spans still open have no end yet.
  public internal(set) var timeline: ReuseTimeline
  /// The most marks, spans and samples kept; past it they are counted in
  /// ``ReuseTimeline/droppedEntries`` (rows and lifetimes stay exact).
  public let capacity: Int
  /// The clock, in seconds: the view's instrumentation's time source when it is attached.
  var timeSource: () -> Double {
    didSet {
      guard nextOrdinal <= 1 else { return }  // nothing recorded yet: the timeline starts on the new clock
      nextOrdinal = 0
      lastTime = -Double.infinity
      timeline.start = point()
    }
  }

  private var nextOrdinal = 0
  private var lastTime = -Double.infinity
  private var entries = 0
  /// Live providers by object: their number and row.
  private var live: [ObjectIdentifier: LiveProvider] = [:]
  /// Per attachment, its rows: the index of each in ``ReuseTimeline/occurrences``, and whether a
  /// live provider holds it.
  private var rowsOfAttachment: [Int: [(row: Int, taken: Bool)]] = [:]
  private var nextProviderID = 1
  var openPasses: [ReuseTimeline.Point] = []
  var openFrames: [ReuseTimeline.Point] = []
  var openStep: (name: String, start: ReuseTimeline.Point)?
  var lastGauges: (providers: Int, views: Int, bytes: Int)?

  private struct LiveProvider {
    var id: Int
    var row: Int
    /// The index of its lifetime in its row's providers.
    var lifetime: Int
  }

  /// Makes an empty trace.
  /// - Parameters:
  ///   - name: The timeline's name (a Chrome trace's process name).
  ///   - capacity: The most marks, spans and samples kept (default 1,000,000).
  ///   - timeSource: The clock, in seconds (the view's instrumentation's, once attached).
  public init(name: String, capacity: Int = 1_000_000, timeSource: @escaping () -> Double = { 0 }) {
    self.capacity = max(0, capacity)
    self.timeSource = timeSource
    self.timeline = ReuseTimeline(name: name)
    self.timeline.start = point()
  }

  /// The next point: the clock's time in microseconds, at least a nanosecond after the last point.
  func point() -> ReuseTimeline.Point {
    let now = timeSource() * 1_000_000
    lastTime = max(now.isFinite ? now : lastTime, lastTime + 0.001)
    if !lastTime.isFinite { lastTime = 0 }
    defer { nextOrdinal += 1 }
    let point = ReuseTimeline.Point(time: lastTime, ordinal: nextOrdinal)
    timeline.end = point
    return point
  }

  /// Whether one more mark, span or sample fits; counts it as dropped otherwise.
  func admits() -> Bool {
    guard entries < capacity else {
      timeline.droppedEntries += 1
      return false
    }
    entries += 1
    return true
  }

  // MARK: Events

  /// Places one event on its occurrence's row: a provider's creation opens a lifetime (on the
  /// attachment's first row no live provider holds), its discarding closes it, view events change
  /// the view's state, and each reuse event is a mark.
  /// - Parameters:
  ///   - event: The event, as the instrumentation logs it.
  ///   - provider: The provider object it concerns, if any.
  /// - Complexity: O(1) amortized, O(places of the attachment) for a provider's creation.
  package func record(_ event: InstrumentationEvent, provider: ObjectIdentifier?) {
    guard !event.kind.isLayoutEvent else { return }
    let now = point()
    guard let attachmentID = event.attachmentID else { return addOtherMark(event, at: now, providerID: nil) }
    var current = provider.flatMap { live[$0] }
    if event.kind == .providerCreated, let provider {
      if current != nil { close(provider, at: now, cause: "created again") }
      current = open(provider, attachmentID: attachmentID, type: event.providerType, at: now, predates: false)
    } else if current == nil {
      if let provider {
        current = open(provider, attachmentID: attachmentID, type: event.providerType, at: now, predates: true)
      } else if let only = onlyLiveProvider(of: attachmentID) {
        current = only
      } else {
        return addOtherMark(event, at: now, providerID: nil)
      }
    }
    guard let current else { return }
    applyView(event.kind, to: current, at: now)
    if event.kind != .providerCreated, event.kind != .providerDiscarded {
      addMark(event, at: now, providerID: current.id, row: current.row)
    }
    if event.kind == .providerDiscarded, let provider { close(provider, at: now, cause: event.message) }
  }

  private func addOtherMark(_ event: InstrumentationEvent, at now: ReuseTimeline.Point, providerID: Int?) {
    guard admits() else { return }
    timeline.otherMarks.append(mark(event, at: now, providerID: providerID))
  }

  private func addMark(_ event: InstrumentationEvent, at now: ReuseTimeline.Point, providerID: Int, row: Int) {
    guard admits() else { return }
    timeline.occurrences[row].marks.append(mark(event, at: now, providerID: providerID))
  }

  private func mark(_ event: InstrumentationEvent, at now: ReuseTimeline.Point, providerID: Int?) -> ReuseTimeline.Mark
  {
    ReuseTimeline.Mark(
      kind: event.kind, point: now, providerID: providerID, paragraphIndex: event.paragraphIndex, cause: event.message,
      sequence: event.sequence)
  }

  /// The live provider of `attachmentID` when it has exactly one.
  private func onlyLiveProvider(of attachmentID: Int) -> LiveProvider? {
    guard let rows = rowsOfAttachment[attachmentID], rows.count(where: \.taken) == 1 else { return nil }
    let row = rows.first(where: \.taken)!.row
    return live.values.first { $0.row == row }
  }

  /// Starts a provider's lifetime on the first row of its attachment no live provider holds (a new
  /// row when all are held).
  private func open(
    _ provider: ObjectIdentifier, attachmentID: Int, type: String?, at now: ReuseTimeline.Point, predates: Bool
  ) -> LiveProvider {
    var rows = rowsOfAttachment[attachmentID, default: []]
    let row: Int
    if let free = rows.firstIndex(where: { !$0.taken }) {
      rows[free].taken = true
      row = rows[free].row
    } else {
      row = timeline.occurrences.count
      timeline.occurrences.append(
        ReuseTimeline.Occurrence(attachmentID: attachmentID, occurrence: rows.count, providers: [], marks: []))
      rows.append((row, true))
    }
    rowsOfAttachment[attachmentID] = rows
    let lifetime = ReuseTimeline.ProviderLifetime(
      providerID: nextProviderID, providerType: type ?? "provider", start: predates ? timeline.start : now, end: nil,
      endCause: nil, predatesTrace: predates, views: [])
    timeline.occurrences[row].providers.append(lifetime)
    let entry = LiveProvider(id: nextProviderID, row: row, lifetime: timeline.occurrences[row].providers.count - 1)
    nextProviderID += 1
    live[provider] = entry
    return entry
  }

  /// Ends a provider's lifetime (and its view's state) and frees its row.
  private func close(_ provider: ObjectIdentifier, at now: ReuseTimeline.Point, cause: String?) {
    guard let entry = live.removeValue(forKey: provider) else { return }
    let attachmentID = timeline.occurrences[entry.row].attachmentID
    endView(of: entry, at: now)
    timeline.occurrences[entry.row].providers[entry.lifetime].end = now
    timeline.occurrences[entry.row].providers[entry.lifetime].endCause = cause
    if let index = rowsOfAttachment[attachmentID]?.firstIndex(where: { $0.row == entry.row }) {
      rowsOfAttachment[attachmentID]?[index].taken = false
    }
  }

  /// The view state an event puts the provider's view in.
  private func applyView(_ kind: InstrumentationEvent.Kind, to entry: LiveProvider, at now: ReuseTimeline.Point) {
    switch kind {
    case .viewLoaded, .surfaceRestoredOnScrollIn: setView(.shown, of: entry, at: now)
    case .surfaceCachedOnScrollOut: setView(.cached, of: entry, at: now)
    case .viewDiscarded, .surfaceEvicted: endView(of: entry, at: now)
    default: break
    }
  }

  private func setView(_ state: ReuseTimeline.ViewState, of entry: LiveProvider, at now: ReuseTimeline.Point) {
    let views = timeline.occurrences[entry.row].providers[entry.lifetime].views
    if let last = views.last, last.end == nil, last.state == state { return }
    endView(of: entry, at: now)
    timeline.occurrences[entry.row].providers[entry.lifetime].views.append(
      ReuseTimeline.ViewInterval(state: state, start: now, end: nil))
  }

  private func endView(of entry: LiveProvider, at now: ReuseTimeline.Point) {
    let views = timeline.occurrences[entry.row].providers[entry.lifetime].views
    guard let last = views.indices.last, views[last].end == nil else { return }
    timeline.occurrences[entry.row].providers[entry.lifetime].views[last].end = now
  }
}
