/// One attachment's counters in the per-attachment breakdown, stored compactly: a `Cell` per
/// counter kept per attachment (21 of them; ``Counters`` has 31 `Int`s), inline. The breakdown keeps an entry for
/// every attachment a view ever counted, and providers persist, so this is most of what an idle
/// provider costs the instrumentation. Almost every count of one attachment is 0 or 1,
/// so the ledger keeps a byte per counter (`AttachmentCounters<UInt8>`, 21 bytes); when one is full,
/// ``increment(_:)`` refuses and the ledger moves the attachment to `AttachmentCounters<UInt32>`
/// (whose counts saturate at four billion rather than wrap). Nothing is lost either way.
struct AttachmentCounters<Cell: FixedWidthInteger & UnsignedInteger> {
  private var values = InlineArray<21, Cell>(repeating: 0)

  init() {
    precondition(Self.counted.count == values.count, "AttachmentCounters needs a slot per counter")
    precondition(slotsFollowTheCases, "AttachmentCounters.slot(of:) is out of step with Counter.allCases")
  }

  /// The same counts as `other`, in wider cells.
  init<Other>(widening other: AttachmentCounters<Other>) {
    self.init()
    for slot in 0..<values.count { values[slot] = Cell(other.values[slot]) }
  }

  /// Adds one to `counter`.
  /// - Returns: The new count; `nil`, changing nothing, when the cell is full.
  mutating func increment(_ counter: Counter) -> Int? {
    let slot = Self.slot(of: counter)
    guard slot >= 0 else { return 0 }  // a frame counter: the view's totals only
    guard values[slot] < Cell.max else { return nil }
    values[slot] += 1
    return Int(values[slot])
  }

  /// The values as ``Counters``.
  var counters: Counters {
    var result = Counters()
    for (slot, counter) in Self.counted.enumerated() { result[counter] = Int(values[slot]) }
    return result
  }
}

/// Whether ``AttachmentCounters/slot(of:)`` gives every counted counter its place in
/// ``AttachmentCounters/counted``, and the frame counters none, checked once.
private let slotsFollowTheCases =
  AttachmentCounters<UInt8>.counted.enumerated().allSatisfy { AttachmentCounters<UInt8>.slot(of: $1) == $0 }
  && Counter.frameCounters.allSatisfy { AttachmentCounters<UInt8>.slot(of: $0) == -1 }

extension AttachmentCounters {
  /// The counters kept per attachment, in slot order: all but the ``Counter/frameCounters``, which
  /// the view layer adds to a view's totals and no attachment owns.
  static var counted: [Counter] { Counter.allCases.filter { !Counter.frameCounters.contains($0) } }

  /// The slot of `counter`: its place in ``counted``, or -1 for a frame counter. A switch, not a
  /// table: a dictionary keyed by ``Counter`` hashes the case's raw `String` on every event.
  static func slot(of counter: Counter) -> Int {
    switch counter {
    case .providersCreated: 0
    case .providersReusedOnEdit: 1
    case .providersDiscarded: 2
    case .viewsLoaded: 3
    case .viewsDiscarded: 4
    case .surfacesCachedOnScrollOut: 5
    case .surfacesRestoredOnScrollIn: 6
    case .surfacesEvicted: 7
    case .animationStatesCreated: 8
    case .animationResets: 9
    case .layoutFragmentsCreated: 10
    case .viewportLayoutPasses: 11
    case .layoutFragmentsReleased: 12
    case .surfacesCreated: 13
    case .surfacesReused: 14
    case .providerCacheRequests: 15
    case .providerCacheHits: 16
    case .surfaceCacheRequests: 17
    case .surfaceCacheHits: 18
    case .fontconfigCalls: 19
    case .missingGlyphs: 20
    case .blankStickerPixelFrames, .blankFrames, .maxBlankStickerPixels, .stickerFramesLate, .framesPrefetched,
      .prefetchedFramesUsed, .prefetchedFramesWasted, .framesDecodedWhileUnseen, .frameCacheHits, .frameCacheMisses:
      -1
    }
  }
}
