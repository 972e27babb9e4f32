import Foundation
import Instrumentation
import ReuseKitSupport

/// The one owner of a text view's attachment reuse state: providers, their views, the scroll
/// cache, the registered policies and the fragments' rendering surfaces.
///
/// Each attachment's view is ``ViewState/shown``, ``ViewState/cached`` or ``ViewState/discarded``;
/// a provider is held by a fragment or waits to be handed over to its paragraph's next fragment.
/// Every transition between these states is a method of this type (see <doc:ReusePolicies>).
///
/// It is called at well-named points and nowhere else:
/// - a viewport pass: ``beginPass()``, then ``surface(for:)`` and ``showAttachmentViews(in:)``
///   per fragment, then ``endPass()``;
/// - an edit: the layout manager reports ``fragmentDiscarded(_:)`` and ``editTransactionEnded()``;
/// - a paragraph hidden by the content manager's delegate: ``fragmentHidden(_:)`` (like scrolling out);
/// - the text view's API: ``register(_:for:)`` and ``cacheConfiguration``.
///
/// Decisions about a fragment dropped inside the storage's editing transaction wait for the
/// transaction's end, when deleted attachments can be told from moved ones.
package final class TextAttachmentReuseController {
  /// Where an attachment's view is.
  package enum ViewState: Sendable {
    /// No view: not loaded yet, or discarded (a later pass loads a new one).
    case discarded
    /// In a fragment of the last pass.
    case shown
    /// Out of the viewport, kept in the scroll cache (`.onScrollingOutOfViewport`).
    case cached
  }

  /// The scroll cache's bounds and behaviour. Shrinking the limits evicts at the next pass's end.
  package var cacheConfiguration = ReuseCacheConfiguration()

  /// The view that owns this controller, set once right after the view's initialiser made it.
  /// Only rare paths use it (new surfaces and providers, the end of a transaction); the hot
  /// ones read the stored storage, layout manager and instrumentation.
  unowned var textView: TextView!
  private let storage: TextContentManager
  private let layoutManager: TextLayoutManager
  private let instrumentation: Instrumentation
  /// The policies in force (since the last pass).
  private var registry = ReuseRegistry()
  /// The policies registered since the last pass; ``beginPass()`` puts them in force.
  private var pendingRegistry: ReuseRegistry?
  /// The live providers, by attachment identity (the stored identifier when there is one, so that
  /// an attachment rebuilt from its store finds its provider).
  private var records: [AttachmentIdentity: ProviderRecord] = [:]
  /// The identity of every attachment a provider was made for, by the attachment identifier that
  /// instrumentation counts it under: how a report says where an attachment of a store sits. One
  /// entry per attachment shown, as ``Instrumentation/perAttachment`` has.
  package private(set) var identitiesByAttachmentID: [Int: AttachmentIdentity] = [:]
  /// The attachments whose views the last pass showed.
  private var shownIDs: Set<AttachmentIdentity> = []
  /// The attachments whose views this pass showed so far.
  private var seenThisPass: Set<AttachmentIdentity> = []
  /// Identifiers of the paragraphs edits replaced in the open editing transaction.
  private var paragraphsReplacedInTransaction: Set<Int64> = []
  /// Providers whose fragment went away while their attachment stayed: the paragraph's next
  /// fragment takes them over (`.onEditingInlineParagraphs`).
  private var awaitingHandOver: Set<AttachmentIdentity> = []
  /// Providers whose fragment was released for memory while their view sat in the scroll cache:
  /// the paragraph's next fragment re-adopts them silently (see ``fragmentReleased(_:)``).
  private var detachedIDs: Set<AttachmentIdentity> = []
  /// Providers of paragraphs the content manager's delegate hides (collapsed sections): kept,
  /// without a fragment, until the paragraph shows again (see ``fragmentHidden(_:)``).
  private var hiddenIDs: Set<AttachmentIdentity> = []
  /// Fragments dropped inside the open editing transaction, released when it ends.
  private var fragmentsDroppedInTransaction: [TextLayoutFragment] = []
  /// Cached attachment ids, least recently cached first; evicted by hand to discard and count views.
  private var scrollCache = LRUCache<AttachmentIdentity, Void>(costLimit: .max)
  /// This pass's fragment surfaces, by fragment identity; the last pass's wait in
  /// `previousSurfaces` to be picked up again (the two swap each pass).
  private var surfaces: [ObjectIdentifier: any TextViewportRenderingSurface] = [:]
  private var previousSurfaces: [ObjectIdentifier: any TextViewportRenderingSurface] = [:]
  private var providerTypeNames: [ObjectIdentifier: String] = [:]

  /// Creates the controller of a text view; the view sets ``textView`` to itself next.
  /// - Parameters:
  ///   - storage: The view's storage.
  ///   - layoutManager: The view's layout manager.
  ///   - instrumentation: The view's counters.
  init(storage: TextContentManager, layoutManager: TextLayoutManager, instrumentation: Instrumentation) {
    self.storage = storage
    self.layoutManager = layoutManager
    self.instrumentation = instrumentation
  }

  // MARK: Registration

  /// Registers `policy` for providers of `type` and its subclasses, from the next pass on.
  package func register<Provider: TextAttachmentViewProvider>(
    _ policy: TextAttachmentViewProviderReusePolicy, for type: Provider.Type
  ) {
    var next = pendingRegistry ?? registry
    next.register(policy, for: type)
    pendingRegistry = next
  }

  /// The policy in force for providers of `type`.
  package func policy(for type: TextAttachmentViewProvider.Type) -> TextAttachmentViewProviderReusePolicy {
    registry.policy(for: type)
  }

  // MARK: Queries

  /// The providers and views this controller really holds.
  package var liveObjects: Instrumentation.LiveObjects {
    Instrumentation.LiveObjects(
      providers: records.count, views: records.values.filter { $0.viewState != .discarded }.count,
      providersPerAttachment: providersPerAttachment)
  }

  private var providersPerAttachment: [Int: Int] {
    var result: [Int: Int] = [:]
    for record in records.values { result[record.attachmentID, default: 0] += 1 }
    return result
  }

  /// The number of views in the scroll cache.
  package var cachedViewCount: Int { scrollCache.count }
  /// The bytes the scroll cache holds.
  package var cachedViewBytes: Int { scrollCache.totalCost }

  /// The provider held for `attachment`, if any.
  package func provider(for attachment: TextAttachment) -> TextAttachmentViewProvider? {
    records[attachment.identity]?.provider
  }

  /// Where `attachment`'s view is, or `nil` when no provider is held for it.
  package func viewState(for attachment: TextAttachment) -> ViewState? {
    records[attachment.identity]?.viewState
  }

  /// Whether `attachment`'s provider waits to be handed to its paragraph's next fragment.
  package func isAwaitingHandOver(_ attachment: TextAttachment) -> Bool {
    awaitingHandOver.contains(attachment.identity)
  }

  /// `String(describing: type)`, cached: instrumentation names a provider type on every event.
  package func providerTypeName(for type: TextAttachmentViewProvider.Type) -> String {
    if let name = providerTypeNames[ObjectIdentifier(type)] { return name }
    let name = String(describing: type)
    providerTypeNames[ObjectIdentifier(type)] = name
    return name
  }

  /// The bounds a provider that tracks its view's bounds gives `attachment`, for layout.
  /// - Parameters:
  ///   - attachment: The attachment being laid out.
  ///   - paragraph: The paragraph it is in.
  ///   - offset: Its offset in the paragraph.
  ///   - lineWidth: The width of the line it is laid out in.
  func trackedAttachmentBounds(
    _ attachment: TextAttachment, in paragraph: TextParagraph, at offset: Int, lineWidth: Double
  ) -> CGRect? {
    guard let provider = records[attachment.identity]?.provider, provider.tracksTextAttachmentViewBounds else {
      return nil
    }
    let metrics = layoutManager.glyphMeasurer.lineMetrics(for: layoutManager.defaultAttributes)
    return provider.attachmentBounds(
      for: paragraph.attributedString.attributes(at: offset),
      location: TextLocation(paragraph: paragraph, offset: offset),
      textContainer: layoutManager.textContainer,
      proposedLineFragment: CGRect(x: 0, y: 0, width: lineWidth, height: metrics.lineHeight), position: .zero)
  }
}

