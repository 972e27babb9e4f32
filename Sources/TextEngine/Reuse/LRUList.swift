/// Keys in least-recently-used order, with a cost each. O(1) insert, remove and pop.
struct LRUList {
  private final class Node {
    let key: Int
    let cost: Int
    var previous: Node?
    var next: Node?
    init(key: Int, cost: Int) {
      self.key = key
      self.cost = cost
    }
  }

  private var nodes: [Int: Node] = [:]
  private var oldest: Node?
  private var newest: Node?
  private(set) var totalCost = 0

  var count: Int { nodes.count }
  func contains(_ key: Int) -> Bool { nodes[key] != nil }
  /// Keys from least to most recently inserted.
  var keys: [Int] {
    var result: [Int] = []
    var node = oldest
    while let current = node {
      result.append(current.key)
      node = current.next
    }
    return result
  }

  /// Inserts `key` as the most recent.
  mutating func insert(_ key: Int, cost: Int) {
    remove(key)
    let node = Node(key: key, cost: cost)
    node.previous = newest
    newest?.next = node
    newest = node
    if oldest == nil { oldest = node }
    nodes[key] = node
    totalCost += cost
  }

  /// Removes `key` if present.
  mutating func remove(_ key: Int) {
    guard let node = nodes.removeValue(forKey: key) else { return }
    node.previous?.next = node.next
    node.next?.previous = node.previous
    if oldest === node { oldest = node.next }
    if newest === node { newest = node.previous }
    node.previous = nil
    node.next = nil
    totalCost -= node.cost
  }

  /// Removes and returns the least recent key.
  mutating func popOldest() -> Int? {
    guard let key = oldest?.key else { return nil }
    remove(key)
    return key
  }
}
