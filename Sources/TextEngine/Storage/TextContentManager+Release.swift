/// Built paragraphs that nothing holds go back into runs, and locations into them still resolve by
/// identifier (see <doc:StorageIdentity>).
extension TextContentManager {
  /// Called after every viewport pass: releases the paragraphs nothing holds (amortised).
  func releaseUnusedParagraphs() { releaseUnheldParagraphs() }

  /// The paragraphs built and in memory now.
  public var liveParagraphCount: Int { builtNodes.count }

  /// The nodes of the paragraph tree (built paragraphs plus runs).
  public var paragraphTreeNodeCount: Int { paragraphs.nodeCount }

  /// Releases the built paragraphs that nothing but the tree holds (no fragment, provider
  /// location or caller), merging each into the runs beside it. Runs only once more than
  /// ``releaseSlack`` paragraphs were built since the last release, so its cost is amortised.
  /// `ignoringSlack` releases now, whatever was built since the last release (tests).
  /// - Complexity: O(built paragraphs × log n) when it runs.
  func releaseUnheldParagraphs(ignoringSlack: Bool = false) {
    guard !isInEditingTransaction, ignoringSlack || builtNodes.count > survivorsOfLastRelease + releaseSlack else {
      return
    }
    for identifier in builtNodes.keys.sorted() {
      guard let node = builtNodes[identifier], var paragraph = node.element else { continue }
      node.element = nil
      guard isKnownUniquelyReferenced(&paragraph), !holdsUnstoredEmptyParagraph else {
        node.element = paragraph
        continue
      }
      release(paragraph, node: node)
    }
    survivorsOfLastRelease = builtNodes.count
  }

  /// Turns `node` (whose paragraph was taken out) into a run, merged with the runs beside it.
  private func release(_ paragraph: TextParagraph, node: SequenceTree<TextParagraph?>.Node) {
    if !paragraph.attributedString.attachments.isEmpty { notifyObservers(willRelease: paragraph) }
    paragraphs.mergeIntoRun(node, as: nil) { $0 == nil }
    builtNodes[paragraph.identifier] = nil
    paragraph.storageNode = nil
    paragraph.textContentManager = nil
    attachmentsWereReleased(in: paragraph)
    paragraphsReleased += 1
  }
}
