/// How storage and the reuse machinery tell attachments apart: by the stored identifier when the
/// attachment has one (``TextAttachment/persistentIdentifier``), so that an attachment rebuilt
/// from its store is the same attachment; otherwise by the object (its process-wide ``TextAttachment/id``).
package enum AttachmentIdentity: Hashable, Comparable, Sendable {
  /// An attachment without a stored identifier, by its process-wide ``TextAttachment/id``.
  case object(Int)
  /// An attachment with a stored identifier (``TextAttachment/persistentIdentifier``).
  case persistent(String)
}

extension TextAttachment {
  /// This attachment's identity for storage and reuse.
  package var identity: AttachmentIdentity {
    persistentIdentifier.map(AttachmentIdentity.persistent) ?? .object(id)
  }
}
