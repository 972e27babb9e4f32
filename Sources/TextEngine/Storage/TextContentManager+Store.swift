/// Edits: one source transaction per replacement, written before the tree changes.
extension StoredTextContentManager {
  /// One block's share of a replacement: positions `positions` of block `block` (an index).
  private struct BlockPiece {
    var block: Int
    var positions: Range<Int>
  }

  /// Writes a replacement to the source in one transaction (see ``TextContentManager/storeReplacement(_:removed:with:)``).
  func writeReplacement(
    _ range: Range<Int>, removed: [TextParagraph], with contents: [(AttributedText, [String: String])]
  ) throws(TextEditError) -> [Int64]? {
    let pieces = blockPieces(for: range)
    guard !pieces.isEmpty else { throw .storeFailed(message: "no block holds paragraphs \(range)") }
    let elements = contents.map {
      StoredTextElement(identifier: 0, attributedString: $0.0, paragraphAttributes: $0.1)
    }
    var identifiers: [Int64] = []
    do {
      try source.beginTransaction()
    } catch {
      throw .storeFailed(message: "\(error)")
    }
    do {
      sourceQueries += pieces.count
      var removedOffset = 0
      for (index, piece) in pieces.enumerated() {
        // The removed paragraphs' identifiers let the store find them by key, not by position.
        let known =
          holdsUnstoredEmptyParagraph
          ? [] : removed[removedOffset..<(removedOffset + piece.positions.count)].map(\.identifier)
        removedOffset += piece.positions.count
        let inserted = try source.replaceElements(
          inBlock: blockIndex.blocks[piece.block], positions: piece.positions, identifiers: known,
          with: index == 0 ? elements : [])
        if index == 0 { identifiers = inserted }
      }
      guard identifiers.count == elements.count else {
        throw StoreCountMismatch(expected: elements.count, got: identifiers.count)
      }
      try source.commitTransaction()
    } catch {
      source.rollbackTransaction()
      throw .storeFailed(message: "\(error)")
    }
    // The store changed: bring the block summaries along.
    var removedOffset = 0
    for (index, piece) in pieces.enumerated() {
      let removedHere =
        holdsUnstoredEmptyParagraph ? [] : removed[removedOffset..<(removedOffset + piece.positions.count)]
      removedOffset += piece.positions.count
      var count = -piece.positions.count
      var length = -removedHere.reduce(0) { $0 + $1.length }
      if index == 0 {
        count += contents.count
        length += contents.reduce(0) { $0 + $1.0.length }
      }
      blockIndex.add(toBlock: piece.block, count: count, length: length)
    }
    holdsUnstoredEmptyParagraph = false
    return identifiers
  }

  /// The blocks and positions that document positions `range` cover; insertions go to the first.
  private func blockPieces(for range: Range<Int>) -> [BlockPiece] {
    if holdsUnstoredEmptyParagraph { return [BlockPiece(block: 0, positions: 0..<0)] }
    guard let start = blockIndex.locate(range.lowerBound) else {
      // At the document's end: append to the last block.
      let last = blockIndex.count - 1
      return [BlockPiece(block: last, positions: blockIndex.counts[last]..<blockIndex.counts[last])]
    }
    var pieces = [BlockPiece(block: start.block, positions: start.position..<start.position)]
    var remaining = range.count
    var block = start.block
    var position = start.position
    while remaining > 0, block < blockIndex.count {
      let take = min(remaining, blockIndex.counts[block] - position)
      if pieces.last?.block == block {
        pieces[pieces.count - 1].positions = position..<(position + take)
      } else if take > 0 {
        pieces.append(BlockPiece(block: block, positions: position..<(position + take)))
      }
      remaining -= take
      block += 1
      position = 0
    }
    return pieces
  }

  /// Keeps ``builtNodes`` in step with an edit.
  func trackReplacement(removed: [TextParagraph], inserted: [TextParagraph]) {
    for paragraph in removed { builtNodes[paragraph.identifier] = nil }
    for paragraph in inserted { builtNodes[paragraph.identifier] = paragraph.storageNode }
  }

  // MARK: Release

  /// Releases the built paragraphs that nothing but the tree holds (no fragment, provider
  /// location or caller), merging each into the runs beside it. Runs only once more than
  /// ``releaseSlack`` paragraphs were built since the last release, so its cost is amortised.
  /// - Complexity: O(built paragraphs × log n) when it runs.
  func releaseUnheldParagraphs() {
    guard !isInEditingTransaction, builtNodes.count > survivorsOfLastRelease + releaseSlack else { return }
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
    var start = paragraphs.position(of: node).index
    var count = 1
    var length = paragraph.length
    if let previous = paragraphs.predecessor(of: node), previous.element == nil {
      start -= previous.count
      count += previous.count
      length += previous.length
    }
    if let next = paragraphs.successor(of: node), next.element == nil {
      count += next.count
      length += next.length
    }
    paragraphs.replace(start..<(start + count), with: [.init(element: nil, count: count, length: length, height: 0)])
    builtNodes[paragraph.identifier] = nil
    paragraph.storageNode = nil
    paragraph.textContentManager = nil
    for attachment in paragraph.attributedString.attachments {
      let identity = attachment.identity
      presentAttachments[identity] = nil
      if case .persistent = identity { releasedAttachments.insert(identity) }
    }
    paragraphsReleased += 1
  }
}

/// The source returned a different number of identifiers than elements inserted.
private struct StoreCountMismatch: Error, CustomStringConvertible {
  var expected: Int
  var got: Int
  var description: String { "the store returned \(got) identifiers for \(expected) inserted paragraphs" }
}
