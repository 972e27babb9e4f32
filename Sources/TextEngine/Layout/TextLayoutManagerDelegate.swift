/// Supplies per-paragraph layout geometry to a ``TextLayoutManager``.
public protocol TextLayoutManagerDelegate: AnyObject {
  /// The style for `paragraph`. Called when the paragraph is laid out or its height estimated.
  func textLayoutManager(_ textLayoutManager: TextLayoutManager, paragraphStyleFor paragraph: TextParagraph)
    -> ParagraphStyle
}
