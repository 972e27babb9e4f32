/// Hooks for complexity tests.
extension InMemoryTextContentSource {
  /// Nodes the edited blocks' trees visited so far.
  /// - Complexity: O(blocks).
  var treeNodesVisited: Int {
    blocks.reduce(0) { sum, block in
      guard case .edited(let tree) = block else { return sum }
      return sum + tree.nodesVisited
    }
  }
}
