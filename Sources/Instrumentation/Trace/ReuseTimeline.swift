/// What one text view did, laid out for a timeline: each attachment occurrence's providers and their
/// views, the reuse events as marks, viewport passes, frames, a run's steps and sampled gauges.
///
/// A ``ReuseTrace`` builds it while the view runs; ``chromeTraceEvents(processID:)`` turns it into
/// Chrome Trace Event Format events, and ``ReuseReportPage`` draws it.
public struct ReuseTimeline: Sendable, Equatable {
  /// A moment of the timeline: its trace time and its place in the order things were recorded.
  public struct Point: Sendable, Equatable, Comparable {
    /// Microseconds of the view's clock. Things recorded at one clock time are spread a nanosecond
    /// apart in their order, so that every slice has a length and each track's time only grows.
    public var time: Double
    /// The order of recording: 0 for the first thing recorded, then one more for each.
    public var ordinal: Int

    /// Creates a point.
    /// - Parameters:
    ///   - time: Microseconds.
    ///   - ordinal: The order of recording.
    public init(time: Double, ordinal: Int) {
      self.time = time
      self.ordinal = ordinal
    }

    /// Orders points by their order of recording.
    public static func < (lhs: Point, rhs: Point) -> Bool { lhs.ordinal < rhs.ordinal }
  }

  /// Something with a start and an end: a step, a frame, a viewport pass.
  public struct Span: Sendable, Equatable {
    /// What it is (`"frame"`, `"viewport pass"`, `"step 3: scrollBy"`).
    public var name: String
    /// When it started.
    public var start: Point
    /// When it ended.
    public var end: Point
  }

  /// Where one provider's view is.
  public enum ViewState: String, Sendable, Equatable {
    /// Loaded and shown (in the viewport, or waiting for a pass to show it).
    case shown
    /// In the scroll cache, out of the viewport.
    case cached
  }

  /// A stretch of time during which a provider's view was in one state.
  public struct ViewInterval: Sendable, Equatable {
    /// The view's state.
    public var state: ViewState
    /// When it entered the state.
    public var start: Point
    /// When it left it; `nil` while it is still there.
    public var end: Point?
  }

  /// One provider's life in the view.
  public struct ProviderLifetime: Sendable, Equatable {
    /// The provider's number in this trace: 1 for the first provider seen, then one more for each.
    public var providerID: Int
    /// The provider's type name.
    public var providerType: String
    /// When the view started holding it (the trace's start, for a provider alive before it).
    public var start: Point
    /// When it was discarded; `nil` while it is alive.
    public var end: Point?
    /// Why it was discarded, as the event log says.
    public var endCause: String?
    /// Whether it was alive before the trace started.
    public var predatesTrace: Bool
    /// Its view's states, in order.
    public var views: [ViewInterval]
  }

  /// One reuse event on an occurrence's row.
  public struct Mark: Sendable, Equatable {
    /// What happened.
    public var kind: InstrumentationEvent.Kind
    /// When.
    public var point: Point
    /// The provider it concerns, by its number in this trace.
    public var providerID: Int?
    /// The paragraph (message) the attachment was in.
    public var paragraphIndex: Int?
    /// Why, or what went wrong, as the event log says.
    public var cause: String?
    /// The event's sequence number in the view's event log.
    public var sequence: Int
  }

  /// One place of one attachment in the document: a row of the timeline.
  public struct Occurrence: Sendable, Equatable {
    /// The attachment's identifier (`TextAttachment.id`).
    public var attachmentID: Int
    /// Which of the attachment's places: 0 for its first, 1 for a second place that had a provider
    /// at the same time, and so on. A place whose provider is replaced keeps its row.
    public var occurrence: Int
    /// Its providers, oldest first.
    public var providers: [ProviderLifetime]
    /// Its events, oldest first.
    public var marks: [Mark]
  }

  /// The gauges at one moment.
  public struct Sample: Sendable, Equatable {
    /// When they were read.
    public var point: Point
    /// Providers the view held.
    public var liveProviders: Int
    /// Views in the scroll cache.
    public var cachedViews: Int
    /// The scroll cache's bytes (the views' `reuseCacheCost`).
    public var cachedBytes: Int
    /// Blank sticker pixels in the frame that just ended; `nil` when the sample ends no frame.
    public var blankStickerPixels: Int?
  }

  /// The timeline's name: the process name in a Chrome trace (`"policy both"`).
  public var name: String
  /// The rows, in the order their first provider appeared.
  public var occurrences: [Occurrence] = []
  /// The run's steps, in order (a scenario's steps, a test host's operations).
  public var steps: [Span] = []
  /// Frames drawn.
  public var frames: [Span] = []
  /// Viewport passes.
  public var passes: [Span] = []
  /// Gauges, read at the end of each pass and frame when they changed.
  public var samples: [Sample] = []
  /// Events of no attachment, or of one with no provider (errors, warnings).
  public var otherMarks: [Mark] = []
  /// Where the timeline starts.
  public var start: Point
  /// Where it ends: the last thing recorded.
  public var end: Point
  /// Marks, spans and samples not kept because the trace was full; the counters the marks stand for
  /// are exact regardless.
  public var droppedEntries = 0

  /// An empty timeline.
  /// - Parameters:
  ///   - name: Its name.
  ///   - start: Where it starts.
  public init(name: String, start: Point = Point(time: 0, ordinal: 0)) {
    self.name = name
    self.start = start
    self.end = start
  }

  /// The number of marks of `kind` on every row and among ``otherMarks``.
  /// - Complexity: O(marks).
  public func count(of kind: InstrumentationEvent.Kind) -> Int {
    occurrences.reduce(0) { $0 + $1.marks.count(where: { $0.kind == kind }) } + otherMarks.count { $0.kind == kind }
  }

  /// The number of provider lifetimes that started in the timeline (not before it).
  public var providersStarted: Int {
    occurrences.reduce(0) { $0 + $1.providers.count(where: { !$0.predatesTrace }) }
  }

  /// The largest value each gauge reached: (views in the scroll cache, its bytes, live providers).
  public var peakGauges: (cachedViews: Int, cachedBytes: Int, liveProviders: Int) {
    samples.reduce((0, 0, 0)) { (max($0.0, $1.cachedViews), max($0.1, $1.cachedBytes), max($0.2, $1.liveProviders)) }
  }
}