// MARK: - Pass

extension TextAttachmentReuseController {
  /// Starts a pass: puts policies registered since the last pass in force (the policy-change
  /// transitions), and starts tracking the views and surfaces this pass shows.
  package func beginPass() {
    applyPendingRegistrations()
    seenThisPass.removeAll(keepingCapacity: true)
    swap(&surfaces, &previousSurfaces)
    surfaces.removeAll(keepingCapacity: true)
  }

  /// The rendering surface of `fragment`: the one it had in the last pass (`surfacesReused`), or a
  /// new one from ``TextView/makeRenderingSurface(for:)`` (`surfacesCreated`).
  package func surface(for fragment: TextLayoutFragment) -> any TextViewportRenderingSurface {
    let key = ObjectIdentifier(fragment)
    if let kept = surfaces[key] { return kept }  // asked twice in one pass
    let surface: any TextViewportRenderingSurface
    if let kept = previousSurfaces.removeValue(forKey: key) {
      surface = kept
      instrumentation.record(.surfaceReused)
    } else {
      surface = textView.makeRenderingSurface(for: fragment)
      instrumentation.record(.surfaceCreated)
    }
    surfaces[key] = surface
    return surface
  }

  /// Gives `fragment`'s attachments their providers (creating them, or completing a hand-over)
  /// and shows their views (loading them, or restoring them from the cache).
  /// - Complexity: O(attachments in the fragment), plus O(log n) for the paragraph index.
  package func showAttachmentViews(in fragment: TextLayoutFragment) {
    guard !fragment.attachmentPlacements.isEmpty else {
      fragment.textAttachmentViewProviders = []
      return
    }
    let origin = fragment.layoutFragmentFrame.origin
    let paragraphIndex = storage.index(of: fragment.textParagraph)
    var providers: [TextAttachmentViewProvider] = []
    for placement in fragment.attachmentPlacements {
      let location = TextLocation(paragraph: fragment.textParagraph, offset: placement.offset)
      let record = provider(for: placement.attachment, in: fragment, at: location, paragraphIndex: paragraphIndex)
      record.paragraphIndex = paragraphIndex
      show(record)
      record.provider.view?.frame = placement.frame.offsetBy(dx: origin.x, dy: origin.y)
      seenThisPass.insert(record.id)
      providers.append(record.provider)
    }
    fragment.textAttachmentViewProviders = providers
  }

