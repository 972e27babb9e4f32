import Foundation

/// The viewport pass's calls: what happens is decided by ``TextAttachmentReuseController/apply(_:to:)``.
extension TextAttachmentReuseController {
  /// Starts a pass: puts policies registered since the last pass in force (the policy-change
  /// transitions), and starts a new pass number for the views this pass shows.
  func beginPass() {
    passNumber &+= 1
    guard let pending = pendingRegistry else { return }
    registry = pending
    pendingRegistry = nil
    for key in pendingIndex.sorted() {
      if let record = record(for: key) { apply(.policyChanged, to: record) }
    }
    for key in scrollCache.keys {
      if let record = record(for: key) { apply(.policyChanged, to: record) }
    }
  }

  /// Gives `fragment`'s attachments their providers and shows their views (loading them, or
  /// restoring them from the cache).
  ///
  /// A provider comes, in this order, from: the fragment itself (it holds it already); the
  /// occurrence's persisting provider (its fragment was released or hidden: re-adopted silently);
  /// the layout manager delegate's retrieve hook (`textLayoutManager(_:retrieveCachedTextAttachmentViewProviderFor:)`,
  /// whose standard implementation returns the provider the edit policy kept); and last the
  /// attachment's factory. An attachment in several places gets a provider per occurrence.
  /// - Parameters:
  ///   - fragment: The fragment the pass configures.
  ///   - textView: The view running the pass: the parent view of the providers it makes.
  /// - Complexity: O(attachments in the fragment), plus O(log n) for the paragraph index.
  func showAttachmentViews(in fragment: TextLayoutFragment, of textView: TextView) {
    guard !fragment.attachmentPlacements.isEmpty else {
      fragment.textAttachmentViewProviders = []
      return
    }
    let origin = fragment.layoutFragmentFrame.origin
    let paragraphIndex = storage.index(of: fragment.textParagraph)
    var providers: [TextAttachmentViewProvider] = []
    providers.reserveCapacity(fragment.attachmentPlacements.count)
    for placement in fragment.attachmentPlacements {
      let attachment = placement.attachment
      // The steady state of a scroll: held by this fragment and shown. Nothing changes, so no
      // location or event is made (a location holds a weak reference) and no policy looked up.
      if let existing = records[attachment.identity], existing.nextOccurrence == nil,
        existing.state.isShown(by: fragment), !providers.contains(where: { $0 === existing.provider })
      {
        existing.markShown(inPass: passNumber)
        existing.paragraphIndex = paragraphIndex
        existing.provider.view?.frame = placement.frame.offsetBy(dx: origin.x, dy: origin.y)
        providers.append(existing.provider)
        continue
      }
      let location = TextLocation(paragraph: fragment.textParagraph, offset: placement.offset)
      let record = provider(
        for: attachment, in: fragment, at: location, paragraphIndex: paragraphIndex, taken: providers,
        textView: textView)
      record.paragraphIndex = paragraphIndex
      apply(.show, to: record)
      record.provider.view?.frame = placement.frame.offsetBy(dx: origin.x, dy: origin.y)
      providers.append(record.provider)
    }
    fragment.textAttachmentViewProviders = providers
  }

  /// The record whose provider `fragment` shows this occurrence of `attachment` with, held by
  /// `fragment`; `taken` are the providers earlier occurrences in the fragment already have.
  ///
  /// It walks the attachment's chain of records (almost always one, or none after an edit without
  /// the edit policy) without collecting it, and makes the adopt event only when it adopts.
  private func provider(
    for attachment: TextAttachment, in fragment: TextLayoutFragment, at location: TextLocation, paragraphIndex: Int?,
    taken: [TextAttachmentViewProvider], textView: TextView
  ) -> ProviderRecord {
    let identity = attachment.identity
    func isFree(_ record: ProviderRecord) -> Bool { !taken.contains { $0 === record.provider } }
    func adopt(_ record: ProviderRecord) -> ProviderRecord {
      apply(
        .adopt(by: fragment, location: location, attachment: attachment, paragraphIndex: paragraphIndex), to: record)
      return record
    }
    if let head = records[identity] {
      // Held by this fragment already; or a persisting provider of this occurrence (its fragment was
      // released, or its paragraph hidden): the one placed in this paragraph, or the only candidate.
      let paragraph = fragment.textParagraph.identifier
      var candidates = 0
      var persisting: ProviderRecord?
      var persistingHere: ProviderRecord?
      var droppedHolders = false
      var next: ProviderRecord? = head
      while let record = next {
        next = record.nextOccurrence
        guard isFree(record) else { continue }
        if record.state.fragment === fragment { return record }
        candidates += 1
        if let holder = record.state.fragment {
          droppedHolders = droppedHolders || holder.entryNode?.element.fragment !== holder
        } else if !record.state.isPending {
          if persisting == nil { persisting = record }
          if persistingHere == nil, record.provider.location.elementIdentifier == paragraph { persistingHere = record }
        }
      }
      if let record = persistingHere ?? (candidates == 1 ? persisting : nil) { return adopt(record) }
      // Still held by a fragment an editing transaction still open dropped: the edit rule applies now.
      if droppedHolders {
        for record in occurrenceRecords(of: identity) where isFree(record) {
          if let holder = record.state.fragment, holder.entryNode?.element.fragment !== holder { invalidate(record) }
        }
      }
    }
    let pending = firstRecord(of: identity) { $0.state.isPending && isFree($0) }
    let retrieved = retrieveCachedProvider(for: attachment, attributedTo: pending)
    if let retrieved, pending != nil,
      let record = firstRecord(of: identity, where: { $0.provider === retrieved && $0.state.isPending && isFree($0) })
    {
      return adopt(record)
    }
    // This occurrence gets another provider: one that waited for it goes.
    if let pending {
      let reason =
        retrieved != nil
        ? "the retrieve hook gave its place another provider"
        : policy(of: pending).contains(.onEditingInlineParagraphs)
          ? "an edit replaced its paragraph's fragment and the retrieve hook returned no provider"
          : "an edit replaced its paragraph's fragment and onEditingInlineParagraphs is off"
      apply(.discard(because: reason), to: pending)
    }
    if let retrieved, let adopted = adoptForeign(retrieved, for: attachment, by: fragment, at: location) {
      return adopted
    }
    return makeRecord(for: attachment, in: fragment, at: location, paragraphIndex: paragraphIndex, textView: textView)
  }

