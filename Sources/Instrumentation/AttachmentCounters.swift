/// One attachment's counters in the per-attachment breakdown, stored compactly: 21 `UInt32`s inline
/// (84 bytes) where ``Counters`` has 21 `Int`s (168 bytes). The breakdown keeps an entry for every
/// attachment a view ever counted, and providers persist, so this is most of what an idle provider
/// costs the instrumentation. A count saturates at `UInt32.max` (four billion events of one kind
/// for one attachment) rather than wrap.
struct AttachmentCounters {
  private var values = InlineArray<21, UInt32>(repeating: 0)

  /// The slot of each counter, in ``Counter/allCases`` order.
  private static let slots: [Counter: Int] = Dictionary(
    uniqueKeysWithValues: Counter.allCases.enumerated().map { ($1, $0) })

  init() {
    precondition(Counter.allCases.count == values.count, "AttachmentCounters needs a slot per counter")
  }

  /// Adds one to `counter`.
  mutating func increment(_ counter: Counter) {
    let slot = Self.slots[counter]!
    if values[slot] < UInt32.max { values[slot] += 1 }
  }

  /// The values as ``Counters``.
  var counters: Counters {
    var result = Counters()
    for (slot, counter) in Counter.allCases.enumerated() { result[counter] = Int(values[slot]) }
    return result
  }
}