  /// Ends a pass: the views of attachments the pass did not show are cached or discarded, and
  /// the cache is evicted down to its bounds.
  package func endPass() {
    previousSurfaces.removeAll(keepingCapacity: true)  // fragments that left the viewport
    for id in shownIDs.subtracting(seenThisPass).sorted() {
      guard let record = records[id], record.viewState == .shown else { continue }
      if policy(of: record).contains(.onScrollingOutOfViewport) {
        cacheView(of: record)
      } else {
        discardView(of: record)
      }
    }
    swap(&shownIDs, &seenThisPass)  // every record seen this pass was shown by show(_:)
    evictOverflow()
  }
}

// MARK: - Edit

extension TextAttachmentReuseController {
  /// The layout manager dropped `fragment` (an edit, an invalidation or a width change). Its surface goes; its providers are released now, or when the storage's open
  /// editing transaction ends.
  /// An edit replaced the paragraphs with `identifiers` (told inside the editing transaction).
  package func paragraphsReplaced(_ identifiers: [Int64]) {
    paragraphsReplacedInTransaction.formUnion(identifiers)
  }

  package func fragmentDiscarded(_ fragment: TextLayoutFragment) {
    surfaces[ObjectIdentifier(fragment)] = nil
    previousSurfaces[ObjectIdentifier(fragment)] = nil
    if storage.isInEditingTransaction {
      fragmentsDroppedInTransaction.append(fragment)
    } else {
      releaseProviders(of: fragment)
    }
  }

