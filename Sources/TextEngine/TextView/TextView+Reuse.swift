import Foundation
import Instrumentation

extension TextView {
  /// Registers `policy` for providers of `type` **and its subclasses** (a subclass's own
  /// registration wins over its ancestors'). The policy applies from the next viewport pass.
  /// Registering an empty set removes the registration.
  public func register<Provider: TextAttachmentViewProvider>(
    _ policy: TextAttachmentViewProviderReusePolicy, forTextAttachmentViewProviderType type: Provider.Type
  ) {
    var next = pendingRegistry ?? registry
    next.register(policy, for: type)
    pendingRegistry = next
  }

  /// The policy in force (since the last pass) for providers of `type`.
  public func reusePolicy(forTextAttachmentViewProviderType type: TextAttachmentViewProvider.Type)
    -> TextAttachmentViewProviderReusePolicy
  {
    registry.policy(for: type)
  }

  /// The objects this view really holds, for ``Instrumentation/invariantViolations(actual:)``.
  public var liveObjects: Instrumentation.LiveObjects {
    Instrumentation.LiveObjects(
      providers: records.count, views: records.values.filter { $0.viewState != .none }.count,
      providersPerAttachment: records.mapValues { _ in 1 })
  }

  /// The bookkeeping invariants that do not hold right now (empty when all hold).
  public func reuseInvariantViolations() -> [String] {
    instrumentation.invariantViolations(actual: liveObjects)
  }

  /// The number of views in the scroll cache.
  public var cachedViewCount: Int { reuseCache.count }
  /// The bytes the scroll cache holds.
  public var cachedViewBytes: Int { reuseCache.totalCost }

  /// The provider this view holds for `attachment`, if any.
  public func viewProvider(for attachment: TextAttachment) -> TextAttachmentViewProvider? {
    records[attachment.id]?.provider
  }

  /// The providers of the attachments in the last pass's fragments, top to bottom.
  public var visibleAttachmentViewProviders: [TextAttachmentViewProvider] {
    textViewportLayoutController.configuredFragments.flatMap { $0.fragment.textAttachmentViewProviders }
  }

  /// The bounds a provider that tracks its view's bounds gives `attachment`, for layout.
  func trackedAttachmentBounds(_ attachment: TextAttachment, at location: TextLocation, lineWidth: Double) -> CGRect? {
    guard let provider = records[attachment.id]?.provider, provider.tracksTextAttachmentViewBounds else { return nil }
    let metrics = textLayoutManager.glyphMeasurer.lineMetrics(for: textLayoutManager.defaultAttributes)
    return provider.attachmentBounds(
      for: location.paragraph.attributedString.attributes(at: location.offset), location: location,
      textContainer: textLayoutManager.textContainer,
      proposedLineFragment: CGRect(x: 0, y: 0, width: lineWidth, height: metrics.lineHeight), position: .zero)
  }

  // MARK: Pass hooks

  func applyPendingRegistrations() {
    guard let pending = pendingRegistry else { return }
    registry = pending
    pendingRegistry = nil
    for id in detachedRecordIDs.sorted() {
      if let record = records[id], !policy(of: record).contains(.onEditingInlineParagraphs) { discard(record) }
    }
    for id in reuseCache.keys {
      if let record = records[id], !policy(of: record).contains(.onScrollingOutOfViewport) { discardView(of: record) }
    }
  }

  func configureAttachmentViews(in fragment: TextLayoutFragment) {
    guard !fragment.attachmentPlacements.isEmpty else {
      fragment.textAttachmentViewProviders = []
      return
    }
    let origin = fragment.layoutFragmentFrame.origin
    let paragraphIndex = textContentStorage.index(of: fragment.textParagraph)
    var providers: [TextAttachmentViewProvider] = []
    for placement in fragment.attachmentPlacements {
      let location = TextLocation(paragraph: fragment.textParagraph, offset: placement.offset)
      let record = provider(for: placement.attachment, in: fragment, at: location, paragraphIndex: paragraphIndex)
      record.paragraphIndex = paragraphIndex
      showView(of: record)
      record.provider.view?.frame = placement.frame.offsetBy(dx: origin.x, dy: origin.y)
      seenThisPass.insert(record.id)
      providers.append(record.provider)
    }
    fragment.textAttachmentViewProviders = providers
  }

  func retireViewsOutsideViewport() {
    for id in shownRecordIDs.subtracting(seenThisPass).sorted() {
      guard let record = records[id], record.viewState == .shown else { continue }
      if policy(of: record).contains(.onScrollingOutOfViewport) {
        record.viewState = .cached
        record.provider.view?.surfaceWillEnterReuseCache(
          keepsAdvancing: reuseCacheConfiguration.keepsAnimationsAdvancing)
        reuseCache.insert((), for: id, cost: max(0, record.provider.view?.reuseCacheCost ?? 0))
        log(.surfaceCachedOnScrollOut, record)
      } else {
        discardView(of: record)
      }
    }
    swap(&shownRecordIDs, &seenThisPass)  // every record seen this pass was shown by showView
    while reuseCache.count > max(0, reuseCacheConfiguration.countLimit)
      || reuseCache.totalCost > max(0, reuseCacheConfiguration.byteLimit)
    {
      guard let id = reuseCache.removeLeastRecent()?.key, let record = records[id] else { break }
      log(.surfaceEvicted, record)
      discardView(of: record)
    }
  }

  // MARK: Providers and views

