/// Supplies per-paragraph layout geometry to a ``TextLayoutManager``, and may take part in
/// attachment view provider reuse. Every method is optional, as in TextKit's
/// `NSTextLayoutManagerDelegate`.
public protocol TextLayoutManagerDelegate: AnyObject {
  /// The style for `paragraph`. Called when the paragraph is laid out or its height estimated.
  /// Default: ``ParagraphStyle/plain``.
  func textLayoutManager(_ textLayoutManager: TextLayoutManager, paragraphStyleFor paragraph: TextParagraph)
    -> ParagraphStyle

  /// The least width of `paragraph`'s block of lines, for a right-to-left paragraph: its lines end
  /// at the right edge of a block at least this wide (at most the line width). Called only when the
  /// paragraph is laid out, never to estimate heights, so it may measure. The chat returns the width
  /// of the bubble's name and time, so a short Hebrew reply sits at its bubble's right. Default 0.
  func textLayoutManager(_ textLayoutManager: TextLayoutManager, minimumBlockWidthFor paragraph: TextParagraph)
    -> Double

  /// Notifies the delegate that a view provider associated with a text attachment is about to be
  /// invalidated; the delegate can use this to cache the view provider (TextKit 27).
  ///
  /// The layout manager calls it when an edit of the attachment's paragraph drops the fragment
  /// holding the provider (at the end of the editing transaction) and the attachment is still in
  /// the document; not for a deleted attachment, a fragment released for memory, a hidden
  /// paragraph or a relayout, which keep or discard providers without an invalidation.
  ///
  /// The default implementation calls the text view's (``TextView/textLayoutManager(_:cacheTextAttachmentViewProvider:for:)``),
  /// which keeps the provider when its type is registered with `.onEditingInlineParagraphs`: that is
  /// how the edit policy works. Implement it to replace the policy, or call the text view's to extend it.
  /// - Parameters:
  ///   - textLayoutManager: The text layout manager sending the message.
  ///   - viewProvider: The view provider being invalidated.
  ///   - textAttachment: The attachment associated with the view provider.
  func textLayoutManager(
    _ textLayoutManager: TextLayoutManager, cacheTextAttachmentViewProvider viewProvider: TextAttachmentViewProvider,
    for textAttachment: TextAttachment)

  /// Returns a cached view provider to be associated with a particular attachment (TextKit 27).
  ///
  /// The layout manager asks before it creates a provider for an attachment whose provider the
  /// view does not hold (a new attachment, or one whose provider an edit invalidated); `nil` falls
  /// back to the attachment's factory (`viewProvider(for:location:textContainer:)`). Each call counts
  /// in `providerCacheRequests`, each provider returned in `providerCacheHits`.
  ///
  /// The default implementation calls the text view's (``TextView/textLayoutManager(_:retrieveCachedTextAttachmentViewProviderFor:)``),
  /// which returns the provider the edit policy kept for `attachment`, if any.
  /// - Parameters:
  ///   - textLayoutManager: The text layout manager sending the message.
  ///   - attachment: The attachment to retrieve a cached view provider for.
  /// - Returns: A previously cached view provider, or `nil`.
  func textLayoutManager(
    _ textLayoutManager: TextLayoutManager, retrieveCachedTextAttachmentViewProviderFor attachment: TextAttachment
  ) -> TextAttachmentViewProvider?
}

extension TextLayoutManagerDelegate {
  /// ``ParagraphStyle/plain``.
  public func textLayoutManager(_ textLayoutManager: TextLayoutManager, paragraphStyleFor paragraph: TextParagraph)
    -> ParagraphStyle
  { .plain }

  /// 0: a block is as wide as its widest line.
  public func textLayoutManager(_ textLayoutManager: TextLayoutManager, minimumBlockWidthFor paragraph: TextParagraph)
    -> Double
  { 0 }

  /// The text view's implementation: the registered policies.
  public func textLayoutManager(
    _ textLayoutManager: TextLayoutManager, cacheTextAttachmentViewProvider viewProvider: TextAttachmentViewProvider,
    for textAttachment: TextAttachment
  ) {
    guard let standard = textLayoutManager.standardDelegate, standard !== self else { return }
    standard.textLayoutManager(textLayoutManager, cacheTextAttachmentViewProvider: viewProvider, for: textAttachment)
  }

  /// The text view's implementation: the provider the edit policy kept.
  public func textLayoutManager(
    _ textLayoutManager: TextLayoutManager, retrieveCachedTextAttachmentViewProviderFor attachment: TextAttachment
  ) -> TextAttachmentViewProvider? {
    guard let standard = textLayoutManager.standardDelegate, standard !== self else { return nil }
    return standard.textLayoutManager(textLayoutManager, retrieveCachedTextAttachmentViewProviderFor: attachment)
  }
}
