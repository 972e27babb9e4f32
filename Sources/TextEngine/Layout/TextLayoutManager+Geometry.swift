import Foundation

/// Geometry: the document's height and the paragraph at a y-offset, from the height index.
extension TextLayoutManager {
  /// The height of all paragraphs (measured or estimated), hidden ones counting zero.
  public var documentHeight: Double { entries.totalHeight }

  /// The bounds the text occupies in the container.
  public var usageBoundsForTextContainer: CGRect {
    CGRect(x: 0, y: 0, width: textContainer.size.width, height: documentHeight)
  }

  /// Index-tree nodes visited so far, for complexity tests.
  public var indexNodesVisited: Int { entries.nodesVisited }

  /// The paragraph index whose span contains `y`.
  /// - Complexity: O(log n).
  public func paragraphIndex(atY y: Double) -> Int? {
    guard let found = entries.node(containingY: y) else { return nil }
    return found.index + item(atY: y, inGap: found.node, top: found.top)
  }

  /// The top of paragraph `index` (estimated if not laid out).
  /// - Complexity: O(log n).
  public func yOffset(ofParagraphAt index: Int) -> Double? {
    guard let (node, start) = entries.locate(index) else { return nil }
    return entries.position(of: node).y + Double(index - start) * itemHeight(of: node)
  }

  /// The current height of paragraph `index` (estimated if not laid out).
  public func height(ofParagraphAt index: Int) -> Double? { entries.node(at: index).map(itemHeight(of:)) }

  /// The nodes of the height index: the paragraphs measured (or edited) plus one per gap, not
  /// one per paragraph of a store-backed document.
  public var heightIndexNodeCount: Int { entries.nodeCount }
}
