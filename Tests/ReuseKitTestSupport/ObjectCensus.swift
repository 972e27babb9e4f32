/// The real objects of one kind a test has seen, told apart by identity and counted alive through
/// weak references: an object stops counting as live when its `deinit` runs, whatever any
/// bookkeeping says. The census holds no object strongly.
public struct ObjectCensus<Object: AnyObject> {
  /// A weak reference (a class, so that pruning need not copy boxes around).
  private final class Entry {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
  }

  private var seen: [ObjectIdentifier: Entry] = [:]
  /// The distinct objects seen so far, dead ones included.
  public private(set) var made = 0

  public init() {}

  /// Records `object`.
  /// - Returns: Whether it is new: never seen, or a new object at the address of a dead one.
  @discardableResult
  public mutating func record(_ object: Object) -> Bool {
    let key = ObjectIdentifier(object)
    if let entry = seen[key], entry.object === object { return false }
    seen[key] = Entry(object)
    made += 1
    return true
  }

  /// The number of objects seen that are still alive (forgetting the dead ones).
  /// - Complexity: O(objects seen since the last call).
  public mutating func liveCount() -> Int {
    forgetDead()
    return seen.count
  }

  /// Calls `body` with each object seen that is still alive (forgetting the dead ones).
  /// - Complexity: O(objects seen since the last call).
  public mutating func forEachLive(_ body: (Object) -> Void) {
    forgetDead()
    for entry in seen.values {
      guard let object = entry.object else { continue }
      body(unsafeDowncast(object, to: Object.self))
    }
  }

  private mutating func forgetDead() {
    var dead: [ObjectIdentifier] = []
    for (key, entry) in seen where entry.object == nil { dead.append(key) }
    for key in dead { seen[key] = nil }
  }
}