  /// Asks the layout manager's delegate for a cached provider (counted as a request, and a hit
  /// when it answers).
  private func retrieveCachedProvider(for attachment: TextAttachment, attributedTo pending: ProviderRecord?)
    -> TextAttachmentViewProvider?
  {
    let attachmentID = pending?.attachmentID ?? attachment.id
    instrumentation.record(.providerCacheRequest, attachmentID: attachmentID)
    let retrieved = layoutManager.retrieveCachedTextAttachmentViewProvider(for: attachment)
    if retrieved != nil { instrumentation.record(.providerCacheHit, attachmentID: attachmentID) }
    return retrieved
  }

  /// A provider the retrieve hook returned that this view does not hold for `attachment` (a custom
  /// delegate made it, or took it from another view): it joins `fragment`, counted as created for
  /// this view (`providersCreated`, and `viewsLoaded` when it comes with a view), so that the
  /// counters still add up. A provider a fragment of this view holds for another attachment is
  /// refused (a warning event), and `nil` returned.
  private func adoptForeign(
    _ provider: TextAttachmentViewProvider, for attachment: TextAttachment, by fragment: TextLayoutFragment,
    at location: TextLocation
  ) -> ProviderRecord? {
    if let other = firstRecord(of: provider.reuseIdentity, where: { $0.provider === provider }) {
      guard other.state.fragment == nil else {
        instrumentation.record(
          .warning, attachmentID: attachment.id, providerType: other.typeName,
          message: "the retrieve hook returned a provider a fragment of this view holds; a new one is made")
        return nil
      }
      forget(other)
    }
    provider.reuseIdentity = attachment.identity
    provider.location = location
    provider.rebind(to: attachment)
    let record = ProviderRecord(
      provider: provider,
      state: .held(by: fragment, view: provider.view == nil ? .unloaded : .shown),
      serial: nextSerial(for: attachment.identity))
    insert(record)
    index(record, leaving: .held(by: fragment, view: .unloaded))
    log(.providerCreated, record)
    if provider.view != nil { log(.viewLoaded, record) }
    return record
  }

  /// Ends a pass: providers offered to the cache hook and not retrieved lose their views; the views
  /// of attachments the pass did not show are cached or discarded; the cache is evicted down to its
  /// configured bounds.
  func endPass() {
    if !pendingIndex.isEmpty {
      for key in pendingIndex.sorted() {
        if let record = record(for: key), case .offered = record.state { apply(.offerExpired, to: record) }
      }
    }
    // Only the views that left are sorted (a few per pass), not every one shown.
    let left = shownIndex.compactMap { key in record(for: key).flatMap { $0.wasShown(inPass: passNumber) ? nil : $0 } }
    for record in left.sorted(by: { $0.key < $1.key }) {
      apply(.leaveViewport, to: record)
    }
    while scrollCache.count > max(0, cacheConfiguration.countLimit)
      || scrollCache.totalCost > max(0, cacheConfiguration.byteLimit)
    {
      guard let key = scrollCache.keys.first, let record = record(for: key) else { break }
      apply(.evict, to: record)
    }
  }

  /// A new provider for `attachment` in `fragment`, from the attachment's factory (a placeholder
  /// if it throws), held by `fragment` with no view yet; `textView` is its parent view.
  private func makeRecord(
    for attachment: TextAttachment, in fragment: TextLayoutFragment, at location: TextLocation, paragraphIndex: Int?,
    textView: TextView
  ) -> ProviderRecord {
    let provider: TextAttachmentViewProvider
    do {
      provider = try attachment.viewProvider(
        for: textView, location: location, textContainer: layoutManager.textContainer)
    } catch {
      let placeholder = PlaceholderAttachmentViewProvider(
        textAttachment: attachment, parentView: textView, textLayoutManager: layoutManager,
        location: location)
      placeholder.failureReason = "view provider factory failed: \(error)"
      instrumentation.record(
        .error, attachmentID: attachment.id, providerType: placeholder.providerTypeName, paragraphIndex: paragraphIndex,
        message: "attachment \(attachment.id) (\(attachment.fileType ?? "untyped")): \(placeholder.failureReason)")
      provider = placeholder
    }
    let record = ProviderRecord(
      provider: provider, state: .held(by: fragment, view: .unloaded),
      serial: nextSerial(for: attachment.identity))
    record.paragraphIndex = paragraphIndex
    insert(record)
    log(.providerCreated, record)
    return record
  }
}
