/// Unicode scalar offsets over blocks: the unit AT-SPI counts in.
extension BlockIndex {
  /// Whether every block's scalar length is known and summed, so scalar queries can run.
  var hasScalarTree: Bool { scalarTree != nil }

  /// Sets every block's scalar length (`lengths`, one per block) and builds the scalar Fenwick tree.
  /// - Complexity: O(blocks).
  mutating func buildScalarTree(_ lengths: [Int]) {
    precondition(lengths.count == count, "one scalar length per block")
    scalarLengths = lengths
    scalarTree = Self.fenwickTree(lengths)
  }

  /// The scalars in all blocks, without separators; 0 before ``buildScalarTree(counting:)``.
  var totalScalars: Int { scalarTree.map { prefix($0, counts.count) } ?? 0 }

  /// The scalars in blocks before `block`, without separators.
  /// - Complexity: O(log blocks).
  func firstScalar(ofBlock block: Int) -> Int { scalarTree.map { prefix($0, block) } ?? 0 }

  /// The block holding document scalar offset `offset`, where every element spans its scalars plus
  /// one separator, and the scalar offset at which that block's first element starts.
  /// - Complexity: O(log blocks).
  func locate(scalar offset: Int) -> (block: Int, start: Int)? {
    scalarTree.flatMap { locate(offset, measuredBy: $0) }
  }
}
