/// The height index's invariants, checked by the randomized tests.
extension TextLayoutManager {
  /// Checks the height index and the sets derived from it, and returns what is wrong, or nothing.
  ///
  /// The invariants: the index tree's own (``SequenceTree/checkInvariants()``); it counts as many
  /// paragraphs as the content manager; a gap holds no fragment and at least one paragraph, an
  /// entry exactly one; the retention set is exactly the entries that hold a fragment, each under
  /// its fragment's identity, and each fragment points back at its entry; and no more released
  /// entries wait to be folded than ``measuredHeightRetentionLimit`` allows.
  /// - Returns: One message per violation found; empty when the index is sound.
  /// - Complexity: O(n) for n index nodes.
  package func checkInvariants() -> [String] {
    var violations = entries.checkInvariants()
    if let manager = textContentManager, manager.paragraphCount != entries.count {
      violations.append("the index counts \(entries.count) paragraphs, the content manager \(manager.paragraphCount)")
    }
    var holding = 0
    entries.visit { node in
      let element = node.element
      if element.isGap {
        if element.fragment != nil { violations.append("a gap holds a fragment") }
        if node.count < 1 { violations.append("a gap of \(node.count) paragraphs") }
      } else if node.count != 1 {
        violations.append("an entry of \(node.count) paragraphs")
      }
      if let fragment = element.fragment {
        holding += 1
        if retainedNodes[ObjectIdentifier(fragment)] !== node {
          violations.append("a fragment's entry is not in the retention set under its identity")
        }
        if fragment.entryNode !== node { violations.append("a fragment does not point back at its entry") }
      }
      return true
    }
    if holding != retainedNodes.count {
      violations.append("\(retainedNodes.count) retained fragments, \(holding) entries hold one")
    }
    let queued = releasedEntries.count - releasedEntriesStart
    if queued > measuredHeightRetentionLimit {
      violations.append("\(queued) released entries queued, the limit is \(measuredHeightRetentionLimit)")
    }
    return violations
  }
}
