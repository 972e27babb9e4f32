import ReuseKitSupport

/// A balanced sequence (an implicit treap) whose nodes carry a count, a length and a height.
///
/// Storage keeps paragraphs in one (length = characters); each layout manager keeps its own
/// heights in another. Every query a keystroke, a scroll or a jump needs is O(log n) expected:
/// position ↔ node, y ↔ node, character offset ↔ node, and splicing a range.
/// ``nodesVisited`` counts the nodes touched, so tests can assert complexity without timing.
///
/// A node stands for ``Node/count`` consecutive items (a *run* or *gap*: elements not in memory,
/// summarised by their count, length and height, as CodeMirror 6's height map does). Positions
/// count items, not nodes; the owner splits a run (``replace(_:with:)`` on its span) when it
/// needs an item inside it.
final class SequenceTree<Element> {
  /// What ``replace(_:with:)`` inserts: one node standing for `count` items.
  struct Piece {
    var element: Element
    var count = 1
    var length: Int
    var height: Double
  }

  final class Node {
    var element: Element
    /// The items this node stands for: 1 for an element, more for a run.
    fileprivate(set) var count: Int
    fileprivate(set) var length: Int
    fileprivate(set) var height: Double
    let priority: UInt64
    fileprivate(set) var left: Node?
    fileprivate(set) var right: Node?
    /// Not `weak`: a weak reference gives every node a side-table allocation (about 48 bytes
    /// per paragraph, per tree). Safe because a node's parent always holds it strongly while
    /// `parent` is set: every split, merge and removal resets the pointer.
    fileprivate(set) unowned(unsafe) var parent: Node?
    fileprivate(set) var subtreeCount: Int
    fileprivate(set) var subtreeNodes = 1
    fileprivate(set) var subtreeLength: Int
    fileprivate(set) var subtreeHeight: Double

    fileprivate init(element: Element, count: Int, length: Int, height: Double, priority: UInt64) {
      self.element = element
      self.count = count
      self.subtreeCount = count
      self.length = length
      self.height = height
      self.priority = priority
      self.subtreeLength = length
      self.subtreeHeight = height
    }

    fileprivate func update() {
      subtreeCount = count + (left?.subtreeCount ?? 0) + (right?.subtreeCount ?? 0)
      subtreeNodes = 1 + (left?.subtreeNodes ?? 0) + (right?.subtreeNodes ?? 0)
      subtreeLength = length + (left?.subtreeLength ?? 0) + (right?.subtreeLength ?? 0)
      subtreeHeight = height + (left?.subtreeHeight ?? 0) + (right?.subtreeHeight ?? 0)
    }
  }

  private(set) var root: Node?
  private var random: SplitMix64
  /// Changes whenever nodes are added or removed, so a cached node can be checked for staleness.
  private(set) var version = 0
  /// Nodes touched by queries and updates since creation; a complexity probe for tests.
  private(set) var nodesVisited = 0

  init(seed: UInt64 = 0x5EED) { random = SplitMix64(seed: seed) }

  /// The items in the sequence (a run counts its items).
  var count: Int { root?.subtreeCount ?? 0 }
  /// The nodes in the tree: its memory, which runs keep below ``count``.
  var nodeCount: Int { root?.subtreeNodes ?? 0 }
  var totalLength: Int { root?.subtreeLength ?? 0 }
  var totalHeight: Double { root?.subtreeHeight ?? 0 }
  var first: Node? { node(at: 0) }
  var last: Node? { count == 0 ? nil : node(at: count - 1) }

  // MARK: Queries

  /// The node holding the item at position `index` (a run holds several).
  /// - Complexity: O(log n) expected.
  func node(at index: Int) -> Node? { locate(index)?.node }

  /// The node holding the item at position `index`, and the position of its first item.
  /// - Complexity: O(log n) expected.
  func locate(_ index: Int) -> (node: Node, start: Int)? {
    guard index >= 0, index < count else { return nil }
    var current = root
    var remaining = index
    var start = 0
    while let node = current {
      nodesVisited += 1
      let leftCount = node.left?.subtreeCount ?? 0
      if remaining < leftCount {
        current = node.left
      } else if remaining < leftCount + node.count {
        return (node, start + leftCount)
      } else {
        remaining -= leftCount + node.count
        start += leftCount + node.count
        current = node.right
      }
    }
    return nil
  }

