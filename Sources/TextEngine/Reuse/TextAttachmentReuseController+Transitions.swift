/// What can happen to a provider. Each event is a row of the transition table in <doc:ReusePolicies>.
enum ReuseEvent {
  /// Pass: `fragment` shows the attachment at `location`, and takes over a provider no fragment
  /// holds: silently (detached, hidden), or as the provider the retrieve hook returned (awaiting
  /// hand-over, offered).
  case adopt(by: TextLayoutFragment, location: TextLocation, attachment: TextAttachment, paragraphIndex: Int?)
  /// Pass: the fragment holding the provider shows its view (loading or restoring it).
  case show
  /// Pass end: the view was shown in the last pass but not in this one.
  case leaveViewport
  /// Pass end: the scroll cache is over its configured bounds and this is its least recently cached view.
  case evict
  /// Pass start: policies registered since the last pass came into force.
  case policyChanged
  /// Edit: the provider is about to be invalidated (an edit dropped its fragment, or replaced its
  /// paragraph while no fragment held it) and its attachment is still in the document: it is
  /// offered to the layout manager delegate's cache hook.
  case invalidate
  /// The text view's own provider cache keeps an offered provider (`.onEditingInlineParagraphs`).
  case keepForHandOver
  /// Pass end: an offered provider no fragment retrieved in this pass loses its view (the text
  /// view holds no view it did not keep); the provider waits, idle, for its attachment's next
  /// fragment, whose retrieve hook decides.
  case offerExpired
  /// The provider goes with its view: its attachment left the document, its offer expired, the
  /// retrieve hook answered with another provider, or the edit policy that kept it was removed;
  /// `reason` says which, in the event log.
  case discard(because: String)
  /// Memory: the layout manager released the fragment holding the provider, or rebuilt its index.
  case fragmentReleased
  /// Collapse: the content manager's delegate hid the paragraph of the fragment holding the provider.
  case fragmentHidden
}

extension TextAttachmentReuseController {
  /// The state machine: applies `event` to `record`, the one place where a provider changes state.
  ///
  /// Every transition of <doc:ReusePolicies> is one case here, with what it counts. An event that
  /// does not apply to the record's state changes nothing.
  /// - Returns: Whether the record is still alive (`false` once its provider was discarded).
  @discardableResult
  func apply(_ event: ReuseEvent, to record: ProviderRecord) -> Bool {
    switch (event, record.state) {
    // Pass: re-adoption and hand-over.
    case (.adopt(let fragment, let location, let attachment, let paragraphIndex), let state) where state.fragment == nil:
      record.move(to: location, attachment: attachment)
      record.paragraphIndex = paragraphIndex
      setState(.held(by: fragment, view: state.view), of: record)
      if state.isPending { log(.providerReusedOnEdit, record) }

    // Pass: show the view.
    case (.show, .held(let fragment, let view)):
      record.markShown(inPass: passNumber)
      switch view {
      case .shown: break
      case .cached:
        setState(.held(by: fragment, view: .shown), of: record)
        record.provider.view?.surfaceDidLeaveReuseCache()
        log(.surfaceRestoredOnScrollIn, record)
      case .unloaded:
        loadView(of: record)
        setState(.held(by: fragment, view: .shown), of: record)
        log(.viewLoaded, record)
      }

    // Pass end: out of the viewport (or hidden), evicted.
    case (.leaveViewport, let state) where state.view == .shown:
      if policy(of: record).contains(.onScrollingOutOfViewport) {
        record.provider.view?.surfaceWillEnterReuseCache(keepsAdvancing: cacheConfiguration.keepsAnimationsAdvancing)
        setState(state.with(view: .cached), of: record)  // the cache's cost is read once the view paused
        log(.surfaceCachedOnScrollOut, record)
      } else {
        discardView(of: record, because: "it left the viewport and onScrollingOutOfViewport is off")
      }
    case (.evict, let state) where state.view == .cached:
      log(.surfaceEvicted, record)
      discardView(
        of: record,
        because: "the scroll cache was over its bound (\(cacheConfiguration.countLimit) views, "
          + "\(cacheConfiguration.byteLimit) bytes) and it was the least recently cached")

    // Pass start: policy change.
    case (.policyChanged, .awaitingHandOver) where !policy(of: record).contains(.onEditingInlineParagraphs):
      return discard(record, because: "onEditingInlineParagraphs was unregistered while it waited for its paragraph")
    case (.policyChanged, let state)
    where state.view == .cached && !policy(of: record).contains(.onScrollingOutOfViewport):
      discardView(of: record, because: "onScrollingOutOfViewport was unregistered while it was cached")

    // Edit: invalidation, the text view's provider cache, deletion.
    case (.invalidate, let state) where !state.isPending:
      setState(.offered(view: state.view), of: record)
    case (.keepForHandOver, .offered(let view)):
      setState(.awaitingHandOver(view: view), of: record)
    case (.offerExpired, .offered):
      discardView(
        of: record, because: "an edit replaced its paragraph's fragment and onEditingInlineParagraphs is off")
    case (.discard(let reason), _):
      return discard(record, because: reason)

    // Memory release and collapse: the holding fragment goes, the provider stays.
    case (.fragmentReleased, .held(_, let view)):
      // A shown view stays shown only when the index was rebuilt (a new layout delegate): the next
      // pass re-adopts it, or its end caches or discards it as for any view that left.
      setState(.detached(view: view), of: record)
    case (.fragmentHidden, .held(_, let view)):
      setState(.hidden(view: view), of: record)

    default:
      break
    }
    return true
  }