  /// The storage's outermost editing transaction ended: dropped fragments release their
  /// providers, and providers of deleted attachments are discarded with their views, exactly
  /// once. Then the text view clamps its selection and runs its pass.
  package func editTransactionEnded() {
    let fragments = fragmentsDroppedInTransaction
    fragmentsDroppedInTransaction = []
    for fragment in fragments { releaseProviders(of: fragment) }
    defer { paragraphsReplacedInTransaction.removeAll() }
    for id in awaitingHandOver.sorted() {
      guard let record = records[id] else { continue }
      if !isPresent(record) { discard(record) }
    }
    settleDetachedAfterEdit()
    settleHiddenAfterEdit()
    textView.editTransactionDidEnd()
  }
}

// MARK: - Release (memory)

extension TextAttachmentReuseController {
  /// The layout manager released `fragment` for memory: it is far from the viewport and unchanged.
  ///
  /// Its surface goes. A provider whose view sits in the scroll cache is detached and kept, so that
  /// the paragraph's next fragment re-adopts it and restores the view; any other provider is
  /// released (`providersDiscarded` and `providersReleased`), since its view is gone already and
  /// a later pass would only load a new one. Live providers are thus bounded by the retained
  /// fragments plus the scroll cache.
  package func fragmentReleased(_ fragment: TextLayoutFragment) {
    surfaces[ObjectIdentifier(fragment)] = nil
    previousSurfaces[ObjectIdentifier(fragment)] = nil
    for provider in fragment.textAttachmentViewProviders {
      guard let record = records[provider.reuseIdentity], record.provider === provider, record.fragment === fragment
      else { continue }
      if record.viewState == .cached {
        record.fragment = nil
        detachedIDs.insert(record.id)
      } else {
        release(record)
      }
    }
    fragment.textAttachmentViewProviders = []
  }

  /// Pass: a new fragment of a released paragraph takes back its detached provider. This is not
  /// an edit, so nothing is counted; the pass then restores the cached view.
  private func readopt(
    _ record: ProviderRecord, by fragment: TextLayoutFragment, at location: TextLocation, attachment: TextAttachment
  ) {
    record.fragment = fragment
    record.provider.location = location
    record.rebind(to: attachment)
  }

  /// End of an edit: a detached provider whose paragraph the edit replaced follows the edit rule
  /// (handed over with `.onEditingInlineParagraphs`, discarded without it); one whose attachment
  /// left the document is discarded.
  /// - Complexity: O(detached providers × log n); they are at most the scroll cache's count.
  private func settleDetachedAfterEdit() {
    guard !detachedIDs.isEmpty else { return }
    for id in detachedIDs.sorted() {
      guard let record = records[id] else { continue }
      if !isPresent(record) {
        discard(record)
      } else if paragraphsReplacedInTransaction.contains(record.provider.location.elementIdentifier) {
        detachedIDs.remove(id)
        if policy(of: record).contains(.onEditingInlineParagraphs) {
          awaitingHandOver.insert(id)
        } else {
          discard(record)
        }
      }
    }
  }

  /// A provider goes for memory: discarded as usual, and counted as released.
  private func release(_ record: ProviderRecord) {
    discard(record)
    log(.providerReleased, record)
  }
}

// MARK: - Hide (collapsed sections)

extension TextAttachmentReuseController {
  /// The content manager's delegate hid `fragment`'s paragraph (a collapsed section).
  ///
  /// For reuse, hiding a paragraph counts as scrolling it out of the viewport: its surface goes, and
  /// its providers stay, detached from any fragment, so the pass's end caches their views
  /// (`.onScrollingOutOfViewport`) or discards them. When the paragraph shows again, its new
  /// fragment re-adopts the same providers silently and the pass restores (or reloads) their views,
  /// exactly as when scrolling back. Nothing is counted here; the views' transitions are.
  package func fragmentHidden(_ fragment: TextLayoutFragment) {
    surfaces[ObjectIdentifier(fragment)] = nil
    previousSurfaces[ObjectIdentifier(fragment)] = nil
    for provider in fragment.textAttachmentViewProviders {
      guard let record = records[provider.reuseIdentity], record.provider === provider, record.fragment === fragment
      else { continue }
      record.fragment = nil
      detachedIDs.remove(record.id)
      hiddenIDs.insert(record.id)
    }
    fragment.textAttachmentViewProviders = []
  }

