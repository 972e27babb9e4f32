import Testing

@testable import ReuseKitSupport

@Suite struct LRUCacheTests {
  @Test func evictsLeastRecentlyUsedUntilCostFits() {
    var cache = LRUCache<String, Int>(costLimit: 10)
    cache.insert(1, for: "a", cost: 4)
    cache.insert(2, for: "b", cost: 4)
    #expect(cache.value(for: "a") == 1)  // "b" is now the least recently used
    cache.insert(3, for: "c", cost: 4)
    #expect(cache.value(for: "b") == nil)
    #expect(cache.value(for: "a") == 1)
    #expect(cache.value(for: "c") == 3)
    #expect(cache.totalCost == 8)
    #expect(cache.evictions == 1)
  }

  @Test func replacingAKeyReplacesItsCost() {
    var cache = LRUCache<String, Int>(costLimit: 10)
    cache.insert(1, for: "a", cost: 6)
    cache.insert(2, for: "a", cost: 3)
    #expect(cache.count == 1)
    #expect(cache.totalCost == 3)
    #expect(cache.value(for: "a") == 2)
  }

  @Test func refusesAnEntryLargerThanTheLimitAndKeepsTheOthers() {
    var cache = LRUCache<String, Int>(costLimit: 10)
    cache.insert(1, for: "a", cost: 5)
    #expect(cache.insert(2, for: "huge", cost: 11) == false)
    #expect(cache.value(for: "a") == 1)
    #expect(cache.value(for: "huge") == nil)
  }

  @Test func reusesFreedSlotsAcrossManyInsertions() {
    var cache = LRUCache<Int, Int>(costLimit: 3)
    for key in 0..<100 { cache.insert(key * 10, for: key, cost: 1) }
    #expect(cache.count == 3)
    #expect(cache.value(for: 97) == 970)
    #expect(cache.value(for: 96) == nil)
    #expect(cache.evictions == 97)
  }

  @Test func handEvictionReturnsEntriesInRecencyOrder() {
    var cache = LRUCache<Int, Void>(costLimit: .max)
    for key in [3, 1, 2] { cache.insert((), for: key, cost: key) }
    _ = cache.value(for: 3)
    #expect(cache.keys == [1, 2, 3])
    #expect(cache.contains(2) && !cache.contains(4))
    #expect(cache.removeLeastRecent()?.key == 1)
    #expect(cache.keys == [2, 3] && cache.totalCost == 5)
  }

  @Test func loweringTheLimitEvictsAtOnce() {
    var cache = LRUCache<Int, String>(costLimit: 100)
    for key in 0..<10 { cache.insert("\(key)", for: key, cost: 10) }
    cache.costLimit = 35
    #expect(cache.keys == [7, 8, 9] && cache.totalCost == 30 && cache.evictions == 7)
  }
}
