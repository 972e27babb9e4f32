import ReuseKit

/// Finding an attachment, its provider and its view by where it sits: message (paragraph) `N`, the
/// `slot`-th attachment in it (0 for the first), so a test needs no offsets and no source reading.
extension ReuseTestHost {
  /// The attachments of message `message`, in text order (empty when it has none or is out of
  /// range).
  /// - Parameter message: The paragraph index.
  /// - Returns: Its attachments; index it with the slot the other lookups take.
  public func attachments(inMessage message: Int) -> [TextAttachment] {
    guard message >= 0, message < storage.paragraphCount else { return [] }
    return storage.paragraph(at: message)?.attributedString.attachments ?? []
  }

  /// The provider view 0 holds now for the `slot`-th attachment of message `message`.
  ///
  /// `nil` when there is no such attachment or when view 0 holds no provider for it (it was never
  /// laid out). A provider made once lives as long as its attachment is in the document, scrolled
  /// out or not; its view may not (see ``view(inMessage:slot:)``).
  /// - Parameters:
  ///   - message: The paragraph index.
  ///   - slot: Which attachment of that paragraph, counting from 0 (default 0).
  /// - Returns: The provider, if view 0 holds one.
  public func provider(inMessage message: Int, slot: Int = 0) -> TextAttachmentViewProvider? {
    let found = attachments(inMessage: message)
    guard slot >= 0, slot < found.count else { return nil }
    return textView.viewProvider(for: found[slot])
  }

  /// The view of the provider ``provider(inMessage:slot:)`` returns: `nil` when there is no
  /// provider or it holds no view (not loaded yet, or discarded when it scrolled out without
  /// `.onScrollingOutOfViewport`).
  /// - Parameters:
  ///   - message: The paragraph index.
  ///   - slot: Which attachment of that paragraph, counting from 0 (default 0).
  /// - Returns: The view, if loaded.
  public func view(inMessage message: Int, slot: Int = 0) -> (any TextViewportRenderingSurface)? {
    provider(inMessage: message, slot: slot)?.view
  }
}
