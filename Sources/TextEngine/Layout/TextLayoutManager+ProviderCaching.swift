/// The layout manager's side of TextKit 27's provider caching hooks: it sends them to its delegate,
/// or, without one, to the text view's standard implementation.
extension TextLayoutManager {
  /// The text view this layout manager lays out for, whose implementation of the provider caching
  /// hooks is the registered reuse policies.
  var standardProviderCache: TextView? { reuseController?.textView }

  /// Tells the delegate (or the text view) that `provider` is about to be invalidated.
  func cacheTextAttachmentViewProvider(_ provider: TextAttachmentViewProvider, for attachment: TextAttachment) {
    if let delegate {
      delegate.textLayoutManager(self, cacheTextAttachmentViewProvider: provider, for: attachment)
    } else {
      standardProviderCache?.textLayoutManager(self, cacheTextAttachmentViewProvider: provider, for: attachment)
    }
  }

  /// Asks the delegate (or the text view) for a cached provider for `attachment`.
  func retrieveCachedTextAttachmentViewProvider(for attachment: TextAttachment) -> TextAttachmentViewProvider? {
    if let delegate {
      return delegate.textLayoutManager(self, retrieveCachedTextAttachmentViewProviderFor: attachment)
    }
    return standardProviderCache?.textLayoutManager(self, retrieveCachedTextAttachmentViewProviderFor: attachment)
  }
}