  /// The position of `node`, its prefix length and its prefix height, found by walking up.
  /// - Complexity: O(log n) expected.
  func position(of node: Node) -> (index: Int, offset: Int, y: Double) {
    var index = node.left?.subtreeCount ?? 0
    var offset = node.left?.subtreeLength ?? 0
    var y = node.left?.subtreeHeight ?? 0
    var child = node
    while let parent = child.parent {
      nodesVisited += 1
      if parent.right === child {
        index += (parent.left?.subtreeCount ?? 0) + parent.count
        offset += (parent.left?.subtreeLength ?? 0) + parent.length
        y += (parent.left?.subtreeHeight ?? 0) + parent.height
      }
      child = parent
    }
    return (index, offset, y)
  }

  /// Whether `node` is still in this tree.
  /// - Complexity: O(log n) expected.
  func contains(_ node: Node) -> Bool {
    var top = node
    while let parent = top.parent {
      nodesVisited += 1
      top = parent
    }
    return top === root
  }

  /// The node whose vertical span contains `y`, with the position of its first item and its top.
  /// Past the end: the last node.
  /// - Complexity: O(log n) expected.
  func node(containingY y: Double) -> (node: Node, index: Int, top: Double)? {
    guard var node = root else { return nil }
    var remaining = max(0, y)
    var index = 0
    var top = 0.0
    while true {
      nodesVisited += 1
      let leftHeight = node.left?.subtreeHeight ?? 0
      if let left = node.left, remaining < leftHeight {
        node = left
        continue
      }
      remaining -= leftHeight
      let leftCount = node.left?.subtreeCount ?? 0
      if remaining < node.height || node.right == nil {
        return (node, index + leftCount, top + leftHeight)
      }
      remaining -= node.height
      index += leftCount + node.count
      top += leftHeight + node.height
      node = node.right!
    }
  }

  /// The node whose span contains `offset`, where every item spans its length plus `separator` units.
  /// - Returns: The node, the position of its first item, and the offset at which it starts.
  /// - Complexity: O(log n) expected.
  func node(containingOffset offset: Int, separator: Int) -> (node: Node, index: Int, start: Int)? {
    guard var node = root, offset >= 0 else { return nil }
    var remaining = offset
    var index = 0
    var start = 0
    while true {
      nodesVisited += 1
      let leftSpan = (node.left?.subtreeLength ?? 0) + (node.left?.subtreeCount ?? 0) * separator
      if let left = node.left, remaining < leftSpan {
        node = left
        continue
      }
      remaining -= leftSpan
      let leftCount = node.left?.subtreeCount ?? 0
      let span = node.length + node.count * separator
      if remaining < span || node.right == nil {
        return (node, index + leftCount, start + leftSpan)
      }
      remaining -= span
      index += leftCount + node.count
      start += leftSpan + span
      node = node.right!
    }
  }

  /// The node after `node` in order.
  /// - Complexity: O(1) amortized, O(log n) worst case.
  func successor(of node: Node) -> Node? {
    nodesVisited += 1
    if var next = node.right {
      while let left = next.left {
        nodesVisited += 1
        next = left
      }
      return next
    }
    var child = node
    while let parent = child.parent {
      nodesVisited += 1
      if parent.left === child { return parent }
      child = parent
    }
    return nil
  }

  /// The node before `node` in order.
  /// - Complexity: O(1) amortized, O(log n) worst case.
  func predecessor(of node: Node) -> Node? {
    nodesVisited += 1
    if var previous = node.left {
      while let right = previous.right {
        nodesVisited += 1
        previous = right
      }
      return previous
    }
    var child = node
    while let parent = child.parent {
      nodesVisited += 1
      if parent.right === child { return parent }
      child = parent
    }
    return nil
  }

  // MARK: Updates

  /// Changes one node's height and fixes the sums above it.
  /// - Complexity: O(log n) expected.
  func update(_ node: Node, height: Double) {
    node.height = height
    var current: Node? = node
    while let n = current {
      nodesVisited += 1
      n.update()
      current = n.parent
    }
  }

  /// Replaces the nodes at `range` with new nodes for `elements`, one item each.
  /// - Returns: The removed nodes' elements, in order, and the new nodes.
  /// - Complexity: O(log n + k) expected, where k is the number of nodes removed and inserted.
  @discardableResult
  func replace(
    _ range: Range<Int>, with elements: [(element: Element, length: Int, height: Double)]
  ) -> (removed: [Element], inserted: [Node]) {
    replace(range, withPieces: elements.lazy.map { Piece(element: $0.element, length: $0.length, height: $0.height) })
  }

