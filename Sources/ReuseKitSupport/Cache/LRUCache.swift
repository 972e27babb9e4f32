/// A least-recently-used cache bounded by the total cost (bytes) of its values.
///
/// Entries live in a doubly linked list threaded through an array, so lookups, inserts and
/// evictions are O(1) (amortised). One implementation serves the package: the text view's scroll
/// cache (which evicts by hand, to discard and count each view), the shared sticker frame cache
/// and the SDL text-texture cache. Everything is `@inlinable`, so each client module gets a
/// specialised copy (the swift-collections way) instead of calls through generic witness tables.
public struct LRUCache<Key: Hashable, Value> {
  @usableFromInline
  struct Node {
    @usableFromInline var key: Key
    @usableFromInline var value: Value
    @usableFromInline var cost: Int
    @usableFromInline var previous: Int?
    @usableFromInline var next: Int?

    @inlinable
    init(key: Key, value: Value, cost: Int, previous: Int?, next: Int?) {
      self.key = key
      self.value = value
      self.cost = cost
      self.previous = previous
      self.next = next
    }
  }

  /// The largest total cost the cache holds; lowering it evicts at once.
  public var costLimit: Int {
    didSet { trim(toFit: 0) }
  }
  /// The current total cost of all entries.
  public var totalCost: Int { storedTotalCost }
  @usableFromInline var storedTotalCost = 0
  /// How many entries were evicted to make room, since creation.
  public var evictions: Int { storedEvictions }
  @usableFromInline var storedEvictions = 0

  @usableFromInline var nodes: [Node?] = []
  @usableFromInline var freeSlots: [Int] = []
  @usableFromInline var slots: [Key: Int] = [:]
  @usableFromInline var mostRecent: Int?
  @usableFromInline var leastRecent: Int?

  /// Creates an empty cache.
  /// - Parameter costLimit: The largest total cost, at least 0.
  @inlinable
  public init(costLimit: Int) {
    precondition(costLimit >= 0, "cost limit must not be negative")
    self.costLimit = costLimit
  }

  /// How many entries the cache holds.
  @inlinable
  public var count: Int { slots.count }

  /// Whether `key` is cached; does not count as a use.
  @inlinable
  public func contains(_ key: Key) -> Bool { slots[key] != nil }

  /// The keys from least to most recently used.
  /// - Complexity: O(count).
  @inlinable
  public var keys: [Key] {
    var result: [Key] = []
    result.reserveCapacity(count)
    var slot = leastRecent
    while let current = slot, let node = nodes[current] {
      result.append(node.key)
      slot = node.previous
    }
    return result
  }

  /// Removes and returns the least recently used entry.
  /// - Complexity: O(1).
  @inlinable
  mutating func removeLeastRecent() -> (key: Key, value: Value)? {
    guard let slot = leastRecent, let node = nodes[slot] else { return nil }
    remove(slot: slot)
    return (node.key, node.value)
  }

  /// The value for `key`, marking it most recently used.
  /// - Complexity: O(1).
  @inlinable
  public mutating func value(for key: Key) -> Value? {
    guard let slot = slots[key] else { return nil }
    moveToFront(slot)
    return nodes[slot]!.value
  }

  /// Stores `value` for `key` as the most recently used entry, evicting the least recently used
  /// entries until the total cost fits.
  /// - Parameters:
  ///   - value: The value.
  ///   - key: Its key; an existing entry for it is replaced.
  ///   - cost: Its cost, at least 0.
  /// - Returns: `false` (and stores nothing) when `cost` alone exceeds ``costLimit``.
  /// - Complexity: O(1) amortised, plus O(1) per eviction.
  @inlinable @discardableResult
  public mutating func insert(_ value: Value, for key: Key, cost: Int) -> Bool {
    precondition(cost >= 0, "cost must not be negative")
    removeValue(for: key)
    guard cost <= costLimit else { return false }
    trim(toFit: cost)
    let node = Node(key: key, value: value, cost: cost, previous: nil, next: mostRecent)
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
      nodes[slot] = node
    } else {
      slot = nodes.count
      nodes.append(node)
    }
    if let head = mostRecent { nodes[head]!.previous = slot }
    mostRecent = slot
    if leastRecent == nil { leastRecent = slot }
    slots[key] = slot
    storedTotalCost += cost
    return true
  }

  /// Removes the entry for `key`, if any.
  /// - Complexity: O(1).
  @inlinable
  public mutating func removeValue(for key: Key) {
    if let slot = slots[key] { remove(slot: slot) }
  }

  /// Removes every entry.
  @inlinable
  public mutating func removeAll() {
    nodes.removeAll()
    freeSlots.removeAll()
    slots.removeAll()
    mostRecent = nil
    leastRecent = nil
    storedTotalCost = 0
  }

  @inlinable
  mutating func trim(toFit incoming: Int) {
    while storedTotalCost + incoming > costLimit, let victim = leastRecent {
      remove(slot: victim)
      storedEvictions += 1
    }
  }

  @inlinable
  mutating func unlink(_ slot: Int) {
    let node = nodes[slot]!
    if let previous = node.previous { nodes[previous]!.next = node.next } else { mostRecent = node.next }
    if let next = node.next { nodes[next]!.previous = node.previous } else { leastRecent = node.previous }
    nodes[slot]!.previous = nil
    nodes[slot]!.next = nil
  }

  @inlinable
  mutating func moveToFront(_ slot: Int) {
    guard mostRecent != slot else { return }
    unlink(slot)
    nodes[slot]!.next = mostRecent
    if let head = mostRecent { nodes[head]!.previous = slot }
    mostRecent = slot
    if leastRecent == nil { leastRecent = slot }
  }

  @inlinable
  mutating func remove(slot: Int) {
    unlink(slot)
    let node = nodes[slot]!
    slots[node.key] = nil
    storedTotalCost -= node.cost
    nodes[slot] = nil
    freeSlots.append(slot)
  }
}
