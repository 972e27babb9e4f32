/// Consistency checks, run by the randomized tests (as swift-collections checks its trees).
extension BlockIndex {
  /// The ways the index disagrees with itself: each Fenwick tree against the per-block values it
  /// sums, and the identifier table against the block list. Empty when consistent.
  /// - Complexity: O(blocks).
  func checkInvariants() -> [String] {
    var violations: [String] = []
    if countTree != Self.fenwickTree(counts) { violations.append("the count tree does not sum the block counts") }
    if lengthTree != Self.fenwickTree(lengths) { violations.append("the length tree does not sum the block lengths") }
    if counts.contains(where: { $0 < 0 }) || lengths.contains(where: { $0 < 0 }) {
      violations.append("a block has a negative count or length")
    }
    if let scalarTree {
      let known = scalarLengths.compactMap { $0 }
      if known.count != count { violations.append("the scalar tree is built with a block's scalars unknown") }
      if scalarTree != Self.fenwickTree(known) { violations.append("the scalar tree does not sum the block scalars") }
    }
    for (block, scalars) in scalarLengths.enumerated() {
      if let scalars, scalars < lengths[block] {
        violations.append("block \(blocks[block]) has \(scalars) scalars, fewer than its \(lengths[block]) characters")
      }
    }
    if indices.count != blocks.count || blocks.enumerated().contains(where: { indices[$1] != $0 }) {
      violations.append("the identifier table does not match the block list")
    }
    return violations
  }
}
