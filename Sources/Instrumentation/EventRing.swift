/// A fixed-capacity ring of events: appending past capacity drops the oldest.
struct EventRing {
  let capacity: Int
  private var storage: [InstrumentationEvent] = []
  private var head = 0

  init(capacity: Int) { self.capacity = max(0, capacity) }

  /// The events, oldest first.
  var elements: [InstrumentationEvent] {
    storage.count < capacity ? storage : Array(storage[head...] + storage[..<head])
  }

  /// The newest event, if any.
  var newest: InstrumentationEvent? {
    guard !storage.isEmpty else { return nil }
    return storage.count < capacity ? storage.last : storage[(head + capacity - 1) % capacity]
  }

  /// Up to `limit` of the newest events of `kind`, newest first, walking back from the newest.
  /// - Complexity: O(events walked), never a copy of the ring.
  func newest(_ limit: Int, of kind: InstrumentationEvent.Kind) -> [InstrumentationEvent] {
    var found: [InstrumentationEvent] = []
    var step = 0
    while found.count < limit, step < storage.count {
      let index = storage.count < capacity ? storage.count - 1 - step : (head + capacity - 1 - step) % capacity
      if storage[index].kind == kind { found.append(storage[index]) }
      step += 1
    }
    return found
  }

  /// - Complexity: O(1).
  mutating func append(_ event: InstrumentationEvent) {
    guard capacity > 0 else { return }
    if storage.count < capacity {
      storage.append(event)
    } else {
      storage[head] = event
      head = (head + 1) % capacity
    }
  }

  mutating func removeAll() {
    storage = []
    head = 0
  }
}