  /// Whether `attachment`'s provider is kept for a hidden paragraph.
  package func isHidden(_ attachment: TextAttachment) -> Bool { hiddenIDs.contains(attachment.identity) }

  /// End of an edit: a hidden paragraph's provider whose attachment left the document is discarded;
  /// one whose paragraph the edit replaced follows the edit rule (handed over with
  /// `.onEditingInlineParagraphs`, discarded without it).
  /// - Complexity: O(hidden providers × log n).
  private func settleHiddenAfterEdit() {
    guard !hiddenIDs.isEmpty else { return }
    for id in hiddenIDs.sorted() {
      guard let record = records[id] else { continue }
      if !isPresent(record) {
        discard(record)
      } else if paragraphsReplacedInTransaction.contains(record.provider.location.elementIdentifier) {
        hiddenIDs.remove(id)
        if policy(of: record).contains(.onEditingInlineParagraphs) {
          awaitingHandOver.insert(id)
        } else {
          discard(record)
        }
      }
    }
  }
}

// MARK: - Transitions

extension TextAttachmentReuseController {
  /// Policy change: policies registered since the last pass come into force. Providers waiting
  /// for a hand-over that lost `.onEditingInlineParagraphs` are discarded; cached views that lost
  /// `.onScrollingOutOfViewport` are discarded (not counted as evictions).
  private func applyPendingRegistrations() {
    guard let pending = pendingRegistry else { return }
    registry = pending
    pendingRegistry = nil
    for id in awaitingHandOver.sorted() {
      if let record = records[id], !policy(of: record).contains(.onEditingInlineParagraphs) { discard(record) }
    }
    for id in scrollCache.keys {
      guard let record = records[id], !policy(of: record).contains(.onScrollingOutOfViewport) else { continue }
      discardView(of: record)
      if detachedIDs.contains(id) { release(record) }
    }
  }

  /// Edit, first half of the hand-over: `fragment` is gone. Each of its providers whose
  /// attachment is still in the document and whose policy has `.onEditingInlineParagraphs`
  /// waits for the paragraph's next fragment (``handOver(_:to:at:paragraphIndex:)``); the others
  /// are discarded with their views.
  private func releaseProviders(of fragment: TextLayoutFragment) {
    for provider in fragment.textAttachmentViewProviders {
      // A pass inside the transaction may already have handed the provider to a newer fragment.
      guard let record = records[provider.reuseIdentity], record.provider === provider, record.fragment === fragment
      else { continue }
      if isPresent(record), policy(of: record).contains(.onEditingInlineParagraphs) {
        record.fragment = nil
        awaitingHandOver.insert(record.id)
      } else {
        discard(record)
      }
    }
    fragment.textAttachmentViewProviders = []
  }

  /// Pass, second half of the hand-over: a new fragment takes over `record`'s provider (and
  /// its view, shown or cached) at `location`.
  private func handOver(
    _ record: ProviderRecord, to fragment: TextLayoutFragment, at location: TextLocation, paragraphIndex: Int?,
    attachment: TextAttachment
  ) {
    record.fragment = fragment
    record.provider.location = location
    record.rebind(to: attachment)
    awaitingHandOver.remove(record.id)
    record.paragraphIndex = paragraphIndex
    log(.providerReusedOnEdit, record)
  }

  /// The record for `attachment` in `fragment`: the one held (handed over if it belonged to
  /// another fragment), or a new provider from the attachment's factory (a placeholder if it throws).
  ///
  /// A provider still held by another fragment (a pass inside an open editing transaction, before
  /// the dropped fragment is released) follows the edit rule now: handed over with
  /// `.onEditingInlineParagraphs`, discarded and replaced without it.
  private func provider(
    for attachment: TextAttachment, in fragment: TextLayoutFragment, at location: TextLocation, paragraphIndex: Int?
  ) -> ProviderRecord {
    if let existing = records[attachment.identity] {
      if existing.fragment === fragment { return existing }
      if detachedIDs.remove(existing.id) != nil || hiddenIDs.remove(existing.id) != nil {
        readopt(existing, by: fragment, at: location, attachment: attachment)
        return existing
      }
      if existing.fragment == nil || policy(of: existing).contains(.onEditingInlineParagraphs) {
        handOver(existing, to: fragment, at: location, paragraphIndex: paragraphIndex, attachment: attachment)
        return existing
      }
      discard(existing)
    }
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
    identitiesByAttachmentID[record.attachmentID] = record.id
    log(.providerCreated, record)
    return record
  }

