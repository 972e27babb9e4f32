/// What a ``TextAttachmentReuseController`` knows about one attachment's provider.
final class ProviderRecord {
  let provider: TextAttachmentViewProvider
  /// The attachment, kept weakly: deletion is detected through the storage, not by lifetime.
  weak var attachment: TextAttachment?
  /// The fragment that owns the provider, or `nil` while it waits to be handed to a new one.
  weak var fragment: TextLayoutFragment?
  /// Where the provider's view is.
  var viewState = TextAttachmentReuseController.ViewState.discarded
  /// The paragraph index the provider was last configured at, for events.
  var paragraphIndex: Int?

  init(provider: TextAttachmentViewProvider, attachment: TextAttachment, fragment: TextLayoutFragment) {
    self.provider = provider
    self.attachment = attachment
    self.fragment = fragment
  }

  var id: Int { provider.attachmentID }
  var typeName: String { provider.providerTypeName }
}
