/// Supplies per-paragraph layout geometry to a ``TextLayoutManager``.
public protocol TextLayoutManagerDelegate: AnyObject {
  /// The style for `paragraph`. Called when the paragraph is laid out or its height estimated.
  func textLayoutManager(_ textLayoutManager: TextLayoutManager, paragraphStyleFor paragraph: TextParagraph)
    -> ParagraphStyle
}

/// Hears about fragments a layout manager drops; the text view reconciles providers with it.
package protocol TextLayoutFragmentObserver: AnyObject {
  /// `fragment` will never be returned again (its paragraph was edited, or its layout invalidated).
  func textLayoutManager(_ textLayoutManager: TextLayoutManager, didDiscard fragment: TextLayoutFragment)
  /// The storage's outermost editing transaction ended.
  func textLayoutManagerDidEndEditingTransaction(_ textLayoutManager: TextLayoutManager)
  /// Paragraphs `range` (indices before the edit) were replaced by `insertedCount` new ones.
  func textLayoutManager(
    _ textLayoutManager: TextLayoutManager, didReplaceParagraphsIn range: Range<Int>, insertedCount: Int)
}
