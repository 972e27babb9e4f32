import Instrumentation

/// Memory bounded by the viewport: fragments far from it are released.
///
/// Every fragment the manager hands out is stamped with the current *use period*; the viewport
/// controller starts a period at the beginning of each pass. After the pass, when more than
/// ``TextLayoutManager/fragmentRetentionLimit`` fragments are alive, the least recently used ones
/// that the pass did not use are released. A released paragraph keeps its measured height in the
/// index, so nothing moves on screen; its next use lays it out again.
extension TextLayoutManager {
  /// The number of fragments alive now (the retention set).
  public var retainedFragmentCount: Int { retainedNodes.count }

  /// Starts a use period: fragments asked for from now on count as used by the current pass.
  func beginUsePeriod() { usePeriod &+= 1 }

  /// Releases the least recently used fragments until at most ``fragmentRetentionLimit`` are alive,
  /// sparing those used in the current period (the viewport and its margin). Equally old fragments
  /// go in the order they were made, so the counters are the same on every run.
  ///
  /// It runs only once the set exceeds the limit by a slack of a quarter of it (at least 16), so the
  /// sort is paid once per that many new fragments.
  /// - Complexity: O(k log k) for k retained fragments when it runs; amortised O(log k) per
  ///   fragment created.
  func releaseFragmentsOverLimit() {
    defer { textContentManager?.releaseUnusedParagraphs() }
    let limit = fragmentRetentionLimit
    guard retainedNodes.count > limit + max(16, limit / 4) else { return }
    let current = usePeriod
    let candidates = retainedNodes.values.filter { $0.element.lastUse != current }
      .sorted { ($0.element.lastUse, $0.element.serial) < ($1.element.lastUse, $1.element.serial) }
    for node in candidates.prefix(retainedNodes.count - limit) {
      releaseFragment(of: node)
    }
    foldReleasedEntriesOverLimit()
  }

  /// Folds the oldest released entries back into gaps until at most
  /// ``measuredHeightRetentionLimit`` are queued, so that the index stays bounded by what is
  /// retained, not by what was ever measured (a trip through a 10M-message store would otherwise
  /// leave a node per paragraph). A folded entry joins the gaps beside it: the new gap's height is
  /// their exact sum, so nothing at or below it moves; the paragraphs inside it take its average
  /// height until they are laid out again (and corrected, as any estimate is).
  ///
  /// An entry is folded only if it still has no fragment, is not hidden, not invalidated and is
  /// still in the index (an edit may have replaced it since).
  /// - Complexity: O(log n) per entry folded; amortised O(log n) per fragment released.
  func foldReleasedEntriesOverLimit() {
    while releasedEntries.count - releasedEntriesStart > measuredHeightRetentionLimit {
      let node = releasedEntries[releasedEntriesStart]
      releasedEntriesStart += 1
      fold(node)
    }
    if releasedEntriesStart > 1_024, releasedEntriesStart * 2 > releasedEntries.count {
      releasedEntries.removeFirst(releasedEntriesStart)
      releasedEntriesStart = 0
    }
  }

  /// Folds the released entry `node` and the gaps on either side of it into one gap. (The queue is
  /// emptied whenever the index is rebuilt, so a queued node is this index's or removed from it.)
  private func fold(_ node: SequenceTree<Entry>.Node) {
    let element = node.element
    guard !element.isGap, element.fragment == nil, !element.isHidden, !element.isInvalidated,
      element.replacedLayout == nil, index.contains(node)
    else { return }
    index.mergeIntoRun(node, as: Entry(isGap: true)) { $0.isGap }
    entriesFolded += 1
  }

  /// Drops `node`'s fragment for memory, not because it changed: the measured height stays, and
  /// the reuse controller keeps only what its scroll cache holds.
  private func releaseFragment(of node: SequenceTree<Entry>.Node) {
    guard let fragment = node.element.fragment else { return }
    node.element.fragment = nil
    node.element.replacedLayout = nil
    retainedNodes[ObjectIdentifier(fragment)] = nil
    releasedEntries.append(node)
    instrumentation?.record(.layoutFragmentReleased)
    reuseController?.fragmentReleased(fragment)
  }
}
