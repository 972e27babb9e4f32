/// What can happen to a provider. Each event is a row of the transition table in <doc:ReusePolicies>.
enum ReuseEvent {
  /// Pass: `fragment` shows the attachment at `location`. A provider another fragment held, or none
  /// held, joins it: a hand-over (edit) or a silent re-adoption (memory release, collapse).
  case adopt(by: TextLayoutFragment, location: TextLocation, attachment: TextAttachment, paragraphIndex: Int?)
  /// Pass: the fragment holding the provider shows its view (loading or restoring it).
  case show
  /// Pass end: the view was shown in the last pass but not in this one.
  case leaveViewport
  /// Pass end: the scroll cache is over its bounds and this is its least recently cached view.
  case evict
  /// Pass start: policies registered since the last pass came into force.
  case policyChanged
  /// Edit: the layout manager dropped the fragment holding the provider (at the end of the
  /// editing transaction, or at once outside one: a width change or an invalidation).
  case fragmentDropped
  /// Memory: the layout manager released the fragment holding the provider.
  case fragmentReleased
  /// Collapse: the content manager's delegate hid the paragraph of the fragment holding the provider.
  case fragmentHidden
  /// End of an editing transaction, for a provider no fragment holds.
  case editEnded(paragraphReplaced: Bool)
}

extension TextAttachmentReuseController {
  /// The state machine: applies `event` to `record`, the one place where a provider changes state.
  ///
  /// Every transition of <doc:ReusePolicies> is one case here, with what it counts. An event that
  /// does not apply to the record's state changes nothing.
  /// - Returns: Whether the record is still alive (`false` once its provider was discarded).
  @discardableResult
  func apply(_ event: ReuseEvent, to record: ProviderRecord) -> Bool {
    // The steady state of every pass, for each attachment that stays on screen: nothing changes,
    // so the policy is not looked up.
    switch (event, record.state) {
    case (.adopt(let fragment, _, _, _), .held(let owner, _)) where owner === fragment:
      return true
    case (.show, .held(_, .shown)):
      record.lastShownPass = passNumber
      return true
    default:
      break
    }
    let policy = policy(of: record)
    let keepsOnEdit = policy.contains(.onEditingInlineParagraphs)
    let keepsOnScroll = policy.contains(.onScrollingOutOfViewport)
    switch (event, record.state) {
    // Pass: hand-over and re-adoption.
    case (.adopt(let fragment, let location, let attachment, let paragraphIndex), .held(_, let view)):
      // Still held by a fragment the open transaction dropped: the edit rule applies now.
      guard keepsOnEdit else { return discard(record) }
      record.paragraphIndex = paragraphIndex
      handOver(record, to: fragment, at: location, attachment: attachment, view: view)
    case (.adopt(let fragment, let location, let attachment, let paragraphIndex), .awaitingHandOver(let view)):
      record.paragraphIndex = paragraphIndex
      handOver(record, to: fragment, at: location, attachment: attachment, view: view)
    case (.adopt(let fragment, let location, let attachment, _), .detached):
      record.move(to: location, attachment: attachment)
      setState(.held(by: fragment, view: .cached), of: record)
    case (.adopt(let fragment, let location, let attachment, _), .hidden(let view)):
      record.move(to: location, attachment: attachment)
      setState(.held(by: fragment, view: view), of: record)

    // Pass: show the view.
    case (.show, .held(let fragment, let view)):
      record.lastShownPass = passNumber
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
    case (.show, _):
      assertionFailure("only a provider a fragment holds is shown")

    // Pass end: out of the viewport (or hidden), evicted.
    case (.leaveViewport, let state) where state.view == .shown:
      if keepsOnScroll, let cached = state.with(view: .cached) {
        record.provider.view?.surfaceWillEnterReuseCache(keepsAdvancing: cacheConfiguration.keepsAnimationsAdvancing)
        setState(cached, of: record)  // the cache's cost is read once the view paused
        log(.surfaceCachedOnScrollOut, record)
      } else {
        discardView(of: record)
      }
    case (.evict, .detached):
      log(.surfaceEvicted, record)
      return discard(record, released: true)
    case (.evict, let state) where state.view == .cached:
      log(.surfaceEvicted, record)
      discardView(of: record)

    // Pass start: policy change.
    case (.policyChanged, .awaitingHandOver) where !keepsOnEdit:
      return discard(record)
    case (.policyChanged, .detached) where !keepsOnScroll:
      return discard(record, released: true)
    case (.policyChanged, let state) where state.view == .cached && !keepsOnScroll:
      discardView(of: record)

    // Edit, memory release, collapse: the holding fragment goes.
    case (.fragmentDropped, .held(_, let view)):
      guard isPresent(record), keepsOnEdit else { return discard(record) }
      setState(.awaitingHandOver(view: view), of: record)
    case (.fragmentReleased, .held(_, .cached)):
      setState(.detached, of: record)
    case (.fragmentReleased, .held):
      return discard(record, released: true)
    case (.fragmentHidden, .held(_, let view)):
      setState(.hidden(view: view), of: record)

    // End of an edit, for providers without a fragment: deleted attachments go once; a detached or
    // hidden provider whose paragraph the edit replaced follows the edit rule.
    case (.editEnded, .held):
      break
    case (.editEnded(let replaced), let state):
      if !isPresent(record) { return discard(record) }
      guard replaced, state.fragment == nil else { break }
      if case .awaitingHandOver = state { break }
      guard keepsOnEdit else { return discard(record) }
      setState(.awaitingHandOver(view: state.view), of: record)

    default:
      break
    }
    return true
  }

  /// Second half of a hand-over: a new fragment takes over the provider (and its view, as it is).
  private func handOver(
    _ record: ProviderRecord, to fragment: TextLayoutFragment, at location: TextLocation, attachment: TextAttachment,
    view: ViewState
  ) {
    record.move(to: location, attachment: attachment)
    setState(.held(by: fragment, view: view), of: record)
    log(.providerReusedOnEdit, record)
  }

  /// `loadView()`, with a placeholder when it throws or sets no view.
  private func loadView(of record: ProviderRecord) {
    do {
      try record.provider.loadView()
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

  /// Shown or cached → unloaded: the view goes; the provider stays with its holder.
  private func discardView(of record: ProviderRecord) {
    guard record.state.view != .unloaded, let unloaded = record.state.with(view: .unloaded) else { return }
    setState(unloaded, of: record)
    record.provider.view?.surfaceWillBeDiscarded()
    record.provider.view = nil
    log(.viewDiscarded, record)
  }

  /// The provider goes, with its view (counted as released when it goes for memory).
  /// - Returns: `false`: the record is gone.
  private func discard(_ record: ProviderRecord, released: Bool = false) -> Bool {
    if record.state.view != .unloaded {
      record.provider.view?.surfaceWillBeDiscarded()
      record.provider.view = nil
      log(.viewDiscarded, record)
    }
    index(record, leaving: record.state, removing: true)
    records[record.id] = nil
    log(.providerDiscarded, record)

    return false
  }

  /// Keeps the indices derived from states in step after `record` left `old`: its current state
  /// is added, `old` removed (and nothing added when `removing`, for a record that goes).
  func index(_ record: ProviderRecord, leaving old: ProviderState, removing: Bool = false) {
    let id = record.id
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
    let wasHeld = old.fragment != nil
    let isHeld = new.map { $0.fragment != nil }
    if wasHeld, isHeld == false { unheldIndex.insert(id) }
    if !wasHeld, isHeld != false { unheldIndex.remove(id) }
  }
}
