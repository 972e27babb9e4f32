/// The blocks of a store-backed document: each block's element count and length, with prefix
/// sums in two Fenwick trees, so that an element position maps to its block and a block to its
/// first position and offset in O(log blocks). Each block's Unicode scalar length is kept too,
/// with a third Fenwick tree built the first time scalar offsets are asked for
/// (`BlockIndex+Scalars.swift`).
struct BlockIndex {
  /// The store's block identifiers, in document order.
  let blocks: [Int64]
  /// Each block's index, by identifier.
  let indices: [Int64: Int]
  private(set) var counts: [Int]
  private(set) var lengths: [Int]
  private(set) var countTree: [Int]
  private(set) var lengthTree: [Int]
  /// Each block's scalar length, `nil` while the source has not given it.
  var scalarLengths: [Int?]
  /// The Fenwick tree of `scalarLengths`, once every block's is known.
  var scalarTree: [Int]?

  init(_ summaries: [TextContentBlockSummary]) {
    blocks = summaries.map(\.block)
    indices = Dictionary(summaries.enumerated().map { ($1.block, $0) }, uniquingKeysWith: { first, _ in first })
    counts = summaries.map(\.count)
    lengths = summaries.map(\.length)
    scalarLengths = summaries.map(\.scalarLength)
    countTree = Self.fenwickTree(counts)
    lengthTree = Self.fenwickTree(lengths)
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
  func locate(offset: Int) -> (block: Int, start: Int)? { locate(offset, measuredBy: lengthTree) }

  /// The block holding `offset` of a measure whose Fenwick tree is `tree` (characters, or scalars),
  /// every element spanning its measure plus one separator, and the offset at which that block's
  /// first element starts.
  /// - Complexity: O(log blocks).
  func locate(_ offset: Int, measuredBy tree: [Int]) -> (block: Int, start: Int)? {
    guard offset >= 0 else { return nil }
    var index = 0
    var start = 0
    var step = 1
    while step * 2 <= counts.count { step *= 2 }
    while step > 0 {
      let next = index + step
      if next <= counts.count, start + countTree[next] + tree[next] <= offset {
        index = next
        start += countTree[next] + tree[next]
      }
      step /= 2
    }
    // Blocks before `index` end at or before `offset`; the block at `index` holds it (an empty block
    // spans nothing, so the one found is never empty).
    return index < counts.count ? (index, start) : nil
  }

  /// Builds the Fenwick tree of `values`, one per block.
  /// - Complexity: O(blocks).
  static func fenwickTree(_ values: [Int]) -> [Int] {
    var tree = [0] + values
    for index in 1..<(values.count + 1) {
      let parent = index + (index & -index)
      if parent <= values.count { tree[parent] += tree[index] }
    }
    return tree
  }

  /// Adds `count` elements, `length` characters and `scalars` scalars to `block` (the scalars
  /// only while the block's scalar length is known).
  /// - Complexity: O(log blocks).
  mutating func add(toBlock block: Int, count: Int, length: Int, scalars: Int) {
    counts[block] += count
    lengths[block] += length
    var index = block + 1
    while index <= counts.count {
      countTree[index] += count
      lengthTree[index] += length
      index += index & -index
    }
    guard let known = scalarLengths[block] else { return }
    scalarLengths[block] = known + scalars
    guard scalarTree != nil else { return }
    index = block + 1
    while index <= counts.count {
      scalarTree![index] += scalars
      index += index & -index
    }
  }

  func prefix(_ tree: [Int], _ end: Int) -> Int {
    var sum = 0
    var index = end
    while index > 0 {
      sum += tree[index]
      index -= index & -index
    }
    return sum
  }
}
