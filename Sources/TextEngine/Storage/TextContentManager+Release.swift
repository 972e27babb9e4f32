/// Chunks of given paragraphs that nothing holds go back to being runs, and locations into
/// their paragraphs still resolve by identifier.
extension TextContentStorage {
  /// Turns every made chunk whose paragraphs only the tree holds back into a run. Runs only once
  /// ``releaseSlack`` more paragraphs are made than survived the last sweep, so its cost is
  /// amortised over the paragraphs made.
  /// - Complexity: O(made chunks × chunkSize + released chunks × log n) when it runs.
  func releaseUnheldChunks() {
    guard !isInEditingTransaction, liveMadeParagraphs > survivorsOfLastRelease + Self.releaseSlack else { return }
    for start in Array(madeChunks.keys) where !pinnedChunks.contains(start) {
      releaseChunk(start: start)
    }
    survivorsOfLastRelease = liveMadeParagraphs
  }

  /// Releases the made chunk starting at given position `start` if nothing but the tree holds its
  /// paragraphs; pins it if an edit changed it.
  private func releaseChunk(start: Int) {
    guard let nodes = madeChunks[start], let first = nodes.first else { return }
    // Unchanged since it was made: every paragraph there, in order, with nothing between them.
    var unchanged = paragraphs.contains(first)
    for (offset, node) in nodes.enumerated() where unchanged {
      unchanged =
        node.element?.serial == firstSerial + start + offset
        && (offset == 0 || paragraphs.successor(of: nodes[offset - 1]) === node)
    }
    guard unchanged else {
      pinnedChunks.insert(start)  // a paragraph of it was edited, inserted or deleted
      return
    }
    var taken: [TextParagraph] = []
    taken.reserveCapacity(nodes.count)
    for node in nodes {
      guard var paragraph = node.element else { break }
      node.element = nil
      guard isKnownUniquelyReferenced(&paragraph) else {
        node.element = paragraph
        break
      }
      taken.append(paragraph)
    }
    guard taken.count == nodes.count else {
      for (node, paragraph) in zip(nodes, taken) { node.element = paragraph }  // something holds one
      return
    }
    let index = paragraphs.position(of: first).index
    let length = taken.reduce(0) { $0 + $1.length }
    let (_, inserted) = paragraphs.replace(
      index..<(index + nodes.count), with: [.init(element: nil, count: nodes.count, length: length, height: 0)])
    for paragraph in taken {
      paragraph.storageNode = nil
      paragraph.textContentManager = nil
    }
    chunkStarts[ObjectIdentifier(inserted[0])] = start
    runNodes[start] = inserted[0]
    madeChunks[start] = nil
    paragraphsReleased += nodes.count
  }

  /// The index of the given paragraph with `identifier` (made from ``initialContents``, perhaps
  /// released since), or `nil` when it left the document. Edits elsewhere in its chunk do not
  /// matter: a made chunk's paragraphs are found by the nodes they were made in.
  /// - Complexity: O(log n).
  func indexOfGivenParagraph(identifier: Int64) -> Int? {
    guard identifier < 0 else { return nil }
    let position = Int(-(identifier + 1)) - firstSerial
    guard position >= 0, position < initialContents.count else { return nil }
    let start = position - position % Self.chunkSize
    if let run = runNodes[start] {
      return paragraphs.position(of: run).index + position - start
    }
    guard let node = madeChunks[start]?[position - start], node.element?.identifier == identifier,
      paragraphs.contains(node)
    else { return nil }
    return paragraphs.position(of: node).index
  }
}
