/// What a ``TextAttachmentReuseController`` knows about one attachment's provider: the provider and
/// its one ``ProviderState``.
///
/// Only ``TextAttachmentReuseController/apply(_:to:)`` writes ``state`` (see
/// `TextAttachmentReuseController+Transitions.swift`); everything else reads it.
final class ProviderRecord {
  let provider: TextAttachmentViewProvider
  /// The key of the controller's indices: the attachment's identity and this occurrence's serial.
  let key: ProviderKey
  /// The record of the same attachment's next occurrence (in serial order), if it sits in several places.
  var nextOccurrence: ProviderRecord?
  /// Who holds the provider and where its view is.
  fileprivate(set) var state: ProviderState
  /// ``paragraphIndex`` and ``lastShownPass`` in 32 bits each: a record persists for every sticker
  /// ever shown (providers persist), so its size is the idle provider's cost. -1: no paragraph index.
  private var storedParagraphIndex: Int32 = -1
  private var storedLastShownPass: UInt32 = 0

  init(provider: TextAttachmentViewProvider, state: ProviderState, serial: Int) {
    self.provider = provider
    self.state = state
    self.key = ProviderKey(identity: provider.reuseIdentity, serial: serial)
  }

  /// The paragraph index the provider was last configured at, for events (`nil` beyond 2³¹ − 1).
  var paragraphIndex: Int? {
    get { storedParagraphIndex < 0 ? nil : Int(storedParagraphIndex) }
    set { storedParagraphIndex = newValue.flatMap { Int32(exactly: $0) } ?? -1 }
  }

  /// Whether the pass numbered `pass` showed the view (see ``TextAttachmentReuseController/endPass()``).
  /// Pass numbers are kept modulo 2³², so a record unshown for exactly 2³² passes would read as shown.
  func wasShown(inPass pass: Int) -> Bool { storedLastShownPass == UInt32(truncatingIfNeeded: pass) }

  /// Marks the view as shown by the pass numbered `pass`.
  func markShown(inPass pass: Int) { storedLastShownPass = UInt32(truncatingIfNeeded: pass) }

  /// The attachment's identity: the key of the controller's table of records.
  var id: AttachmentIdentity { key.identity }
  /// The id of the attachment object the provider was made for, for instrumentation.
  var attachmentID: Int { provider.attachmentID }
  var typeName: String { provider.providerTypeName }

  /// Points the provider at `location` and at `attachment` (the same attachment, rebuilt from its
  /// store). The attachment is the provider's own, kept weakly: deletion is detected through the
  /// storage, not by lifetime.
  func move(to location: TextLocation, attachment: TextAttachment) {
    provider.location = location
    guard provider.textAttachment !== attachment else { return }
    provider.rebind(to: attachment)
  }
}

/// One provider's key: its attachment's identity, and a serial telling the providers of an attachment
/// that sits in several places apart (one per occurrence). Ordered, so that walks are deterministic.
struct ProviderKey: Hashable, Comparable {
  let identity: AttachmentIdentity
  let serial: Int

  static func < (lhs: ProviderKey, rhs: ProviderKey) -> Bool {
    (lhs.identity, lhs.serial) < (rhs.identity, rhs.serial)
  }
}

/// Where one provider is: who holds it, and where its view is. Each provider record holds exactly
/// one value, so a provider is never both held and waiting. <doc:ReusePolicies> draws the states
/// and every transition between them.
enum ProviderState {
  /// A layout fragment holds the provider: the layout manager's fragment of its paragraph, or one
  /// the open editing transaction dropped (decided when the transaction ends).
  case held(by: TextLayoutFragment, view: TextAttachmentReuseController.ViewState)
  /// An edit invalidated the provider and the text view's own provider cache kept it
  /// (`.onEditingInlineParagraphs`): the next fragment that shows its attachment retrieves it, with
  /// its view as it is.
  case awaitingHandOver(view: TextAttachmentReuseController.ViewState)
  /// An edit invalidated the provider, the layout manager offered it to its delegate's cache hook,
  /// and the text view did not keep it: the next fragment that shows its attachment asks the
  /// retrieve hook, which may return it (a custom delegate cached it) or not (it is discarded then).
  /// Its view goes at the end of the first pass that does not retrieve it.
  case offered(view: TextAttachmentReuseController.ViewState)
  /// The layout manager released its fragment for memory, or rebuilt its index: the provider
  /// persists, as in TextKit, and the paragraph's next fragment re-adopts it silently. Its view is
  /// cached (`.onScrollingOutOfViewport`) or unloaded, so an idle provider holds no view; it is
  /// shown only from an index rebuild (a new layout delegate) to the end of the next pass.
  case detached(view: TextAttachmentReuseController.ViewState)
  /// The content manager's delegate hides its paragraph (a collapsed section): kept, without a
  /// fragment, until the paragraph shows again; hiding counts as scrolling out.
  case hidden(view: TextAttachmentReuseController.ViewState)

  /// Where the view is.
  var view: TextAttachmentReuseController.ViewState {
    switch self {
    case .held(_, let view), .awaitingHandOver(let view), .offered(let view), .detached(let view),
      .hidden(let view):
      view
    }
  }

  /// Whether `fragment` holds the provider and its view is shown: a pass's steady state.
  @inline(__always)
  func isShown(by fragment: TextLayoutFragment) -> Bool {
    if case .held(let owner, .shown) = self { owner === fragment } else { false }
  }

  /// The fragment that holds the provider, if one does.
  var fragment: TextLayoutFragment? {
    if case .held(let fragment, _) = self { fragment } else { nil }
  }

  /// Whether an edit invalidated the provider and it waits for a pass to retrieve it.
  var isPending: Bool {
    switch self {
    case .awaitingHandOver, .offered: true
    case .held, .detached, .hidden: false
    }
  }

  /// The same holder with the view in `view`.
  func with(view: TextAttachmentReuseController.ViewState) -> ProviderState {
    switch self {
    case .held(let fragment, _): .held(by: fragment, view: view)
    case .awaitingHandOver: .awaitingHandOver(view: view)
    case .offered: .offered(view: view)
    case .detached: .detached(view: view)
    case .hidden: .hidden(view: view)
    }
  }
}

extension TextAttachmentReuseController {
  /// Sets `record`'s state and keeps the indices derived from it (views shown, the scroll cache,
  /// providers waiting for a pass) in step. Only ``apply(_:to:)`` calls it.
  func setState(_ state: ProviderState, of record: ProviderRecord) {
    let old = record.state
    record.state = state
    index(record, leaving: old)
  }
}
