/// Counting attachment occurrences: an attachment may sit in any number of places in a document,
/// and the manager keeps how many times each identity occurs (see <doc:StorageIdentity>).
///
/// An occurrence is one attachment run of a paragraph (one U+FFFC carrying the attachment; two
/// adjacent ones carrying the same object are two runs, as ``AttributedText`` never merges
/// attachment runs). The counts are split between built paragraphs and paragraphs the manager does
/// not hold now, so that building and releasing a paragraph moves its occurrences from one side to
/// the other and an edit changes them by exactly what it removed and inserted.
extension TextContentManager {
  /// The number of occurrences of the attachment with `identity` in the document that this
  /// manager knows of: in built paragraphs, in paragraphs released since they were built, and,
  /// from a source that registers its attachments at open (the in-memory document), in paragraphs
  /// never built. A store that makes new attachment objects on every read registers none, so an
  /// occurrence in a paragraph never built since opening counts from when its paragraph is first
  /// built. What the reuse controller reads to tell an attachment's last occurrence from one of
  /// several.
  /// - Complexity: O(1).
  package func occurrenceCount(of identity: AttachmentIdentity) -> Int {
    Int(builtAttachmentOccurrences[identity] ?? 0) + Int(unbuiltAttachmentOccurrences[identity] ?? 0)
  }

  /// Whether an attachment with `identity` occurs in the document (in a built paragraph or not).
  /// - Complexity: O(1).
  func containsAttachment(with identity: AttachmentIdentity) -> Bool {
    builtAttachmentOccurrences[identity] != nil || unbuiltAttachmentOccurrences[identity] != nil
  }

  /// Counts an attachment the source holds at open, once per occurrence, in a paragraph not built.
  func registerAttachmentAtOpen(_ attachment: TextAttachment) {
    registersAttachmentsAtOpen = true
    Self.add(1, to: attachment.identity, in: &unbuiltAttachmentOccurrences)
  }

  /// Counts `paragraph`'s occurrences as built, when it has just been built from the source: moved
  /// from the unbuilt side when they were counted there (registered at open, or released), added
  /// when the manager sees them for the first time.
  func attachmentsWereBuilt(in paragraph: TextParagraph) {
    let attachments = paragraph.attributedString.attachments
    guard !attachments.isEmpty else { return }
    let counted =
      registersAttachmentsAtOpen || releasedParagraphsWithAttachments.remove(paragraph.identifier) != nil
    for attachment in attachments {
      let identity = attachment.identity
      if counted { Self.add(-1, to: identity, in: &unbuiltAttachmentOccurrences) }
      Self.add(1, to: identity, in: &builtAttachmentOccurrences)
    }
  }

  /// Counts `paragraph`'s occurrences as unbuilt, when it has just been released.
  func attachmentsWereReleased(in paragraph: TextParagraph) {
    let attachments = paragraph.attributedString.attachments
    guard !attachments.isEmpty else { return }
    if !registersAttachmentsAtOpen { releasedParagraphsWithAttachments.insert(paragraph.identifier) }
    for attachment in attachments {
      let identity = attachment.identity
      Self.add(-1, to: identity, in: &builtAttachmentOccurrences)
      Self.add(1, to: identity, in: &unbuiltAttachmentOccurrences)
    }
  }

  /// Changes the built occurrences by an edit's: `removed` paragraphs (all built) left the
  /// document and `inserted` attachments (one entry per occurrence, with the identities the store
  /// gave them) came in.
  /// - Complexity: O(attachments removed and inserted).
  func countOccurrences(removing removed: [TextParagraph], inserting inserted: [TextAttachment]) {
    for paragraph in removed {
      for attachment in paragraph.attributedString.attachments {
        Self.add(-1, to: attachment.identity, in: &builtAttachmentOccurrences)
      }
    }
    if inserted.count > 64 {
      builtAttachmentOccurrences.reserveCapacity(builtAttachmentOccurrences.count + inserted.count)
    }
    for attachment in inserted { Self.add(1, to: attachment.identity, in: &builtAttachmentOccurrences) }
  }

  /// Adds `amount` to `identity`'s count in `counts`, dropping the entry at zero (a count never
  /// goes below zero: a source that breaks its identity contract loses an entry, not the manager's
  /// consistency).
  private static func add(_ amount: Int, to identity: AttachmentIdentity, in counts: inout [AttachmentIdentity: Int32])
  {
    let count = Int(counts[identity] ?? 0) + amount
    counts[identity] = count > 0 ? Int32(clamping: count) : nil
  }
}
