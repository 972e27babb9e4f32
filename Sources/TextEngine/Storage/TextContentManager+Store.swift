/// Edits: one source transaction per replacement, written before the tree changes.
extension TextContentManager {
  /// One block's share of a replacement: positions `positions` of block `block` (an index).
  private struct BlockPiece {
    var block: Int
    var positions: Range<Int>
  }

  /// Writes a replacement to the source in one transaction, before the tree changes: paragraphs
  /// `range` (all built) become `contents`. Throws, with nothing changed, when the source fails.
  /// - Returns: The new paragraphs' identifiers, as the source assigned them.
  func storeReplacement(
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
      throw Self.storeError(error)
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
      throw Self.storeError(error)
    }
    // The store changed: bring the block summaries along, and the cached scalar lengths of a block
    // (a keystroke's caret, told to a screen reader, then reads no block again).
    let cache = holdsUnstoredEmptyParagraph ? nil : scalarLengthsCache
    scalarLengthsCache = nil
    var removedOffset = 0
    for (index, piece) in pieces.enumerated() {
      let removedHere =
        holdsUnstoredEmptyParagraph ? [] : removed[removedOffset..<(removedOffset + piece.positions.count)]
      removedOffset += piece.positions.count
      var count = -piece.positions.count
      var length = -removedHere.reduce(0) { $0 + $1.length }
      // Scalars only while the block's sum is known (an unknown one is counted from the source) or
      // its lengths are cached.
      let cached = cache?.block == piece.block ? cache : nil
      let countsScalars = blockIndex.scalarLengths[piece.block] != nil
      let insertedScalars = index == 0 && (countsScalars || cached != nil) ? contents.map(\.0.scalarLength) : []
      var scalars = countsScalars ? -removedHere.reduce(0) { $0 + $1.attributedString.scalarLength } : 0
      if index == 0 {
        count += contents.count
        length += contents.reduce(0) { $0 + $1.0.length }
        scalars += insertedScalars.reduce(0, +)
      }
      blockIndex.add(toBlock: piece.block, count: count, length: length, scalars: scalars)
      if var cached, piece.positions.upperBound <= cached.lengths.count {
        cached.lengths.replaceSubrange(piece.positions, with: insertedScalars)
        scalarLengthsCache = cached
      }
    }
    holdsUnstoredEmptyParagraph = false
    return identifiers
  }

  /// A source's failure as an edit error: `.storeFull` when the source says its disk is full.
  static func storeError(_ error: any Error) -> TextEditError {
    if let failure = error as? any TextContentSourceFailure, failure.isOutOfSpace {
      return .storeFull(message: "\(error)")
    }
    return .storeFailed(message: "\(error)")
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

  /// Keeps ``builtNodes`` in step with an edit, once the tree holds `inserted` in place of `removed`.
  func paragraphsDidChange(removed: [TextParagraph], inserted: [TextParagraph]) {
    for paragraph in removed { builtNodes[paragraph.identifier] = nil }
    for paragraph in inserted { builtNodes[paragraph.identifier] = paragraph.storageNode }
  }
}

/// The source returned a different number of identifiers than elements inserted.
private struct StoreCountMismatch: Error, CustomStringConvertible {
  var expected: Int
  var got: Int
  var description: String { "the store returned \(got) identifiers for \(expected) inserted paragraphs" }
}
