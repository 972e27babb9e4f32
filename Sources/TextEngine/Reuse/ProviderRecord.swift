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

  /// The attachment's identity: the key of the controller's tables.
  var id: AttachmentIdentity { provider.reuseIdentity }
  /// The id of the attachment object the provider was made for, for instrumentation.
  var attachmentID: Int { provider.attachmentID }

  /// Points the record and its provider at `attachment`: the same attachment, rebuilt from its store.
  func rebind(to attachment: TextAttachment) {
    guard self.attachment !== attachment else { return }
    self.attachment = attachment
    provider.rebind(to: attachment)
  }
  var typeName: String { provider.providerTypeName }
}
