extension StoredTextContentManager {
  /// Builds the paragraph at `index` and a window of its neighbours with one source read, and
  /// splits the run `node` around them once. The neighbours are ordinary built paragraphs: the
  /// next release sweep returns those that nothing holds to a run.
  /// - Complexity: O(log n + window), plus at most one lengths query when the window lies inside
  ///   the run (neither end of it touches the run's ends).
  func buildParagraphWithNeighbours(at index: Int, in node: SequenceTree<TextParagraph?>.Node, start: Int)
    -> SequenceTree<TextParagraph?>.Node?
  {
    guard let (block, position) = blockIndex.locate(index) else { return nil }
    let window = readWindow(around: index, position: position, block: block, run: start..<(start + node.count))
    let firstPosition = position - (index - window.lowerBound)
    do {
      sourceQueries += 1
      let stored = try source.elements(
        inBlock: blockIndex.blocks[block], positions: firstPosition..<(firstPosition + window.count))
      guard stored.count == window.count else { return nil }
      let built = stored.map {
        TextParagraph(
          attributedString: $0.attributedString, paragraphAttributes: $0.paragraphAttributes,
          identifier: $0.identifier)
      }
      let windowLength = built.reduce(0) { $0 + $1.length }
      let before = window.lowerBound - start
      let after = start + node.count - window.upperBound
      let lengthBefore: Int
      if before == 0 {
        lengthBefore = 0
      } else if after == 0 {
        lengthBefore = node.length - windowLength
      } else {
        let runOffset = paragraphs.position(of: node).offset
        lengthBefore = try offset(ofItem: window.lowerBound, block: block, position: firstPosition) - runOffset
      }
      var pieces: [SequenceTree<TextParagraph?>.Piece] = []
      if before > 0 { pieces.append(.init(element: nil, count: before, length: lengthBefore, height: 0)) }
      pieces += built.map { .init(element: $0, length: $0.length, height: 0) }
      if after > 0 {
        pieces.append(
          .init(element: nil, count: after, length: node.length - lengthBefore - windowLength, height: 0))
      }
      let (_, nodes) = paragraphs.replace(start..<(start + node.count), with: pieces)
      let firstBuilt = before > 0 ? 1 : 0
      adopt(built)
      for (offset, paragraph) in built.enumerated() {
        let builtNode = nodes[firstBuilt + offset]
        paragraph.storageNode = builtNode
        builtNodes[paragraph.identifier] = builtNode
        for attachment in paragraph.attributedString.attachments {
          releasedAttachments.remove(attachment.identity)
          presentAttachments[attachment.identity] = attachment
        }
      }
      paragraphsBuilt += built.count
      return nodes[firstBuilt + index - window.lowerBound]
    } catch {
      lastSourceError = error
      return nil
    }
  }

  /// The items to read with item `index` (at `position` in `block`): up to ``paragraphsPerRead``
  /// of them inside both the run and the block, reaching the way the pass walks. A pass that
  /// comes to the run's last item walks backwards (the item after it is built), one that comes to
  /// its first walks forwards, and a jump into the middle gets a window centred on it.
  private func readWindow(around index: Int, position: Int, block: Int, run: Range<Int>) -> Range<Int> {
    let blockStart = index - position
    let lower = max(run.lowerBound, blockStart)
    let upper = min(run.upperBound, blockStart + blockIndex.counts[block])
    let size = max(1, paragraphsPerRead)
    if index == run.upperBound - 1, index != run.lowerBound {
      return max(lower, index - size + 1)..<(index + 1)
    }
    if index == run.lowerBound { return index..<min(upper, index + size) }
    let from = max(lower, min(index - size / 2, upper - size))
    return from..<min(upper, from + size)
  }
}
