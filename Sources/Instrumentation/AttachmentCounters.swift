/// One attachment's counters in the per-attachment breakdown, stored compactly: a byte per counter
/// (21 bytes inline) where ``Counters`` has 21 `Int`s (168 bytes). The breakdown keeps an entry for
/// every attachment a view ever counted, and providers persist, so this is most of what an idle
/// provider costs the instrumentation (issue 21). Almost every count of one attachment is 0 or 1;
/// when one would pass 254, ``increment(_:)`` refuses and the ledger moves the attachment to
/// ``Wide``, 32 bits per counter. Nothing is lost either way.
struct AttachmentCounters {
  private var values = InlineArray<21, UInt8>(repeating: 0)

  /// The slot of `counter`: its place in ``Counter/allCases``. A switch, not a table: a dictionary
  /// keyed by ``Counter`` hashes the case's raw `String` on every event.
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
    }
  }

  /// Whether ``slot(of:)`` gives every counter its place in ``Counter/allCases``, checked once.
  private static let slotsFollowTheCases = Counter.allCases.enumerated().allSatisfy { slot(of: $1) == $0 }

  init() {
    precondition(Counter.allCases.count == values.count, "AttachmentCounters needs a slot per counter")
    precondition(Self.slotsFollowTheCases, "AttachmentCounters.slot(of:) is out of step with Counter.allCases")
  }

  /// Adds one to `counter`.
  /// - Returns: `false`, changing nothing, when the counter holds 254 already: move to ``Wide``.
  mutating func increment(_ counter: Counter) -> Bool {
    let slot = Self.slot(of: counter)
    guard values[slot] < UInt8.max - 1 else { return false }
    values[slot] += 1
    return true
  }

  /// The value of `counter`.
  subscript(counter: Counter) -> Int { Int(values[Self.slot(of: counter)]) }

  /// The values as ``Counters``.
  var counters: Counters {
    var result = Counters()
    for (slot, counter) in Counter.allCases.enumerated() { result[counter] = Int(values[slot]) }
    return result
  }

  /// The counters of an attachment that outgrew a byte: 21 `UInt32`s. A count saturates at
  /// `UInt32.max` (four billion events of one kind for one attachment) rather than wrap.
  struct Wide {
    private var values = InlineArray<21, UInt32>(repeating: 0)

    /// The same counts as `narrow`.
    init(_ narrow: AttachmentCounters) {
      for slot in 0..<values.count { values[slot] = UInt32(narrow.values[slot]) }
    }

    /// The value of `counter`.
    subscript(counter: Counter) -> Int { Int(values[AttachmentCounters.slot(of: counter)]) }

    /// Adds one to `counter`, saturating.
    mutating func increment(_ counter: Counter) {
      let slot = AttachmentCounters.slot(of: counter)
      if values[slot] < UInt32.max { values[slot] += 1 }
    }

    /// The values as ``Counters``.
    var counters: Counters {
      var result = Counters()
      for (slot, counter) in Counter.allCases.enumerated() { result[counter] = Int(values[slot]) }
      return result
    }
  }
}
