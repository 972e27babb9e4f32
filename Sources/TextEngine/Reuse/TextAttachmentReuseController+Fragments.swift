/// The layout manager's and the storage's calls: fragments dropped, released or hidden, and the end
/// of an editing transaction. What happens is decided by ``TextAttachmentReuseController/apply(_:to:)``.
extension TextAttachmentReuseController {
  /// An edit replaced the paragraphs with `identifiers` (told inside the editing transaction).
  func paragraphsReplaced(_ identifiers: [Int64]) {
    paragraphsReplacedInTransaction.formUnion(identifiers)
  }

  /// The layout manager dropped `fragment` (an edit, an invalidation or a width change). Its
  /// providers are released now, or when the storage's open editing transaction ends.
  func fragmentDiscarded(_ fragment: TextLayoutFragment) {
    if storage.isInEditingTransaction {
      fragmentsDroppedInTransaction.append(fragment)
    } else {
      release(fragment, .fragmentDropped)
    }
  }

  /// The storage's outermost editing transaction ended: dropped fragments release their
  /// providers, and providers of deleted attachments are discarded with their views, exactly
  /// once; providers without a fragment whose paragraph the edit replaced follow the edit rule.
  ///
  /// The text view calls it when its storage tells it the transaction ended, before anything else.
  /// - Complexity: O(fragments dropped + providers without a fragment × log n).
  func editTransactionEnded() {
    let fragments = fragmentsDroppedInTransaction
    fragmentsDroppedInTransaction = []
    for fragment in fragments { release(fragment, .fragmentDropped) }
    defer { paragraphsReplacedInTransaction.removeAll() }
    guard !unheldIndex.isEmpty else { return }
    for id in unheldIndex.sorted() {
      guard let record = records[id] else { continue }
      let replaced = paragraphsReplacedInTransaction.contains(record.provider.location.elementIdentifier)
      apply(.editEnded(paragraphReplaced: replaced), to: record)
    }
  }

  /// The layout manager released `fragment` for memory: it is far from the viewport and unchanged.
  ///
  /// A provider whose view sits in the scroll cache is detached and kept, so that the paragraph's
  /// next fragment re-adopts it and restores the view; any other provider is released
  /// (`providersDiscarded` and `providersReleased`), since its view is gone already and a later
  /// pass would only load a new one. Live providers are thus bounded by the retained fragments plus
  /// the scroll cache.
  func fragmentReleased(_ fragment: TextLayoutFragment) {
    release(fragment, .fragmentReleased)
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

  /// Applies `event` to every provider `fragment` still holds, then empties its provider list.
  private func release(_ fragment: TextLayoutFragment, _ event: ReuseEvent) {
    for provider in fragment.textAttachmentViewProviders {
      // A pass inside the transaction may already have handed the provider to a newer fragment.
      guard let record = records[provider.reuseIdentity], record.provider === provider,
        record.state.fragment === fragment
      else { continue }
      apply(event, to: record)
    }
    fragment.textAttachmentViewProviders = []
  }
}
