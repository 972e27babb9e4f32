/// The layout manager's side of TextKit 27's provider caching hooks: it sends them to its delegate,
/// or, without one, to its standard delegate (the text view, whose implementation is the registered
/// reuse policies).
extension TextLayoutManager {
  /// Tells the delegate (or the standard delegate) that `provider` is about to be invalidated.
  func cacheTextAttachmentViewProvider(_ provider: TextAttachmentViewProvider, for attachment: TextAttachment) {
    (delegate ?? standardDelegate)?.textLayoutManager(self, cacheTextAttachmentViewProvider: provider, for: attachment)
  }

  /// Asks the delegate (or the standard delegate) for a cached provider for `attachment`.
  func retrieveCachedTextAttachmentViewProvider(for attachment: TextAttachment) -> TextAttachmentViewProvider? {
    (delegate ?? standardDelegate)?.textLayoutManager(self, retrieveCachedTextAttachmentViewProviderFor: attachment)
  }
}
