/// Chunks of given paragraphs that nothing holds go back to being runs, and locations into
/// their paragraphs still resolve by identifier.
extension TextContentStorage {
  /// Turns every made chunk whose paragraphs only the tree holds back into a run. Runs only once
  /// ``releaseSlack`` more paragraphs are made than survived the last sweep, so its cost is
  /// amortised over the paragraphs made.
  /// - Complexity: O(made chunks × (chunkSize + log n)) when it runs.
  func releaseUnheldChunks() {
    guard !isInEditingTransaction, liveMadeParagraphs > survivorsOfLastRelease + Self.releaseSlack else { return }
    for (start, node) in chunkNodes where chunkStarts[ObjectIdentifier(node)] == nil && !pinnedChunks.contains(start) {
      releaseChunk(start: start, first: node)
    }
    survivorsOfLastRelease = liveMadeParagraphs
  }

  /// Releases the made chunk starting at given position `start` (`first` holding its first
  /// paragraph) if nothing else holds its paragraphs; pins it if an edit changed it.
  private func releaseChunk(start: Int, first: SequenceTree<TextParagraph?>.Node) {
    let count = min(Self.chunkSize, initialContents.count - start)
    guard paragraphs.contains(first) else {
      pinnedChunks.insert(start)  // its first paragraph was edited away
      return
    }
    var taken: [(node: SequenceTree<TextParagraph?>.Node, paragraph: TextParagraph)] = []
    taken.reserveCapacity(count)
    func giveBack() { for (node, paragraph) in taken { node.element = paragraph } }
    var next: SequenceTree<TextParagraph?>.Node? = first
    for offset in 0..<count {
      guard let node = next, var paragraph = node.element, paragraph.serial == firstSerial + start + offset else {
        giveBack()
        pinnedChunks.insert(start)  // a paragraph of it was edited, inserted or deleted
        return
      }
      node.element = nil
      guard isKnownUniquelyReferenced(&paragraph) else {
        node.element = paragraph
        giveBack()
        return
      }
      taken.append((node, paragraph))
      next = paragraphs.successor(of: node)
    }
    let index = paragraphs.position(of: first).index
    let length = taken.reduce(0) { $0 + $1.paragraph.length }
    let (_, inserted) = paragraphs.replace(
      index..<(index + count), with: [.init(element: nil, count: count, length: length, height: 0)])
    for (_, paragraph) in taken {
      paragraph.storageNode = nil
      paragraph.textContentManager = nil
    }
    chunkStarts[ObjectIdentifier(inserted[0])] = start
    chunkNodes[start] = inserted[0]
    liveMadeParagraphs -= count
    paragraphsReleased += count
  }

  /// The index of the given paragraph with `identifier` (made from ``initialContents`` and perhaps
  /// released since), or `nil` when it left the document.
  /// - Complexity: O(log n).
  func indexOfGivenParagraph(identifier: Int64) -> Int? {
    let position = Int(-identifier - 1) - firstSerial
    guard identifier < 0, position >= 0, position < initialContents.count else { return nil }
    let start = position - position % Self.chunkSize
    guard let node = chunkNodes[start], paragraphs.contains(node) else { return nil }
    let index = paragraphs.position(of: node).index + position - start
    if chunkStarts[ObjectIdentifier(node)] != nil { return index }
    // Made: the paragraph is there unless an edit replaced it.
    return paragraphs.node(at: index)?.element?.identifier == identifier ? index : nil
  }
}
