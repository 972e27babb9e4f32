/// The text view's implementation of the layout manager delegate's provider caching hooks
/// (TextKit 27): the registered reuse policies are built on it.
///
/// The view is its layout manager's standard delegate: the hooks come here when the layout manager
/// has no delegate, and a delegate that does not implement them gets these (the protocol's default
/// implementations call them). A delegate that implements them replaces the policies; it can call
/// these to extend them instead.
extension TextView: TextLayoutManagerDelegate {
  /// Keeps `viewProvider` for the paragraph's next fragment when its type is registered with
  /// `.onEditingInlineParagraphs`; otherwise does nothing, so the provider is discarded when the
  /// next fragment showing its attachment asks for it in vain.
  /// - Parameters:
  ///   - textLayoutManager: This view's layout manager.
  ///   - viewProvider: The view provider being invalidated.
  ///   - textAttachment: The attachment associated with the view provider.
  public func textLayoutManager(
    _ textLayoutManager: TextLayoutManager, cacheTextAttachmentViewProvider viewProvider: TextAttachmentViewProvider,
    for textAttachment: TextAttachment
  ) {
    guard textLayoutManager === self.textLayoutManager,
      reuseController.policy(for: type(of: viewProvider)).contains(.onEditingInlineParagraphs)
    else { return }
    reuseController.keepForHandOver(viewProvider)
  }

  /// The provider kept for `attachment` by the edit policy, if any.
  /// - Parameters:
  ///   - textLayoutManager: This view's layout manager.
  ///   - attachment: The attachment to retrieve a cached view provider for.
  /// - Returns: The kept provider, or `nil`.
  public func textLayoutManager(
    _ textLayoutManager: TextLayoutManager, retrieveCachedTextAttachmentViewProviderFor attachment: TextAttachment
  ) -> TextAttachmentViewProvider? {
    guard textLayoutManager === self.textLayoutManager else { return nil }
    return reuseController.providerAwaitingHandOver(for: attachment)
  }
}