  /// `loadView()`, with a placeholder when it throws or sets no view; each animation state it made
  /// is counted, and counted as a reset when the place had shown an animation
  /// (`TextAttachmentReuseController+AnimationHistory.swift`).
  private func loadView(of record: ProviderRecord) {
    do {
      try loadViewCountingAnimations(of: record)
    } catch {
      record.provider.view = PlaceholderRenderingSurface(failureReason: "loadView() failed: \(error)")
      instrumentation.record(
        .error, attachmentID: record.attachmentID, providerType: record.typeName,
        paragraphIndex: record.paragraphIndex, message: "attachment \(record.attachmentID): loadView() failed: \(error)"
      )
    }
    if record.provider.view == nil {
      record.provider.view = PlaceholderRenderingSurface(failureReason: "loadView() set no view")
    }
  }

  /// Shown or cached → unloaded: the view goes, logged with `reason`; the provider stays with its holder.
  private func discardView(of record: ProviderRecord, because reason: String) {
    guard record.state.view != .unloaded else { return }
    setState(record.state.with(view: .unloaded), of: record)
    record.provider.view?.surfaceWillBeDiscarded()
    record.provider.view = nil
    log(.viewDiscarded, record, because: reason)
  }

  /// The provider goes, with its view; its place's animation history stays with the attachment.
  /// - Returns: `false`: the record is gone.
  private func discard(_ record: ProviderRecord, because reason: String) -> Bool {
    keepAnimationHistory(of: record)
    if record.state.view != .unloaded {
      record.provider.view?.surfaceWillBeDiscarded()
      record.provider.view = nil
      log(.viewDiscarded, record, because: reason)
    }
    index(record, leaving: record.state, removing: true)
    unlink(record)
    log(.providerDiscarded, record, because: reason)
    return false
  }

  /// Keeps the indices derived from states in step after `record` left `old`: its current state
  /// is added, `old` removed (and nothing added when `removing`, for a record that goes).
  func index(_ record: ProviderRecord, leaving old: ProviderState, removing: Bool = false) {
    let id = record.key
    let new: ProviderState? = removing ? nil : record.state
    if old.view != new?.view {
      switch old.view {
      case .shown: shownIndex.remove(id)
      case .cached: scrollCache.removeValue(for: id)
      case .unloaded: break
      }
      switch new?.view {
      case .shown: shownIndex.insert(id)
      case .cached: scrollCache.insert((), for: id, cost: max(0, record.provider.view?.reuseCacheCost ?? 0))
      case .unloaded, nil: break
      }
    }
    let isPending = new?.isPending ?? false
    if old.isPending != isPending {
      if isPending { pendingIndex.insert(id) } else { pendingIndex.remove(id) }
    }
  }
}
