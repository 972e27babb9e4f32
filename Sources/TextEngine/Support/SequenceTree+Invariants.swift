/// The tree's structural invariants, checked by the randomized tests after every operation.
extension SequenceTree {
  /// Checks the whole tree and returns what is wrong with it, or nothing.
  ///
  /// The invariants: the root has no parent; every child's `parent` is the node holding it
  /// (the pointer is `unowned(unsafe)`, so a stale one would be a dangling pointer); priorities are
  /// heap-ordered (a parent's is at least its children's), which is what keeps a treap balanced in
  /// expectation; every node's count is positive or it is an empty run, and its sums (items, nodes,
  /// lengths, heights) are its own plus its children's.
  /// - Returns: One message per violation found; empty when the tree is sound.
  /// - Complexity: O(n) for n nodes; recursion depth is the tree's height.
  func checkInvariants() -> [String] {
    var violations: [String] = []
    guard let root else { return violations }
    if root.parent != nil { violations.append("the root has a parent") }
    var nodes = 0
    check(root, depth: 0, visited: &nodes, into: &violations)
    if nodes != nodeCount { violations.append("\(nodes) nodes reachable, the root counts \(nodeCount)") }
    return violations
  }

  /// The depth of the deepest node (1 for a lone root, 0 when empty): O(log n) expected.
  /// - Complexity: O(n).
  func depth() -> Int {
    func depth(_ node: Node?) -> Int {
      guard let node else { return 0 }
      return 1 + max(depth(node.left), depth(node.right))
    }
    return depth(root)
  }

  private func check(_ node: Node, depth: Int, visited: inout Int, into violations: inout [String]) {
    visited += 1
    if node.count < 0 || node.length < 0 { violations.append("a node counts \(node.count) items, \(node.length) long") }
    for child in [node.left, node.right].compactMap(\.self) {
      if child.parent !== node { violations.append("a child at depth \(depth + 1) does not point at its parent") }
      if child.priority > node.priority {
        violations.append("a child at depth \(depth + 1) outranks its parent (heap order broken)")
      }
      check(child, depth: depth + 1, visited: &visited, into: &violations)
    }
    let left = node.left
    let right = node.right
    let count = node.count + (left?.subtreeCount ?? 0) + (right?.subtreeCount ?? 0)
    let nodes = 1 + (left?.subtreeNodes ?? 0) + (right?.subtreeNodes ?? 0)
    let length = node.length + (left?.subtreeLength ?? 0) + (right?.subtreeLength ?? 0)
    let height = node.height + (left?.subtreeHeight ?? 0) + (right?.subtreeHeight ?? 0)
    if count != node.subtreeCount { violations.append("subtree count \(node.subtreeCount), children sum to \(count)") }
    if nodes != node.subtreeNodes { violations.append("subtree nodes \(node.subtreeNodes), children sum to \(nodes)") }
    if length != node.subtreeLength {
      violations.append("subtree length \(node.subtreeLength), children sum to \(length)")
    }
    if abs(height - node.subtreeHeight) > 1e-6 * max(1, abs(height)) {
      violations.append("subtree height \(node.subtreeHeight), children sum to \(height)")
    }
  }
}
