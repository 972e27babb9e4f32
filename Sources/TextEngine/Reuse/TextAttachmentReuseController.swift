import Foundation
import Instrumentation
import ReuseKitSupport

/// The one owner of a text view's attachment reuse state: providers, their views, the scroll
/// cache and the registered policies.
///
/// It is one state machine: each provider's record holds one ``ProviderState`` (held by a fragment,
/// awaiting hand-over, offered, detached or hidden, each with its view unloaded, shown or cached),
/// and every transition between states is one case of ``apply(_:to:)``
/// (`TextAttachmentReuseController+Transitions.swift`; <doc:ReusePolicies> draws it).
///
/// It is called at well-named points and nowhere else:
/// - a viewport pass: ``beginPass()``, then ``showAttachmentViews(in:)`` per fragment, then ``endPass()``;
/// - the layout manager: ``fragmentDiscarded(_:)`` (an edit), ``fragmentReleased(_:)`` (memory, or
///   an index rebuild), ``fragmentHidden(_:)`` (a collapsed section) and ``paragraphsReplaced(_:)``;
///   a relayout without a content change keeps its fragment, so it is not called at all;
/// - the text view, when its storage's outermost editing transaction ended: ``editTransactionEnded()``;
/// - the text view's implementation of the layout manager delegate's provider caching hooks:
///   ``keepForHandOver(_:)`` and ``providerAwaitingHandOver(for:)``;
/// - the text view's API: ``register(_:for:)`` and ``cacheConfiguration``.
///
/// Decisions about a fragment dropped inside the storage's editing transaction wait for the
/// transaction's end, when deleted attachments can be told from moved ones.
package final class TextAttachmentReuseController {
  /// Where an attachment's view is.
  package enum ViewState: Sendable {
    /// No view: not loaded yet, or discarded (the next pass that shows it loads a new one).
    case unloaded
    /// Shown by a fragment of the last pass.
    case shown
    /// Out of the viewport, kept in the scroll cache (`.onScrollingOutOfViewport`).
    case cached
  }

  /// The scroll cache's bounds and behaviour. Shrinking the limits evicts at the next pass's end.
  var cacheConfiguration = ReuseCacheConfiguration()

  let storage: TextContentManager
  let layoutManager: TextLayoutManager
  let instrumentation: Instrumentation
  /// The policies in force (since the last pass).
  var registry = ReuseRegistry()
  /// The policies registered since the last pass; ``beginPass()`` puts them in force.
  var pendingRegistry: ReuseRegistry?
  /// The live providers, by attachment identity (the stored identifier when there is one, so that
  /// an attachment rebuilt from its store finds its provider): the first occurrence's record, which
  /// chains the others' (`TextAttachmentReuseController+Occurrences.swift`).
  var records: [AttachmentIdentity: ProviderRecord] = [:]
  /// The last serial given to a further occurrence's record.
  var serialCounter = 0
  /// The identity of every attachment whose provider was discarded, by the attachment identifier
  /// instrumentation counts it under; the live records give the others'
  /// (``identitiesByAttachmentID``). Grows with discards, not with the providers that persist.
  var discardedIdentities: [Int: AttachmentIdentity] = [:]
  /// Per attachment identity, how many of its places had shown an animation and lost their
  /// provider since (discarded: an edit without the edit policy, a policy removed, a deletion): the
  /// next providers of the attachment take their history over, one each, so that their first view
  /// is a reset (`TextAttachmentReuseController+AnimationHistory.swift`). Empty unless an animated
  /// provider was discarded; a deleted attachment's entry stays, so that undo restores its history.
  var animatedPlacesWithoutProvider: [AttachmentIdentity: Int] = [:]
  /// The passes begun so far; a record shown in the current pass carries its number.
  var passNumber = 0
  /// The attachments of the paragraphs edits replaced in the open editing transaction.
  var attachmentsInReplacedParagraphs: [AttachmentIdentity: TextAttachment] = [:]
  /// Fragments dropped inside the open editing transaction, released when it ends.
  var fragmentsDroppedInTransaction: [TextLayoutFragment] = []

  // Indices derived from the records' states, kept by `setState(_:of:)` alone.

  /// The records whose view is shown.
  var shownIndex: Set<ProviderKey> = []
  /// The records whose view is cached, least recently cached first: the scroll cache.
  var scrollCache = LRUCache<ProviderKey, Void>(costLimit: .max)
  /// The records an edit invalidated, waiting for a pass to retrieve them (awaiting hand-over or
  /// offered): few, whatever the number of providers that persist.
  var pendingIndex: Set<ProviderKey> = []

  private var providerTypeNames: [ObjectIdentifier: String] = [:]

  /// Creates the controller of a text view. It holds no reference to the view: the view passes
  /// itself to the pass calls that make providers (``showAttachmentViews(in:of:)``).
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
  func register<Provider: TextAttachmentViewProvider>(
    _ policy: TextAttachmentViewProviderReusePolicy, for type: Provider.Type
  ) {
    var next = pendingRegistry ?? registry
    next.register(policy, for: type)
    pendingRegistry = next
  }

  /// The policy in force for providers of `type`.
  func policy(for type: TextAttachmentViewProvider.Type) -> TextAttachmentViewProviderReusePolicy {
    registry.policy(for: type)
  }

  func policy(of record: ProviderRecord) -> TextAttachmentViewProviderReusePolicy {
    registry.policy(for: type(of: record.provider))
  }

  // MARK: Queries

  /// The providers and views this controller really holds.
  var liveObjects: Instrumentation.LiveObjects {
    var providersPerAttachment: [Int: Int] = [:]
    var occurrences: [Int: Int] = [:]
    var providers = 0
    var views = 0
    forEachRecord { record in
      providers += 1
      if record.state.view != .unloaded { views += 1 }
      providersPerAttachment[record.attachmentID, default: 0] += 1
      if record.nextOccurrence != nil || record !== records[record.id] {
        occurrences[record.attachmentID] = storage.occurrenceCount(of: record.id)
      }
    }
    return Instrumentation.LiveObjects(
      providers: providers, views: views, providersPerAttachment: providersPerAttachment,
      occurrencesPerAttachment: occurrences)
  }

  /// The number of views in the scroll cache.
  package var cachedViewCount: Int { scrollCache.count }
  /// The bytes the scroll cache holds.
  package var cachedViewBytes: Int { scrollCache.totalCost }

  /// The provider held for `attachment` (for its first occurrence that has one), if any.
  func provider(for attachment: TextAttachment) -> TextAttachmentViewProvider? {
    records[attachment.identity]?.provider
  }

  /// `String(describing: type)`, cached: instrumentation names a provider type on every event.
  func providerTypeName(for type: TextAttachmentViewProvider.Type) -> String {
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
    guard let head = records[attachment.identity] else { return nil }
    // The occurrence at this place, when the attachment sits in several.
    let record =
      head.nextOccurrence == nil
      ? head
      : firstRecord(of: head.id) { $0.provider.location.elementIdentifier == paragraph.identifier } ?? head
    let provider = record.provider
    guard provider.tracksTextAttachmentViewBounds else { return nil }
    let metrics = layoutManager.glyphMeasurer.lineMetrics(for: layoutManager.defaultAttributes)
    return provider.attachmentBounds(
      for: paragraph.attributedString.attributes(at: offset),
      location: TextLocation(paragraph: paragraph, offset: offset),
      textContainer: layoutManager.textContainer,
      proposedLineFragment: CGRect(x: 0, y: 0, width: lineWidth, height: metrics.lineHeight), position: .zero)
  }

  /// Whether `record`'s attachment is still in the document (by identity: a released
  /// paragraph's attachments stay in the document while their objects are gone).
  func isPresent(_ record: ProviderRecord) -> Bool {
    storage.containsAttachment(with: record.id)
  }

  func log(_ kind: InstrumentationEvent.Kind, _ record: ProviderRecord, because reason: String? = nil) {
    instrumentation.record(
      kind, attachmentID: record.attachmentID, providerType: record.typeName, paragraphIndex: record.paragraphIndex,
      message: reason, provider: ObjectIdentifier(record.provider))
  }
}