  /// Replaces the items at `range` with new nodes for `pieces`. Both ends of `range` must fall
  /// between nodes (split a run by replacing all of it).
  /// - Returns: The removed nodes' elements, in order, and the new nodes.
  /// - Complexity: O(log n + k) expected, where k is the number of nodes removed and inserted.
  @discardableResult
  func replace(_ range: Range<Int>, with pieces: [Piece]) -> (removed: [Element], inserted: [Node]) {
    replace(range, withPieces: pieces)
  }

  /// ``replace(_:with:)`` from any collection of pieces (a lazy map, so that a bulk load builds no
  /// array of pieces beside its nodes).
  /// - Complexity: O(log n + k) expected, where k is the number of nodes removed and inserted.
  @discardableResult
  func replace(_ range: Range<Int>, withPieces pieces: some Collection<Piece>) -> (
    removed: [Element], inserted: [Node]
  ) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
    version &+= 1
    let (before, rest) = split(root, at: range.lowerBound)
    let (middle, after) = split(rest, at: range.count)
    var removed: [Element] = []
    removed.reserveCapacity(min(range.count, 1024))
    collect(middle, into: &removed)
    let newNodes = pieces.map {
      Node(element: $0.element, count: $0.count, length: $0.length, height: $0.height, priority: random.next())
    }
    let built = buildCartesianTree(newNodes)
    root = merge(merge(before, built), after)
    root?.parent = nil
    return (removed, newNodes)
  }

  /// Replaces `node` and the runs on either side of it (the neighbours `isRun` accepts) with one
  /// node of `element` standing for all their items, with their summed length and height: how a
  /// released paragraph or a folded height entry rejoins the runs beside it, so nothing after it
  /// moves.
  /// - Complexity: O(log n) expected.
  func mergeIntoRun(_ node: Node, as element: Element, joining isRun: (Element) -> Bool) {
    var start = position(of: node).index
    var piece = Piece(element: element, count: node.count, length: node.length, height: node.height)
    func absorb(_ neighbour: Node) {
      piece.count += neighbour.count
      piece.length += neighbour.length
      piece.height += neighbour.height
    }
    if let previous = predecessor(of: node), isRun(previous.element) {
      start -= previous.count
      absorb(previous)
    }
    if let next = successor(of: node), isRun(next.element) { absorb(next) }
    replace(start..<(start + piece.count), with: [piece])
  }

  /// Calls `body` for each element in order, from the node at `index`, until it returns false.
  func visit(from index: Int = 0, _ body: (Node) -> Bool) {
    var current = node(at: index)
    while let node = current, body(node) { current = successor(of: node) }
  }

  // MARK: Treap mechanics

  private func split(_ node: Node?, at index: Int) -> (Node?, Node?) {
    guard let node else { return (nil, nil) }
    nodesVisited += 1
    let leftCount = node.left?.subtreeCount ?? 0
    if index <= leftCount {
      let (l, r) = split(node.left, at: index)
      node.left = r
      r?.parent = node
      node.update()
      l?.parent = nil
      node.parent = nil
      return (l, node)
    } else {
      precondition(index >= leftCount + node.count, "a split inside a run")
      let (l, r) = split(node.right, at: index - leftCount - node.count)
      node.right = l
      l?.parent = node
      node.update()
      r?.parent = nil
      node.parent = nil
      return (node, r)
    }
  }

  private func merge(_ a: Node?, _ b: Node?) -> Node? {
    guard let a else { return b }
    guard let b else { return a }
    nodesVisited += 1
    if a.priority > b.priority {
      a.right = merge(a.right, b)
      a.right?.parent = a
      a.update()
      return a
    } else {
      b.left = merge(a, b.left)
      b.left?.parent = b
      b.update()
      return b
    }
  }

  private func buildCartesianTree(_ nodes: [Node]) -> Node? {
    var stack: [Node] = []
    for node in nodes {
      var lastPopped: Node?
      while let top = stack.last, top.priority < node.priority {
        lastPopped = stack.removeLast()
        lastPopped?.update()
      }
      node.left = lastPopped
      lastPopped?.parent = node
      if let top = stack.last {
        top.right = node
        node.parent = top
      }
      stack.append(node)
    }
    let rootNode = stack.first
    while let top = stack.popLast() { top.update() }
    rootNode?.parent = nil
    return rootNode
  }

  private func collect(_ node: Node?, into elements: inout [Element]) {
    guard let node else { return }
    collect(node.left, into: &elements)
    elements.append(node.element)
    collect(node.right, into: &elements)
    node.parent = nil
    node.left = nil
    node.right = nil
  }
}
