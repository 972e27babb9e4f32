/// Supplies per-paragraph layout geometry to a ``TextLayoutManager``.
public protocol TextLayoutManagerDelegate: AnyObject {
  /// The style for `paragraph`. Called when the paragraph is laid out or its height estimated.
  func textLayoutManager(_ textLayoutManager: TextLayoutManager, paragraphStyleFor paragraph: TextParagraph)
    -> ParagraphStyle

  /// The least width of `paragraph`'s block of lines, for a right-to-left paragraph: its lines end
  /// at the right edge of a block at least this wide (at most the line width). Called only when the
  /// paragraph is laid out, never to estimate heights, so it may measure. The chat returns the width
  /// of the bubble's name and time, so a short Hebrew reply sits at its bubble's right. Default 0.
  func textLayoutManager(_ textLayoutManager: TextLayoutManager, minimumBlockWidthFor paragraph: TextParagraph)
    -> Double
}

extension TextLayoutManagerDelegate {
  /// 0: a block is as wide as its widest line.
  public func textLayoutManager(_ textLayoutManager: TextLayoutManager, minimumBlockWidthFor paragraph: TextParagraph)
    -> Double
  { 0 }
}
