/// The layout manager's and the storage's calls: fragments dropped, released or hidden, and the end
/// of an editing transaction; and the text view's own provider cache (its implementation of the
/// layout manager delegate's caching hooks). What happens is decided by
/// ``TextAttachmentReuseController/apply(_:to:)``.
extension TextAttachmentReuseController {
  /// An edit replaced `paragraphs` (told inside the editing transaction): the providers of their
  /// attachments that no fragment holds are decided when the transaction ends.
  /// - Complexity: O(attachments in `paragraphs`).
  func paragraphsReplaced(_ paragraphs: [TextParagraph]) {
    guard !records.isEmpty else { return }
    for paragraph in paragraphs {
      for attachment in paragraph.attributedString.attachments {
        attachmentsInReplacedParagraphs[attachment.identity] = attachment
      }
    }
  }

  /// An edit dropped `fragment`: its providers are invalidated when the storage's open editing
  /// transaction ends (or now, outside one).
  func fragmentDiscarded(_ fragment: TextLayoutFragment) {
    if storage.isInEditingTransaction {
      fragmentsDroppedInTransaction.append(fragment)
    } else {
      release(fragment, .invalidate)
    }
  }

  /// The storage's outermost editing transaction ended: the providers of dropped fragments, and of
  /// replaced paragraphs' attachments that no fragment held, are invalidated (offered to the cache
  /// hook) or, when their attachment left the document, discarded with their views exactly once.
  ///
  /// The text view calls it when its storage tells it the transaction ended, before anything else.
  /// - Complexity: O((fragments dropped + attachments of replaced paragraphs + providers waiting
  ///   for a pass) × log n), independent of how many providers persist elsewhere.
  func editTransactionEnded() {
    let fragments = fragmentsDroppedInTransaction
    fragmentsDroppedInTransaction = []
    for fragment in fragments { release(fragment, .invalidate) }
    let replaced = attachmentsInReplacedParagraphs
    attachmentsInReplacedParagraphs = [:]
    guard !replaced.isEmpty || !pendingIndex.isEmpty else { return }
    let identities =
      pendingIndex.isEmpty ? replaced.keys.sorted() : Set(replaced.keys).union(pendingIndex.map(\.identity)).sorted()
    for identity in identities {
      guard let head = records[identity] else { continue }
      if head.nextOccurrence == nil {
        settleAfterEdit(head, replacing: replaced[identity])  // almost always one record: no list made
      } else {
        for record in occurrenceRecords(of: identity) { settleAfterEdit(record, replacing: replaced[identity]) }
      }
      discardSurplusRecords(of: identity)
    }
  }

  /// After an edit, a record no fragment holds: discarded when its attachment left the document,
  /// invalidated when it was in a replaced paragraph (`attachment`, the object now in the document).
  private func settleAfterEdit(_ record: ProviderRecord, replacing attachment: TextAttachment?) {
    guard record.state.fragment == nil else { return }
    if !isPresent(record) {
      apply(.discard(because: "its attachment left the document"), to: record)
    } else if let attachment {
      invalidate(record, attachment: attachment)
    }
  }

  /// The layout manager released `fragment` for memory (it is far from the viewport and unchanged)
  /// or rebuilt its index: its providers persist, detached, with their views cached
  /// (`.onScrollingOutOfViewport`) or already discarded; the paragraph's next fragment re-adopts
  /// them silently. Nothing is counted.
  func fragmentReleased(_ fragment: TextLayoutFragment) {
    release(fragment, .fragmentReleased)
  }

