/// The content manager's invariants, checked by the randomized storage tests after every step.
extension TextContentManager {
  /// Checks the paragraph tree and the manager's bookkeeping against each other and returns what is
  /// wrong, or nothing.
  ///
  /// The invariants: the tree's own (``SequenceTree/checkInvariants()``); every built paragraph
  /// points back at its node and this manager and is listed, once, in the built nodes; a run is a
  /// run of at least one item; the tree holds exactly the block index's items and characters; the
  /// built occurrence counts equal a recount of the built paragraphs' attachment runs by identity;
  /// no count is zero or negative; no built paragraph is listed as released. With `readingSource`,
  /// every element of the source is read as well, and the unbuilt occurrence counts must equal a
  /// recount of the paragraphs not built whose occurrences the manager counts (all of them when the
  /// source registered its attachments at open, else the released ones).
  /// - Parameter readingSource: Whether to recount the unbuilt occurrences from the whole source
  ///   (slow: every element is read; for randomized tests).
  /// - Returns: One message per violation found; empty when the manager is sound.
  /// - Complexity: O(nodes + attachments in built paragraphs), and asks the source nothing; with
  ///   `readingSource`, O(n) more for reading every element.
  package func checkInvariants(readingSource: Bool = false) -> [String] {
    var violations = paragraphs.checkInvariants().map { "paragraph tree: \($0)" }
    var built = 0
    var builtCounts: [AttachmentIdentity: Int] = [:]
    var node = paragraphs.first
    var index = 0
    while let current = node {
      if let paragraph = current.element {
        built += 1
        if current.count != 1 { violations.append("paragraph \(index) stands for \(current.count) items") }
        if paragraph.storageNode !== current || paragraph.textContentManager !== self {
          violations.append("paragraph \(index) does not point back at its node and manager")
        }
        if builtNodes[paragraph.identifier] !== current {
          violations.append("paragraph \(index) (\(paragraph.identifier)) is not listed as built")
        }
        if paragraph.length != current.length {
          violations.append("paragraph \(index) is \(paragraph.length) long, its node \(current.length)")
        }
        for attachment in paragraph.attributedString.attachments { builtCounts[attachment.identity, default: 0] += 1 }
        if releasedParagraphsWithAttachments.contains(paragraph.identifier) {
          violations.append("paragraph \(index) (\(paragraph.identifier)) is built and listed as released")
        }
      } else if current.count < 1 {
        violations.append("a run at \(index) stands for \(current.count) items")
      }
      index += current.count
      node = paragraphs.successor(of: current)
    }
    if built != builtNodes.count { violations.append("\(built) paragraphs built, \(builtNodes.count) listed") }
    violations += Self.differences(
      counted: builtAttachmentOccurrences.mapValues(Int.init), recounted: builtCounts, in: "built paragraphs")
    if unbuiltAttachmentOccurrences.values.contains(where: { $0 <= 0 }) {
      violations.append("an unbuilt occurrence count is not positive")
    }
    if registersAttachmentsAtOpen, !releasedParagraphsWithAttachments.isEmpty {
      violations.append("released paragraphs are listed although the source registered every attachment at open")
    }
    if readingSource { violations += unbuiltOccurrenceViolations() + scalarViolations() }
    violations += blockIndex.checkInvariants()
    let blockItems = holdsUnstoredEmptyParagraph ? 1 : blockIndex.counts.reduce(0, +)
    let blockLength = holdsUnstoredEmptyParagraph ? 0 : blockIndex.lengths.reduce(0, +)
    if blockItems != paragraphs.count || blockLength != paragraphs.totalLength {
      violations.append(
        "the tree holds \(paragraphs.count) items, \(paragraphs.totalLength) long; the blocks \(blockItems), \(blockLength)"
      )
    }
    return violations
  }

  /// Recounts the occurrences in the paragraphs not built that the manager counts, reading every
  /// element of the source, and compares them with ``unbuiltAttachmentOccurrences``.
  private func unbuiltOccurrenceViolations() -> [String] {
    guard !holdsUnstoredEmptyParagraph else { return [] }
    var violations: [String] = []
    var counts: [AttachmentIdentity: Int] = [:]
    var released = 0
    for block in 0..<blockIndex.count {
      guard
        let elements = try? source.elements(
          inBlock: blockIndex.blocks[block], positions: 0..<blockIndex.counts[block])
      else {
        violations.append("block \(blockIndex.blocks[block]) could not be read")
        continue
      }
      for element in elements where builtNodes[element.identifier] == nil {
        let isReleased = releasedParagraphsWithAttachments.contains(element.identifier)
        if isReleased { released += 1 }
        guard registersAttachmentsAtOpen || isReleased else { continue }
        for attachment in element.attributedString.attachments { counts[attachment.identity, default: 0] += 1 }
      }
    }
    if released != releasedParagraphsWithAttachments.count {
      violations.append(
        "\(releasedParagraphsWithAttachments.count) paragraphs listed as released, \(released) found in the source")
    }
    return violations
      + Self.differences(
        counted: unbuiltAttachmentOccurrences.mapValues(Int.init), recounted: counts, in: "paragraphs not built")
  }

  /// Recounts each block's scalars whose sum the index keeps, from the source's elements.
  private func scalarViolations() -> [String] {
    guard !holdsUnstoredEmptyParagraph else { return [] }
    var violations: [String] = []
    for block in 0..<blockIndex.count {
      guard let kept = blockIndex.scalarLengths[block],
        let elements = try? source.elements(inBlock: blockIndex.blocks[block], positions: 0..<blockIndex.counts[block])
      else { continue }
      let counted = elements.reduce(0) { $0 + $1.attributedString.scalarLength }
      if kept != counted {
        violations.append("block \(blockIndex.blocks[block]) keeps \(kept) scalars, its elements hold \(counted)")
      }
    }
    if let cache = scalarLengthsCache,
      let read = try? source.scalarLengths(
        inBlock: blockIndex.blocks[cache.block], positions: 0..<blockIndex.counts[cache.block]),
      read != cache.lengths
    {
      violations.append("the cached scalar lengths of block \(blockIndex.blocks[cache.block]) differ from the source's")
    }
    return violations
  }

  /// One message per identity whose count differs between `counted` and `recounted` (at most five).
  private static func differences(
    counted: [AttachmentIdentity: Int], recounted: [AttachmentIdentity: Int], in place: String
  ) -> [String] {
    guard counted != recounted else { return [] }
    let identities = Set(counted.keys).union(recounted.keys).filter { counted[$0] != recounted[$0] }.sorted()
    return identities.prefix(5).map { identity in
      "attachment \(identity) occurs \(recounted[identity] ?? 0) times in \(place), counted \(counted[identity] ?? 0)"
    }
  }
}
