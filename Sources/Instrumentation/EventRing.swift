/// A fixed-capacity ring of events: appending past capacity drops the oldest.
struct EventRing {
  private(set) var capacity: Int
  private var storage: [InstrumentationEvent] = []
  private var head = 0

  init(capacity: Int) { self.capacity = max(0, capacity) }

  /// The events, oldest first.
  var elements: [InstrumentationEvent] {
    storage.count < capacity ? storage : Array(storage[head...] + storage[..<head])
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

  mutating func resize(to newCapacity: Int) {
    let kept = elements.suffix(max(0, newCapacity))
    capacity = max(0, newCapacity)
    storage = Array(kept)
    head = 0
  }
}
