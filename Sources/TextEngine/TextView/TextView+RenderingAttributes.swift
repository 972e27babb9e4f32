import Foundation

/// Rendering attributes: the view hears of each change from its layout manager and marks the
/// line fragments on screen that show it for drawing, nothing else.
extension TextView: RenderingAttributeObserver {
  func textLayoutManager(
    _ textLayoutManager: TextLayoutManager,
    didChangeRenderingAttributesIn changes: [(identifier: Int64, range: Range<Int>)]
  ) {
    setNeedsDisplay(renderingAttributeLineRects: lineRects(showing: changes))
  }

  /// The rectangles (container coordinates) of the line fragments on screen that hold a character of
  /// `changes`: the last pass's fragments in the viewport, each line across its fragment's width.
  /// - Complexity: O(changes + fragments of the last pass × lines each), nothing per paragraph off screen.
  func lineRects(showing changes: [(identifier: Int64, range: Range<Int>)]) -> [CGRect] {
    guard !changes.isEmpty else { return [] }
    var changed: [Int64: [Range<Int>]] = [:]
    for change in changes { changed[change.identifier, default: []].append(change.range) }
    let bounds = viewportBounds
    var rects: [CGRect] = []
    for (fragment, _) in textViewportLayoutController.configuredFragments {
      guard let ranges = changed[fragment.textParagraph.identifier] else { continue }
      let frame = fragment.layoutFragmentFrame
      guard !frame.isNull, frame.maxY > bounds.minY, frame.minY < bounds.maxY else { continue }
      for line in fragment.textLineFragments {
        let lineRange = line.characterRange
        guard ranges.contains(where: { $0.overlaps(lineRange) || ($0.isEmpty && lineRange.isEmpty) }) else {
          continue
        }
        let box = line.typographicBounds
        let rect = CGRect(x: frame.minX, y: frame.minY + box.minY, width: frame.width, height: box.height)
        if rect.maxY > bounds.minY, rect.minY < bounds.maxY { rects.append(rect) }
      }
    }
    return rects
  }
}
