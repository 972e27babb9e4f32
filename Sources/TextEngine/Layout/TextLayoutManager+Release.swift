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
  }

  /// Drops `node`'s fragment for memory, not because it changed: the measured height stays, and
  /// the reuse controller keeps only what its scroll cache holds.
  private func releaseFragment(of node: SequenceTree<Entry>.Node) {
    guard let fragment = node.element.fragment else { return }
    node.element.fragment = nil
    node.element.replacedLayout = nil
    retainedNodes[ObjectIdentifier(fragment)] = nil
    instrumentation?.record(.layoutFragmentReleased)
    reuseController?.fragmentReleased(fragment)
  }
}
