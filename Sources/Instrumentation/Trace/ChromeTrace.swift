/// Timelines in the Chrome Trace Event Format (the JSON object form), as Perfetto and
/// `chrome://tracing` open it: one process per timeline, a track per attachment occurrence.
///
/// Per timeline (process `n`, named by ``ReuseTimeline/name``):
/// - track 1, `steps`: each step as a complete (`X`) slice;
/// - track 2, `frames and viewport passes`: each frame and pass as an `X` slice (a pass inside the
///   frame that ran it);
/// - track 3, `other events`: errors and warnings of no provider, as instants (`i`);
/// - one track per occurrence, `attachment A · occurrence O`: each provider's lifetime as an `X`
///   slice (category `provider`), its view's states inside it (category `view`: `view shown`,
///   `view cached`), and each reuse event as an instant (category `reuse`; an `animation reset` for
///   each reset) with the attachment, occurrence, provider, paragraph, cause and event number;
/// - counters (`C`): `live providers`, `views in scroll cache`, `scroll cache bytes`, and
///   `blank sticker pixels` per frame.
///
/// Times are ``ReuseTimeline/Point/time`` in microseconds; each track's events are written in time order.
public struct ChromeTrace: Sendable {
  /// The timelines, one process each, numbered from 1 in this order.
  public var timelines: [ReuseTimeline]

  /// Pairs timelines into one trace.
  /// - Parameter timelines: One per process.
  public init(timelines: [ReuseTimeline]) {
    self.timelines = timelines
  }

  /// The name of the instant an event kind makes (`"animation reset"`).
  /// - Parameter kind: The event's kind.
  /// - Returns: Its name in a trace.
  public static func instantName(of kind: InstrumentationEvent.Kind) -> String {
    switch kind {
    case .animationReset: "animation reset"
    case .animationStateCreated: "animation state created"
    case .viewLoaded: "view loaded"
    case .viewDiscarded: "view discarded"
    case .surfaceCachedOnScrollOut: "view cached on scroll-out"
    case .surfaceRestoredOnScrollIn: "view restored on scroll-in"
    case .surfaceEvicted: "view evicted"
    case .providerReusedOnEdit: "provider reused on edit"
    case .providerCreated: "provider created"
    case .providerDiscarded: "provider discarded"
    default: kind.rawValue
    }
  }

  /// The trace as JSON text: `{"traceEvents": [...], "displayTimeUnit": "ms", "otherData": {...}}`.
  /// - Returns: The JSON.
  /// - Complexity: O(events log events), for sorting each track.
  public func jsonString() -> String {
    var events: [String] = []
    for (index, timeline) in timelines.enumerated() {
      events += Self.events(of: timeline, processID: index + 1)
    }
    let dropped = timelines.reduce(0) { $0 + $1.droppedEntries }
    return "{\"displayTimeUnit\":\"ms\",\"otherData\":{\"producer\":\"ReuseKit\",\"droppedEntries\":\(dropped)},"
      + "\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n]}\n"
  }

  /// One timeline's events, as JSON objects, each track in time order.
  static func events(of timeline: ReuseTimeline, processID pid: Int) -> [String] {
    var lines = [
      Self.metadata("process_name", pid: pid, tid: 0, args: "\"name\":\(json(timeline.name))"),
      Self.metadata("process_sort_index", pid: pid, tid: 0, args: "\"sort_index\":\(pid)"),
    ]
    var tracks: [(tid: Int, name: String, events: [TrackEvent])] = [
      (1, "steps", timeline.steps.map { TrackEvent(slice: $0.name, category: "step", from: $0.start, to: $0.end) }),
      (
        2, "frames and viewport passes",
        (timeline.frames.map { TrackEvent(slice: $0.name, category: "frame", from: $0.start, to: $0.end) })
          + timeline.passes.map { TrackEvent(slice: $0.name, category: "pass", from: $0.start, to: $0.end) }
      ),
      (3, "other events", timeline.otherMarks.map { TrackEvent(mark: $0, occurrence: nil) }),
    ]
    for (row, occurrence) in timeline.occurrences.enumerated() {
      var events: [TrackEvent] = []
      for provider in occurrence.providers {
        events.append(TrackEvent(provider: provider, of: occurrence, timelineEnd: timeline.end))
        for view in provider.views {
          events.append(
            TrackEvent(
              slice: "view \(view.state.rawValue)", category: "view", from: view.start, to: view.end ?? timeline.end,
              args: "\"provider\":\(provider.providerID)"))
        }
      }
      events += occurrence.marks.map { TrackEvent(mark: $0, occurrence: occurrence) }
      tracks.append(
        (100 + row, "attachment \(occurrence.attachmentID) · occurrence \(occurrence.occurrence)", events))
    }
    for (tid, name, events) in tracks {
      lines.append(Self.metadata("thread_name", pid: pid, tid: tid, args: "\"name\":\(json(name))"))
      lines.append(Self.metadata("thread_sort_index", pid: pid, tid: tid, args: "\"sort_index\":\(tid)"))
      lines += events.sorted().map { $0.json(pid: pid, tid: tid) }
    }
    lines += counterEvents(of: timeline, pid: pid)
    return lines
  }

