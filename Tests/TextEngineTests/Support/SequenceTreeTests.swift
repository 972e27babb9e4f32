import ReuseKitSupport
import Testing

@testable import TextEngine

/// `SequenceTree`, the balanced tree under storage and layout, against a plain array model: every
/// operation of a seeded random sequence is checked against the model, and the tree's invariants
/// (balance, parent pointers, sums, node counts) after each one, as swift-collections tests its trees.
@Suite struct SequenceTreeTests {
  /// A node as the model keeps it: what the tree's node must hold, in order.
  private struct ModelNode: Equatable {
    var id: Int
    var count: Int
    var length: Int
    var height: Double
  }

  /// The tree, the model, and the tree's nodes by element.
  private struct Harness {
    let tree = SequenceTree<Int>(seed: 0xC0FFEE)
    var model: [ModelNode] = []
    var nodes: [Int: SequenceTree<Int>.Node] = [:]
    var removed: [SequenceTree<Int>.Node] = []
    var nextID = 0
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// The item position where model node `index` starts.
    func start(ofNode index: Int) -> Int { model[..<index].reduce(0) { $0 + $1.count } }

    mutating func pieces(_ count: Int) -> [ModelNode] {
      (0..<count).map { _ in
        nextID += 1
        // Runs of several items, empty paragraphs and zero heights all occur.
        return ModelNode(
          id: nextID, count: 1 + (random.next(below: 4) == 0 ? random.next(below: 5) : 0),
          length: random.next(below: 12), height: Double(random.next(below: 4) * 5))
      }
    }

    /// Replaces model nodes `range` with `new`, in the tree and the model.
    mutating func replace(nodes range: Range<Int>, with new: [ModelNode]) {
      let from = start(ofNode: range.lowerBound)
      let to = from + model[range].reduce(0) { $0 + $1.count }
      let (removedElements, inserted) = tree.replace(
        from..<to,
        with: new.map { SequenceTree.Piece(element: $0.id, count: $0.count, length: $0.length, height: $0.height) })
      #expect(removedElements == model[range].map(\.id))
      #expect(inserted.map(\.element) == new.map(\.id))
      for node in model[range] { removed.append(nodes.removeValue(forKey: node.id)!) }
      for node in inserted { nodes[node.element] = node }
      model.replaceSubrange(range, with: new)
    }

    func expectMatchesModel(after operation: String) {
      let violations = tree.checkInvariants()
      #expect(violations.isEmpty, "after \(operation): \(violations)")
      #expect(tree.count == model.reduce(0) { $0 + $1.count }, "after \(operation)")
      #expect(tree.nodeCount == model.count, "after \(operation)")
      #expect(tree.totalLength == model.reduce(0) { $0 + $1.length }, "after \(operation)")
      #expect(tree.totalHeight == model.reduce(0) { $0 + $1.height }, "after \(operation)")
    }
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func randomOperationsMatchAnArrayModel(seed: UInt64) throws {
    var harness = Harness(seed: seed)
    harness.expectMatchesModel(after: "creation")
    #expect(harness.tree.locate(0) == nil && harness.tree.first == nil)
    for step in 0..<1_500 {
      let operation = harness.random.next(below: 10)
      let name: String
      switch operation {
      case 0, 1:
        name = "insert"
        let at = harness.random.next(below: harness.model.count + 1)
        harness.replace(nodes: at..<at, with: harness.pieces(1 + harness.random.next(below: 6)))
      case 2:
        name = "remove"
        guard !harness.model.isEmpty else { continue }
        let from = harness.random.next(below: harness.model.count)
        let to = min(harness.model.count, from + 1 + harness.random.next(below: 4))
        harness.replace(nodes: from..<to, with: [])
      case 3:
        name = "replace"
        guard !harness.model.isEmpty else { continue }
        let from = harness.random.next(below: harness.model.count)
        let to = min(harness.model.count, from + harness.random.next(below: 4))
        harness.replace(nodes: from..<to, with: harness.pieces(harness.random.next(below: 4)))
      case 4:
        name = "update height"
        guard !harness.model.isEmpty else { continue }
        let index = harness.random.next(below: harness.model.count)
        let height = Double(harness.random.next(below: 50))
        harness.tree.update(harness.nodes[harness.model[index].id]!, height: height)
        harness.model[index].height = height
      default:
        name = "queries"
        try checkQueries(&harness)
      }
      harness.expectMatchesModel(after: "\(name) at step \(step)")
    }
    #expect(harness.model.count > 100, "the sequence grew")
    // Balanced in expectation: far below the model's length (a degenerate treap is a list).
    #expect(harness.tree.depth() < 8 * Int(Double(harness.model.count).squareRoot().squareRoot()) + 20)
  }

