/// Hooks for tests and reports: the states, and the invariants that tie them to the fragments and
/// the scroll cache.
extension TextAttachmentReuseController {
  /// Where `attachment`'s view is, or `nil` when no provider is held for it.
  package func viewState(for attachment: TextAttachment) -> ViewState? {
    records[attachment.identity]?.state.view
  }

  /// Whether `attachment`'s provider waits to be handed to its paragraph's next fragment.
  package func isAwaitingHandOver(_ attachment: TextAttachment) -> Bool {
    guard case .awaitingHandOver = records[attachment.identity]?.state else { return false }
    return true
  }

  /// Whether `attachment`'s provider was offered to a custom cache hook and waits for a pass.
  package func isOffered(_ attachment: TextAttachment) -> Bool {
    guard case .offered = records[attachment.identity]?.state else { return false }
    return true
  }

  /// Whether `attachment`'s provider persists without a fragment, its fragment released for memory.
  package func isDetached(_ attachment: TextAttachment) -> Bool {
    guard case .detached = records[attachment.identity]?.state else { return false }
    return true
  }

  /// Whether `attachment`'s provider is kept for a hidden paragraph.
  package func isHidden(_ attachment: TextAttachment) -> Bool {
    guard case .hidden = records[attachment.identity]?.state else { return false }
    return true
  }

  /// The identity of every attachment a provider was made for, by the attachment identifier
  /// instrumentation counts it under (the scenario report lists where each attachment of a store
  /// sits): the live providers' and the discarded ones'.
  /// - Complexity: O(live providers + discarded ones).
  package var identitiesByAttachmentID: [Int: AttachmentIdentity] {
    var identities = discardedIdentities
    forEachRecord { identities[$0.attachmentID] = $0.id }
    return identities
  }

  /// The state machine's invariants that do not hold now (empty when all hold):
  /// - every record is keyed by its provider's identity, and a provider has one record;
  /// - a provider has a view exactly when its state's view is shown or cached;
  /// - the shown index, the scroll cache and the index of providers waiting for a pass hold exactly
  ///   the records whose states say so;
  /// - a held provider is in its fragment's provider list, and that fragment is the layout
  ///   manager's fragment of its paragraph, or one the open editing transaction dropped;
  /// - every provider of a fragment the last pass configured, when the fragment is still current,
  ///   is held by that fragment with its view shown.
  /// - Complexity: O(records + configured fragments' attachments).
  package func checkInvariants() -> [String] {
    var violations: [String] = []
    var shown: Set<ProviderKey> = []
    var cached: Set<ProviderKey> = []
    var pending: Set<ProviderKey> = []
    var keys: Set<ProviderKey> = []
    var providers: Set<ObjectIdentifier> = []
    let dropped = Set(fragmentsDroppedInTransaction.map(ObjectIdentifier.init))
    var all: [ProviderRecord] = []
    forEachRecord { all.append($0) }
    for (identity, head) in records where head.id != identity {
      violations.append("the chain of \(identity) starts with a record of \(head.id)")
    }
    for record in all {
      let id = record.key
      if record.provider.reuseIdentity != id.identity {
        violations.append("record \(id) holds the provider of \(record.provider.reuseIdentity)")
      }
      if !keys.insert(id).inserted { violations.append("two records have the key \(id)") }
      if !providers.insert(ObjectIdentifier(record.provider)).inserted {
        violations.append("record \(id): its provider has another record")
      }
      let view = record.state.view
      if (record.provider.view != nil) != (view != .unloaded) {
        violations.append(
          "record \(id): state says \(view), provider view is \(record.provider.view == nil ? "nil" : "set")")
      }
      switch view {
      case .shown: shown.insert(id)
      case .cached: cached.insert(id)
      case .unloaded: break
      }
      if record.state.isPending { pending.insert(id) }
      guard let fragment = record.state.fragment else { continue }
      if !fragment.textAttachmentViewProviders.contains(where: { $0 === record.provider }) {
        violations.append("record \(id): held by a fragment whose provider list lacks it")
      }
      let isCurrent = fragment.entryNode?.element.fragment === fragment
      if !isCurrent, !dropped.contains(ObjectIdentifier(fragment)) {
        violations.append("record \(id): held by a fragment the layout manager no longer has")
      }
    }
    if shown != shownIndex { violations.append("shown index \(shownIndex.count) ≠ shown states \(shown.count)") }
    if cached != Set(scrollCache.keys) {
      violations.append("scroll cache \(scrollCache.count) ≠ cached states \(cached.count)")
    }
    if pending != pendingIndex { violations.append("pending index \(pendingIndex.count) ≠ states \(pending.count)") }
    for (fragment, index) in layoutManager.textViewportLayoutController.configuredFragments
    where fragment.entryNode?.element.fragment === fragment {
      for provider in fragment.textAttachmentViewProviders {
        guard let record = firstRecord(of: provider.reuseIdentity, where: { $0.provider === provider }),
          case .held(let holder, .shown) = record.state, holder === fragment
        else {
          violations.append("paragraph \(index): a provider of the last pass is not held and shown by its fragment")
          continue
        }
      }
    }
    return violations
  }
}
