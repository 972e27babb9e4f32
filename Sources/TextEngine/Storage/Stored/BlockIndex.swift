/// The blocks of a store-backed document: each block's element count and length, with prefix
/// sums in two Fenwick trees, so that an element position maps to its block and a block to its
/// first position and offset in O(log blocks).
struct BlockIndex {
  /// The store's block identifiers, in document order.
  let blocks: [Int64]
  /// Each block's index, by identifier.
  let indices: [Int64: Int]
  private(set) var counts: [Int]
  private(set) var lengths: [Int]
  private var countTree: [Int]
  private var lengthTree: [Int]

  init(_ summaries: [TextContentBlockSummary]) {
    blocks = summaries.map(\.block)
    indices = Dictionary(summaries.enumerated().map { ($1.block, $0) }, uniquingKeysWith: { first, _ in first })
    counts = summaries.map(\.count)
    lengths = summaries.map(\.length)
    countTree = [0] + counts
    lengthTree = [0] + lengths
    for tree in [0, 1] {
      for index in 1..<(counts.count + 1) {
        let parent = index + (index & -index)
        guard parent <= counts.count else { continue }
        if tree == 0 { countTree[parent] += countTree[index] } else { lengthTree[parent] += lengthTree[index] }
      }
    }
  }

  /// The number of blocks.
  var count: Int { blocks.count }

  /// The elements in blocks before `block` (a block index): the position of its first element.
  /// - Complexity: O(log blocks).
  func firstPosition(ofBlock block: Int) -> Int { prefix(countTree, block) }

  /// The characters in blocks before `block`.
  /// - Complexity: O(log blocks).
  func firstOffset(ofBlock block: Int) -> Int { prefix(lengthTree, block) }

  /// The block holding element `position` (document order) and the position inside it.
  /// - Complexity: O(log blocks).
  func locate(_ position: Int) -> (block: Int, position: Int)? {
    var index = 0
    var remaining = position
    var step = 1
    while step * 2 <= counts.count { step *= 2 }
    while step > 0 {
      let next = index + step
      if next <= counts.count, countTree[next] <= remaining {
        index = next
        remaining -= countTree[next]
      }
      step /= 2
    }
    // Skip empty blocks: the element lies in the first block after `index` with room for it.
    var block = index
    while block < counts.count, remaining >= counts[block] {
      remaining -= counts[block]
      block += 1
    }
    return block < counts.count ? (block, remaining) : nil
  }

  /// The block holding document offset `offset`, where every element spans its length plus one
  /// separator, and the offset at which that block's first element starts.
  /// - Complexity: O(log blocks).
  func locate(offset: Int) -> (block: Int, start: Int)? {
    guard offset >= 0 else { return nil }
    var index = 0
    var start = 0
    var step = 1
    while step * 2 <= counts.count { step *= 2 }
    while step > 0 {
      let next = index + step
      if next <= counts.count, start + countTree[next] + lengthTree[next] <= offset {
        index = next
        start += countTree[next] + lengthTree[next]
      }
      step /= 2
    }
    // Blocks before `index` end at or before `offset`; the block at `index` holds it (an empty block
    // spans nothing, so the one found is never empty).
    return index < counts.count ? (index, start) : nil
  }

  /// Adds `count` elements and `length` characters to `block`.
  /// - Complexity: O(log blocks).
  mutating func add(toBlock block: Int, count: Int, length: Int) {
    counts[block] += count
    lengths[block] += length
    var index = block + 1
    while index <= counts.count {
      countTree[index] += count
      lengthTree[index] += length
      index += index & -index
    }
  }

  private func prefix(_ tree: [Int], _ end: Int) -> Int {
    var sum = 0
    var index = end
    while index > 0 {
      sum += tree[index]
      index -= index & -index
    }
    return sum
  }
}
