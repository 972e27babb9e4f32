/// Gaps in the height index: a run of paragraphs never measured is one node holding their count
/// and estimated height, as CodeMirror 6's height map does. A gap splits when a paragraph inside
/// it is needed (laid out, edited, or walked through by a pass), so the index grows with what has
/// been measured, not with the document.
extension TextLayoutManager {
  /// The height of one paragraph of `node`: its height, or its share of a gap's.
  func itemHeight(of node: SequenceTree<Entry>.Node) -> Double {
    node.height / Double(max(1, node.count))
  }

  /// The position inside `node` (0 unless it is a gap) of the paragraph spanning `y`, for a node whose top is `top`.
  func item(atY y: Double, inGap node: SequenceTree<Entry>.Node, top: Double) -> Int {
    guard node.count > 1 else { return 0 }
    let each = itemHeight(of: node)
    guard each > 0 else { return 0 }
    return min(node.count - 1, max(0, Int(((y - top) / each).rounded(.down))))
  }

  /// The entry of paragraph `index`, splitting the gap that holds it.
  /// - Complexity: O(log n).
  func entryNode(at index: Int) -> SequenceTree<Entry>.Node? {
    guard let (node, start) = entries.locate(index) else { return nil }
    return node.element.isGap ? split(node, start: start, at: index) : node
  }

  /// The entry holding `y` and its index and top, splitting the gap that holds it.
  /// - Complexity: O(log n).
  func entryNode(containingY y: Double) -> (node: SequenceTree<Entry>.Node, index: Int, top: Double)? {
    guard let found = entries.node(containingY: y) else { return nil }
    guard found.node.element.isGap else { return found }
    let item = item(atY: y, inGap: found.node, top: found.top)
    let each = itemHeight(of: found.node)
    let node = split(found.node, start: found.index, at: found.index + item)
    return (node, found.index + item, found.top + Double(item) * each)
  }

  /// The entry after `node`, splitting the gap that follows it.
  func node(after node: SequenceTree<Entry>.Node) -> SequenceTree<Entry>.Node? {
    guard let next = entries.successor(of: node) else { return nil }
    guard next.element.isGap else { return next }
    let start = entries.position(of: next).index
    return split(next, start: start, at: start)
  }

  /// The entry before `node`, splitting the gap that precedes it.
  func node(before node: SequenceTree<Entry>.Node) -> SequenceTree<Entry>.Node? {
    guard let previous = entries.predecessor(of: node) else { return nil }
    guard previous.element.isGap else { return previous }
    let start = entries.position(of: previous).index
    return split(previous, start: start, at: start + previous.count - 1)
  }

  /// Splits the gap `node` (starting at `start`) around paragraph `index`, which gets an entry
  /// of the gap's per-paragraph height; the heights around it keep their shares, so nothing moves.
  /// - Complexity: O(log n).
  private func split(_ node: SequenceTree<Entry>.Node, start: Int, at index: Int) -> SequenceTree<Entry>.Node {
    let each = itemHeight(of: node)
    let before = index - start
    let after = node.count - before - 1
    var pieces: [SequenceTree<Entry>.Piece] = []
    if before > 0 {
      pieces.append(.init(element: Entry(isGap: true), count: before, length: 0, height: Double(before) * each))
    }
    pieces.append(.init(element: Entry(), length: 0, height: each))
    if after > 0 {
      pieces.append(.init(element: Entry(isGap: true), count: after, length: 0, height: Double(after) * each))
    }
    let (_, nodes) = entries.replace(start..<(start + node.count), with: pieces)
    return nodes[before > 0 ? 1 : 0]
  }
}
