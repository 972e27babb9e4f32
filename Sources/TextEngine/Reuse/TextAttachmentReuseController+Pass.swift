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
    for id in unheldIndex.sorted() {
      if let record = records[id], case .awaitingHandOver = record.state { apply(.policyChanged, to: record) }
    }
    for id in scrollCache.keys {
      if let record = records[id] { apply(.policyChanged, to: record) }
    }
  }

  /// Gives `fragment`'s attachments their providers (creating them, or completing a hand-over)
  /// and shows their views (loading them, or restoring them from the cache).
  /// - Complexity: O(attachments in the fragment), plus O(log n) for the paragraph index.
  func showAttachmentViews(in fragment: TextLayoutFragment) {
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
      if let existing = records[attachment.identity], existing.state.isShown(by: fragment) {
        existing.lastShownPass = passNumber
        existing.paragraphIndex = paragraphIndex
        existing.provider.view?.frame = placement.frame.offsetBy(dx: origin.x, dy: origin.y)
        providers.append(existing.provider)
        continue
      }
      let location = TextLocation(paragraph: fragment.textParagraph, offset: placement.offset)
      var adopted: ProviderRecord?
      if let existing = records[attachment.identity],
        apply(
          .adopt(by: fragment, location: location, attachment: attachment, paragraphIndex: paragraphIndex), to: existing
        )
      {
        adopted = existing
      }
      let record = adopted ?? makeRecord(for: attachment, in: fragment, at: location, paragraphIndex: paragraphIndex)
      record.paragraphIndex = paragraphIndex
      apply(.show, to: record)
      record.provider.view?.frame = placement.frame.offsetBy(dx: origin.x, dy: origin.y)
      providers.append(record.provider)
    }
    fragment.textAttachmentViewProviders = providers
  }

  /// Ends a pass: the views of attachments the pass did not show are cached or discarded, and
  /// the cache is evicted down to its bounds.
  func endPass() {
    // Only the views that left are sorted (a few per pass), not every one shown.
    let left = shownIndex.filter { records[$0].map { $0.lastShownPass != passNumber } ?? false }
    for id in left.sorted() {
      guard let record = records[id] else { continue }
      apply(.leaveViewport, to: record)
    }
    while scrollCache.count > max(0, cacheConfiguration.countLimit)
      || scrollCache.totalCost > max(0, cacheConfiguration.byteLimit)
    {
      guard let id = scrollCache.keys.first, let record = records[id] else { break }
      apply(.evict, to: record)
    }
  }

  /// A new provider for `attachment` in `fragment`, from the attachment's factory (a placeholder
  /// if it throws), held by `fragment` with no view yet.
  private func makeRecord(
    for attachment: TextAttachment, in fragment: TextLayoutFragment, at location: TextLocation, paragraphIndex: Int?
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
    let record = ProviderRecord(provider: provider, attachment: attachment, fragment: fragment)
    record.paragraphIndex = paragraphIndex
    records[record.id] = record
    attachmentIdentities[record.attachmentID] = record.id
    log(.providerCreated, record)
    return record
  }
}