  /// The content manager is releasing `paragraph` for memory (a store-backed manager rebuilds it,
  /// with new attachment objects, when it is next read; the document is unchanged). The providers of
  /// its attachments that no fragment holds let go of the attachment objects: a weak reference to an
  /// object that is about to die would keep the object's side table alive for as long as the
  /// provider persists, which is as long as the attachment stays in the document. The
  /// paragraph's next fragment hands the rebuilt attachment to the same providers
  /// (``ProviderRecord/move(to:attachment:)``). A provider's location holds no paragraph object.
  /// - Complexity: O(attachments in the paragraph × their occurrences).
  func paragraphWillBeReleased(_ paragraph: TextParagraph) {
    for attachment in paragraph.attributedString.attachments {
      var next = records[attachment.identity]
      while let record = next {
        let provider = record.provider
        if record.state.fragment == nil, provider.textAttachment === attachment { provider.rebind(to: nil) }
        next = record.nextOccurrence
      }
    }
  }

  /// The content manager's delegate hid `fragment`'s paragraph (a collapsed section).
  ///
  /// For reuse, hiding a paragraph counts as scrolling it out of the viewport: its providers stay,
  /// without a fragment, so the pass's end caches their views (`.onScrollingOutOfViewport`) or
  /// discards them. When the paragraph shows again, its new fragment re-adopts the same providers
  /// silently and the pass restores (or reloads) their views, exactly as when scrolling back.
  /// Nothing is counted here; the views' transitions are.
  func fragmentHidden(_ fragment: TextLayoutFragment) {
    release(fragment, .fragmentHidden)
  }

  /// Invalidates `record`'s provider: discarded when its attachment left the document; otherwise
  /// offered to the layout manager delegate's cache hook
  /// (`textLayoutManager(_:cacheTextAttachmentViewProvider:for:)`), whose standard implementation
  /// keeps it for the hand-over under `.onEditingInlineParagraphs`.
  /// - Parameters:
  ///   - record: The provider's record.
  ///   - attachment: The attachment object, when the record's (kept weakly) may be gone.
  func invalidate(_ record: ProviderRecord, attachment: TextAttachment? = nil) {
    guard !record.state.isPending else { return }  // offered once per invalidation
    guard isPresent(record), let attachment = record.provider.textAttachment ?? attachment else {
      apply(.discard(because: "its attachment left the document"), to: record)
      return
    }
    apply(.invalidate, to: record)
    layoutManager.cacheTextAttachmentViewProvider(record.provider, for: attachment)
  }

  /// The text view's provider cache: keeps `provider`, just offered, for the hand-over.
  func keepForHandOver(_ provider: TextAttachmentViewProvider) {
    guard let record = firstRecord(of: provider.reuseIdentity, where: { $0.provider === provider }) else { return }
    apply(.keepForHandOver, to: record)
  }

  /// The text view's provider cache: the provider it keeps for `attachment` (the first, when the
  /// attachment sits in several places), if any.
  func providerAwaitingHandOver(for attachment: TextAttachment) -> TextAttachmentViewProvider? {
    firstRecord(of: attachment.identity) { record in
      if case .awaitingHandOver = record.state { return true }
      return false
    }?.provider
  }

  /// Applies `event` to every provider `fragment` still holds, then empties its provider list.
  private func release(_ fragment: TextLayoutFragment, _ event: ReuseEvent) {
    let providers = fragment.textAttachmentViewProviders
    fragment.textAttachmentViewProviders = []
    for provider in providers {
      // A pass inside the transaction may already have handed the provider to a newer fragment.
      guard
        let record = firstRecord(of: provider.reuseIdentity, where: { $0.provider === provider }),
        record.state.fragment === fragment
      else { continue }
      if case .invalidate = event { invalidate(record) } else { apply(event, to: record) }
    }
  }

  /// Removes `record` from this view without tearing down its provider or view, which another
  /// attachment takes over (see `adoptForeign`): counted as discarded here, created there.
  func forget(_ record: ProviderRecord) {
    keepAnimationHistory(of: record)
    let reason = "another attachment took over its provider (the retrieve hook returned it there)"
    if record.state.view != .unloaded { log(.viewDiscarded, record, because: reason) }
    index(record, leaving: record.state, removing: true)
    unlink(record)
    discardedIdentities[record.attachmentID] = record.id
    log(.providerDiscarded, record, because: reason)
  }
}