  private func provider(
    for attachment: TextAttachment, in fragment: TextLayoutFragment, at location: TextLocation, paragraphIndex: Int?
  ) -> ProviderRecord {
    if let existing = records[attachment.id] {
      if existing.fragment !== fragment {
        existing.fragment = fragment
        existing.provider.location = location
        detachedRecordIDs.remove(existing.id)
        existing.paragraphIndex = paragraphIndex
        log(.providerReusedOnEdit, existing)
      }
      return existing
    }
    let provider: TextAttachmentViewProvider
    do {
      provider = try attachment.viewProvider(
        for: self, location: location, textContainer: textLayoutManager.textContainer)
    } catch {
      let placeholder = PlaceholderAttachmentViewProvider(
        textAttachment: attachment, parentView: self, textLayoutManager: textLayoutManager, location: location)
      placeholder.failureReason = "view provider factory failed: \(error)"
      instrumentation.record(
        .error, attachmentID: attachment.id, providerType: placeholder.providerTypeName, paragraphIndex: paragraphIndex,
        message: "attachment \(attachment.id) (\(attachment.fileType ?? "untyped")): \(placeholder.failureReason)")
      provider = placeholder
    }
    let record = ProviderRecord(provider: provider, attachment: attachment, fragment: fragment)
    record.paragraphIndex = paragraphIndex
    records[attachment.id] = record
    log(.providerCreated, record)
    return record
  }

  private func showView(of record: ProviderRecord) {
    switch record.viewState {
    case .shown:
      return
    case .cached:
      reuseCache.removeValue(for: record.id)
      record.viewState = .shown
      record.provider.view?.surfaceDidLeaveReuseCache()
      log(.surfaceRestoredOnScrollIn, record)
    case .none:
      do {
        try record.provider.loadView()
      } catch {
        record.provider.view = PlaceholderRenderingSurface(failureReason: "loadView() failed: \(error)")
        instrumentation.record(
          .error, attachmentID: record.id, providerType: record.typeName, paragraphIndex: record.paragraphIndex,
          message: "attachment \(record.id): loadView() failed: \(error)")
      }
      if record.provider.view == nil {
        record.provider.view = PlaceholderRenderingSurface(failureReason: "loadView() set no view")
      }
      record.viewState = .shown
      log(.viewLoaded, record)
    }
  }

  func discardView(of record: ProviderRecord) {
    guard record.viewState != .none else { return }
    if record.viewState == .cached { reuseCache.removeValue(for: record.id) }
    record.provider.view?.surfaceWillBeDiscarded()
    record.provider.view = nil
    record.viewState = .none
    shownRecordIDs.remove(record.id)
    log(.viewDiscarded, record)
  }

  func discard(_ record: ProviderRecord) {
    discardView(of: record)
    records[record.id] = nil
    detachedRecordIDs.remove(record.id)
    log(.providerDiscarded, record)
  }

  func policy(of record: ProviderRecord) -> TextAttachmentViewProviderReusePolicy {
    registry.policy(for: type(of: record.provider))
  }

  private func log(_ kind: InstrumentationEvent.Kind, _ record: ProviderRecord) {
    instrumentation.record(
      kind, attachmentID: record.id, providerType: record.typeName, paragraphIndex: record.paragraphIndex)
  }

  // MARK: Fragment turnover

  /// A fragment was dropped: hand its providers on (edit policy) or discard them.
  func handleDiscardedFragment(_ fragment: TextLayoutFragment) {
    for provider in fragment.textAttachmentViewProviders {
      guard let record = records[provider.attachmentID], record.provider === provider else { continue }
      let present = record.attachment.map { textContentStorage.contains($0) } ?? false
      if present, policy(of: record).contains(.onEditingInlineParagraphs) {
        record.fragment = nil
        detachedRecordIDs.insert(record.id)
      } else {
        discard(record)
      }
    }
    fragment.textAttachmentViewProviders = []
  }
}

extension TextView: TextLayoutFragmentObserver {
  package func textLayoutManager(_ textLayoutManager: TextLayoutManager, didDiscard fragment: TextLayoutFragment) {
    fragmentSurfaces[ObjectIdentifier(fragment)] = nil
    previousFragmentSurfaces[ObjectIdentifier(fragment)] = nil
    if isInEditingTransaction {
      discardedFragments.append(fragment)
    } else {
      handleDiscardedFragment(fragment)
    }
  }

  package func textLayoutManager(
    _ textLayoutManager: TextLayoutManager, didReplaceParagraphsIn range: Range<Int>, insertedCount: Int
  ) {
    isInEditingTransaction = true
  }

  /// Deletions take effect here: providers of attachments no longer in the document are
  /// discarded, with their views, exactly once.
  package func textLayoutManagerDidEndEditingTransaction(_ textLayoutManager: TextLayoutManager) {
    isInEditingTransaction = false
    let fragments = discardedFragments
    discardedFragments = []
    for fragment in fragments { handleDiscardedFragment(fragment) }
    for id in detachedRecordIDs.sorted() {
      guard let record = records[id] else { continue }
      if !(record.attachment.map { textContentStorage.contains($0) } ?? false) { discard(record) }
    }
    let length = textContentStorage.length
    selectedRange = min(selectedRange.lowerBound, length)..<min(selectedRange.upperBound, length)
    selectionAnchor = min(selectionAnchor, length)
    needsLayout = true
    if !isPerformingEdit, laysOutImmediately { layoutIfNeeded() }
  }
}