  private static func counterEvents(of timeline: ReuseTimeline, pid: Int) -> [String] {
    var lines: [String] = []
    for sample in timeline.samples {
      let ts = number(sample.point.time)
      func counter(_ name: String, _ key: String, _ value: Int) -> String {
        "{\"ph\":\"C\",\"name\":\(json(name)),\"pid\":\(pid),\"tid\":0,\"ts\":\(ts),\"args\":{\"\(key)\":\(value)}}"
      }
      lines.append(counter("live providers", "providers", sample.liveProviders))
      lines.append(counter("views in scroll cache", "views", sample.cachedViews))
      lines.append(counter("scroll cache bytes", "bytes", sample.cachedBytes))
      if let blank = sample.blankStickerPixels { lines.append(counter("blank sticker pixels", "pixels", blank)) }
    }
    return lines
  }

  private static func metadata(_ name: String, pid: Int, tid: Int, args: String) -> String {
    "{\"ph\":\"M\",\"name\":\"\(name)\",\"pid\":\(pid),\"tid\":\(tid),\"args\":{\(args)}}"
  }

  /// A JSON string literal.
  static func json(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "<": result += "\\u003c"  // safe inside an HTML <script> block too
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// A time in microseconds, to the nanosecond.
  static func number(_ microseconds: Double) -> String {
    let rounded = (microseconds * 1000).rounded() / 1000
    return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
  }
}

/// One event of a track, sortable: by time, slices before instants, longer slices first.
private struct TrackEvent: Comparable {
  var start: ReuseTimeline.Point
  /// The slice's length in microseconds; `nil` for an instant.
  var duration: Double?
  /// The slice's end, for a length rounded as its ends are.
  var end: Double?
  var name: String
  var category: String
  var args: String

  init(
    slice name: String, category: String, from start: ReuseTimeline.Point, to end: ReuseTimeline.Point,
    args: String = ""
  ) {
    self.start = start
    self.duration = max(0, end.time - start.time)
    self.end = max(start.time, end.time)
    self.name = name
    self.category = category
    self.args = args
  }

  init(
    provider: ReuseTimeline.ProviderLifetime, of occurrence: ReuseTimeline.Occurrence, timelineEnd: ReuseTimeline.Point
  ) {
    var args = [
      "\"attachment\":\(occurrence.attachmentID)", "\"occurrence\":\(occurrence.occurrence)",
      "\"provider\":\(provider.providerID)", "\"type\":\(ChromeTrace.json(provider.providerType))",
    ]
    if provider.predatesTrace { args.append("\"alive before the trace\":true") }
    if let cause = provider.endCause { args.append("\"discarded because\":\(ChromeTrace.json(cause))") }
    if provider.end == nil || (provider.end == timelineEnd && provider.endCause == nil) {
      args.append("\"alive at the end\":true")
    }
    self.init(
      slice: "provider #\(provider.providerID) (\(provider.providerType))", category: "provider", from: provider.start,
      to: provider.end ?? timelineEnd, args: args.joined(separator: ","))
  }

  init(mark: ReuseTimeline.Mark, occurrence: ReuseTimeline.Occurrence?) {
    var args: [String] = []
    if let occurrence {
      args += ["\"attachment\":\(occurrence.attachmentID)", "\"occurrence\":\(occurrence.occurrence)"]
    }
    if let provider = mark.providerID { args.append("\"provider\":\(provider)") }
    if let paragraph = mark.paragraphIndex { args.append("\"paragraph\":\(paragraph)") }
    if let cause = mark.cause { args.append("\"cause\":\(ChromeTrace.json(cause))") }
    if mark.sequence >= 0 { args.append("\"event\":\(mark.sequence)") }
    self.start = mark.point
    self.duration = nil
    self.name = ChromeTrace.instantName(of: mark.kind)
    self.category = "reuse"
    self.args = args.joined(separator: ",")
  }

  static func < (lhs: TrackEvent, rhs: TrackEvent) -> Bool {
    if lhs.start.time != rhs.start.time { return lhs.start.time < rhs.start.time }
    switch (lhs.duration, rhs.duration) {
    case (let l?, let r?): return l != r ? l > r : lhs.start.ordinal < rhs.start.ordinal
    case (.some, nil): return true
    case (nil, .some): return false
    case (nil, nil): return lhs.start.ordinal < rhs.start.ordinal
    }
  }

  static func == (lhs: TrackEvent, rhs: TrackEvent) -> Bool {
    lhs.start == rhs.start && lhs.duration == rhs.duration && lhs.name == rhs.name
  }

  func json(pid: Int, tid: Int) -> String {
    var fields = [
      "\"name\":\(ChromeTrace.json(name))", "\"cat\":\"\(category)\"", "\"pid\":\(pid)", "\"tid\":\(tid)",
      "\"ts\":\(ChromeTrace.number(start.time))",
    ]
    if let end {
      // Both ends are rounded to the nanosecond, so a slice inside another stays inside it.
      let nanoseconds = (end * 1000).rounded() - (start.time * 1000).rounded()
      fields.insert("\"ph\":\"X\"", at: 0)
      fields.append("\"dur\":\(ChromeTrace.number(max(0, nanoseconds) / 1000))")
    } else {
      fields.insert("\"ph\":\"i\"", at: 0)
      fields.append("\"s\":\"t\"")
    }
    if !args.isEmpty { fields.append("\"args\":{\(args)}") }
    return "{" + fields.joined(separator: ",") + "}"
  }
}