  /// Every query against the model: locate, position, successor and predecessor, the node holding
  /// an offset or a y, and membership of removed nodes.
  private func checkQueries(_ harness: inout Harness) throws {
    let tree = harness.tree
    let model = harness.model
    guard !model.isEmpty else {
      #expect(tree.locate(0) == nil && tree.node(containingOffset: 0, separator: 1) == nil)
      return
    }
    let total = model.reduce(0) { $0 + $1.count }
    #expect(tree.locate(total) == nil && tree.locate(-1) == nil)
    for _ in 0..<8 {
      let index = harness.random.next(below: model.count)
      let node = try #require(harness.nodes[model[index].id])
      let start = harness.start(ofNode: index)
      // locate: every item of the node finds it, with the node's first position.
      let item = start + harness.random.next(below: model[index].count)
      let found = try #require(tree.locate(item))
      #expect(found.node === node && found.start == start)
      #expect(tree.node(at: item) === node)
      // position: index, offset and y of the node from the model's prefix sums.
      let position = tree.position(of: node)
      #expect(position.index == start)
      #expect(position.offset == model[..<index].reduce(0) { $0 + $1.length })
      #expect(position.y == model[..<index].reduce(0) { $0 + $1.height })
      #expect(tree.contains(node))
      // successor and predecessor walk the model's order.
      let next = tree.successor(of: node)
      #expect(index + 1 < model.count ? next === harness.nodes[model[index + 1].id] : next == nil)
      let previous = tree.predecessor(of: node)
      #expect(index > 0 ? previous === harness.nodes[model[index - 1].id] : previous == nil)
    }
    for separator in [0, 1] {
      let span = model.reduce(0) { $0 + $1.length + $1.count * separator }
      let offset = harness.random.next(below: span + 3)
      let found = try #require(tree.node(containingOffset: offset, separator: separator))
      let expected = expectedNode(model, at: Double(offset)) { Double($0.length + $0.count * separator) }
      #expect(found.node.element == model[expected.index].id, "offset \(offset), separator \(separator)")
      #expect(found.index == harness.start(ofNode: expected.index) && found.start == Int(expected.start))
    }
    let y = Double(harness.random.next(below: Int(model.reduce(0) { $0 + $1.height }) + 10)) - 2
    let foundY = try #require(tree.node(containingY: y))
    let expectedY = expectedNode(model, at: max(0, y)) { $0.height }
    #expect(foundY.node.element == model[expectedY.index].id, "y \(y)")
    #expect(foundY.index == harness.start(ofNode: expectedY.index) && foundY.top == expectedY.start)
    if let gone = harness.removed.last { #expect(!tree.contains(gone)) }
  }

  /// The model node whose span (by `span`) holds `value`, and where it starts; past the end, the last.
  private func expectedNode(_ model: [ModelNode], at value: Double, span: (ModelNode) -> Double)
    -> (index: Int, start: Double)
  {
    var start = 0.0
    for (index, node) in model.enumerated() {
      if value < start + span(node) || index == model.count - 1 { return (index, start) }
      start += span(node)
    }
    return (model.count - 1, start)
  }

  @Test func aBulkBuildIsBalancedAndSound() {
    let tree = SequenceTree<Int>()
    tree.replace(0..<0, withPieces: (0..<100_000).lazy.map { .init(element: $0, length: $0 % 7, height: 1) })
    #expect(tree.checkInvariants().isEmpty)
    #expect(tree.count == 100_000 && tree.nodeCount == 100_000)
    #expect(tree.depth() < 60, "depth \(tree.depth()) for 100,000 nodes")
    // Splitting around a run and removing everything leaves an empty, sound tree.
    tree.replace(40_000..<60_000, with: [.init(element: -1, count: 20_000, length: 5, height: 0)])
    #expect(tree.checkInvariants().isEmpty && tree.nodeCount == 80_001 && tree.count == 100_000)
    tree.replace(0..<tree.count, with: [SequenceTree<Int>.Piece]())
    #expect(tree.checkInvariants().isEmpty && tree.count == 0 && tree.root == nil)
  }
}
