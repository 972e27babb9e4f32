/// Gaps in the height index: a run of paragraphs never measured is one node holding their count
/// and estimated height, as CodeMirror 6's height map does. A gap splits when a paragraph inside
/// it is needed (laid out, edited, or walked through by a pass), so the index grows with what has
/// been measured, not with the document; released entries beyond a limit fold back into gaps
/// (`TextLayoutManager+Release.swift`), so it stays bounded by what is retained.
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
    let node = split(found.node, start: found.index, at: found.index + item)
    return (node, found.index + item, entries.position(of: node).y)
  }

  /// The entry after `node`, splitting the gap that follows it (a batch of entries off its front).
  func node(after node: SequenceTree<Entry>.Node) -> SequenceTree<Entry>.Node? {
    guard let next = entries.successor(of: node) else { return nil }
    guard next.element.isGap else { return next }
    let start = entries.position(of: next).index
    return split(next, start: start, items: 0..<min(next.count, Self.walkBatch)).first
  }

  /// The entry before `node`, splitting the gap that precedes it (a batch of entries off its end).
  func node(before node: SequenceTree<Entry>.Node) -> SequenceTree<Entry>.Node? {
    guard let previous = entries.predecessor(of: node) else { return nil }
    guard previous.element.isGap else { return previous }
    let start = entries.position(of: previous).index
    return split(previous, start: start, items: max(0, previous.count - Self.walkBatch)..<previous.count).last
  }

  /// How many entries a pass walking into a gap splits off at once: one O(log n) split serves
  /// that many steps, at the cost of at most that many entries beyond the margin.
  static let walkBatch = 16

  /// Splits the gap `node` (starting at `start`) around paragraph `index`.
  /// - Complexity: O(log n).
  private func split(_ node: SequenceTree<Entry>.Node, start: Int, at index: Int) -> SequenceTree<Entry>.Node {
    split(node, start: start, items: (index - start)..<(index - start + 1))[0]
  }

  /// Splits the gap `node` (starting at `start`) so that its paragraphs `items` (relative to the
  /// gap) get entries of their own. Every paragraph of a gap is as tall as its share of the gap,
  /// whether or not the content manager holds it in memory: one rule for every backend, so a
  /// document scrolls the same from memory and from a store. The gaps on either side keep their
  /// shares, so the gap's total, and everything below it, stay where they were.
  /// - Returns: The new entries, in order.
  /// - Complexity: O(log n + items).
  private func split(_ node: SequenceTree<Entry>.Node, start: Int, items: Range<Int>) -> [SequenceTree<Entry>.Node] {
    let share = itemHeight(of: node)
    let before = items.lowerBound
    let after = node.count - items.upperBound
    var pieces: [SequenceTree<Entry>.Piece] = []
    if before > 0 {
      pieces.append(.init(element: Entry(isGap: true), count: before, length: 0, height: share * Double(before)))
    }
    for _ in items { pieces.append(.init(element: Entry(), length: 0, height: share)) }
    if after > 0 {
      // The rest, not share × after, so that float rounding cannot move what lies below.
      let rest = node.height - share * Double(before + items.count)
      pieces.append(.init(element: Entry(isGap: true), count: after, length: 0, height: max(0, rest)))
    }
    let (_, nodes) = entries.replace(start..<(start + node.count), with: pieces)
    return Array(nodes[(before > 0 ? 1 : 0)..<((before > 0 ? 1 : 0) + items.count)])
  }
}
