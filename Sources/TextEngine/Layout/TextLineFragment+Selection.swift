import Foundation

extension TextLineFragment {
  /// The rectangles (relative to the fragment) covering the characters of `range` (paragraph
  /// offsets) on this line, left to right: one for a left-to-right line, one per visually
  /// contiguous piece where the selection crosses a direction boundary.
  /// - Complexity: O(log characters) for a left-to-right line, O(k log k) for k characters
  ///   selected in a line holding right-to-left text.
  public func selectionRects(for range: Range<Int>) -> [CGRect] {
    let lower = max(range.lowerBound, characterRange.lowerBound) - characterRange.lowerBound
    let upper = min(range.upperBound, characterRange.upperBound) - characterRange.lowerBound
    guard lower < upper else { return [] }
    let bounds = typographicBounds
    guard let visual = layout.visual else {
      let x0 = layout.positions[lower]
      return [CGRect(x: originX + x0, y: bounds.minY, width: layout.positions[upper] - x0, height: bounds.height)]
    }
    let spans = (lower..<upper).map { (visual.lefts[$0], visual.lefts[$0] + visual.widths[$0]) }.sorted { $0.0 < $1.0 }
    var rects: [CGRect] = []
    var current = spans[0]
    for span in spans.dropFirst() {
      if span.0 <= current.1 + 0.001 {
        current.1 = max(current.1, span.1)
      } else {
        rects.append(
          CGRect(x: originX + current.0, y: bounds.minY, width: current.1 - current.0, height: bounds.height))
        current = span
      }
    }
    rects.append(CGRect(x: originX + current.0, y: bounds.minY, width: current.1 - current.0, height: bounds.height))
    return rects
  }
}