  /// Pass: discarded → shown (`loadView()`, a placeholder if it fails) or cached → shown (restored).
  private func show(_ record: ProviderRecord) {
    switch record.viewState {
    case .shown:
      return
    case .cached:
      scrollCache.removeValue(for: record.id)
      record.viewState = .shown
      record.provider.view?.surfaceDidLeaveReuseCache()
      log(.surfaceRestoredOnScrollIn, record)
    case .discarded:
      do {
        try record.provider.loadView()
      } catch {
        record.provider.view = PlaceholderRenderingSurface(failureReason: "loadView() failed: \(error)")
        instrumentation.record(
          .error, attachmentID: record.attachmentID, providerType: record.typeName,
          paragraphIndex: record.paragraphIndex,
          message: "attachment \(record.attachmentID): loadView() failed: \(error)")
      }
      if record.provider.view == nil {
        record.provider.view = PlaceholderRenderingSurface(failureReason: "loadView() set no view")
      }
      record.viewState = .shown
      log(.viewLoaded, record)
    }
  }

  /// Pass: shown → cached, for a view that left the viewport under `.onScrollingOutOfViewport`.
  private func cacheView(of record: ProviderRecord) {
    record.viewState = .cached
    record.provider.view?.surfaceWillEnterReuseCache(keepsAdvancing: cacheConfiguration.keepsAnimationsAdvancing)
    scrollCache.insert((), for: record.id, cost: max(0, record.provider.view?.reuseCacheCost ?? 0))
    log(.surfaceCachedOnScrollOut, record)
  }

  /// Evict: cached → discarded, least recently cached first, until the cache is within
  /// ``cacheConfiguration``'s bounds.
  private func evictOverflow() {
    while scrollCache.count > max(0, cacheConfiguration.countLimit)
      || scrollCache.totalCost > max(0, cacheConfiguration.byteLimit)
    {
      guard let id = scrollCache.removeLeastRecent()?.key, let record = records[id] else { break }
      log(.surfaceEvicted, record)
      discardView(of: record)
      if detachedIDs.contains(id) { release(record) }
    }
  }

  /// Shown or cached → discarded: the view goes; the provider stays.
  private func discardView(of record: ProviderRecord) {
    guard record.viewState != .discarded else { return }
    if record.viewState == .cached { scrollCache.removeValue(for: record.id) }
    record.provider.view?.surfaceWillBeDiscarded()
    record.provider.view = nil
    record.viewState = .discarded
    shownIDs.remove(record.id)
    log(.viewDiscarded, record)
  }

  /// The provider goes, with its view.
  private func discard(_ record: ProviderRecord) {
    discardView(of: record)
    records[record.id] = nil
    awaitingHandOver.remove(record.id)
    detachedIDs.remove(record.id)
    hiddenIDs.remove(record.id)
    log(.providerDiscarded, record)
  }

  /// Whether `record`'s attachment is still in the document (by identity: a released
  /// paragraph's attachments stay in the document while their objects are gone).
  private func isPresent(_ record: ProviderRecord) -> Bool {
    storage.containsAttachment(with: record.id)
  }

  private func policy(of record: ProviderRecord) -> TextAttachmentViewProviderReusePolicy {
    registry.policy(for: type(of: record.provider))
  }

  private func log(_ kind: InstrumentationEvent.Kind, _ record: ProviderRecord) {
    instrumentation.record(
      kind, attachmentID: record.attachmentID, providerType: record.typeName, paragraphIndex: record.paragraphIndex)
  }
}
