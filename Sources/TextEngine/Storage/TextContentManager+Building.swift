/// Opening a source and building paragraphs from it: a paragraph is built with a window of its
/// neighbours in one read, and offsets inside runs come from the source's lengths.
extension TextContentManager {
  /// Builds the paragraph at `index`, which lies in the run `node` starting at `start`.
  /// - Returns: The paragraph's node, or `nil` when the source fails.
  func buildParagraph(at index: Int, in node: SequenceTree<TextParagraph?>.Node, start: Int)
    -> SequenceTree<TextParagraph?>.Node?
  { buildParagraphWithNeighbours(at: index, in: node, start: start) }

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
        attachmentsWereBuilt(in: paragraph)
      }
      paragraphsBuilt += built.count
      return nodes[firstBuilt + index - window.lowerBound]
    } catch {
      lastSourceError = error
      return nil
    }
  }

  /// The document offset (without separators) where item `index` starts: its block's first
  /// offset plus the lengths before it in the block, read from whichever side is shorter.
  func offset(ofItem index: Int, block: Int, position: Int) throws -> Int {
    let blockCount = blockIndex.counts[block]
    let identifier = blockIndex.blocks[block]
    sourceQueries += 1
    if position <= blockCount - position {
      return try blockIndex.firstOffset(ofBlock: block)
        + source.length(ofElementsInBlock: identifier, positions: 0..<position)
    }
    return try blockIndex.firstOffset(ofBlock: block + 1)
      - source.length(ofElementsInBlock: identifier, positions: position..<blockCount)
  }

  /// The index of the item holding document offset `offset` (counting one separator after each
  /// item): its block from the block index, its position from the source.
  /// - Complexity: O(log blocks) plus one source query.
  func indexOfItem(containing offset: Int) -> Int? {
    guard let (block, start) = blockIndex.locate(offset: offset) else { return nil }
    sourceQueries += 1
    guard
      let position = try? source.position(
        ofCharacter: offset - start, inBlock: blockIndex.blocks[block], count: blockIndex.counts[block])
    else { return nil }
    return blockIndex.firstPosition(ofBlock: block) + min(max(0, position), blockIndex.counts[block] - 1)
  }

  /// The index of the paragraph with `identifier`: its node when built, else where the source
  /// says it is; `nil` when it left the document.
  /// - Complexity: O(log n), plus one source query when it is not built.
  func indexOfReleasedParagraph(identifier: Int64) -> Int? {
    if let node = builtNodes[identifier] { return paragraphs.position(of: node).index }
    sourceQueries += 1
    guard let found = try? source.position(ofElement: identifier),
      let block = blockIndex.indices[found.block]
    else { return nil }
    return blockIndex.firstPosition(ofBlock: block) + found.position
  }

  /// The index of the paragraph holding the attachment with `identity` as the source says, for an
  /// attachment with a stored identifier; `nil` otherwise (enumerate the paragraphs instead).
  /// - Complexity: O(log n) plus a source query; nothing is built.
  package func indexOfStoredAttachment(_ identity: AttachmentIdentity) -> Int? {
    guard case .persistent(let stored) = identity else { return nil }
    sourceQueries += 1
    guard let element = try? source.element(containingAttachment: stored) else { return nil }
    return indexOfReleasedParagraph(identifier: element)
  }

  /// One run node per non-empty block, or the unstored empty paragraph when there is none.
  func installRuns(_ summaries: [TextContentBlockSummary]) {
    let pieces = summaries.filter { $0.count > 0 }.map {
      SequenceTree<TextParagraph?>.Piece(element: nil, count: $0.count, length: $0.length, height: 0)
    }
    guard pieces.isEmpty else {
      paragraphs.replace(0..<0, with: pieces)
      return
    }
    holdsUnstoredEmptyParagraph = true
    let empty = TextParagraph(attributedString: AttributedText())
    adopt([empty])
    let (_, nodes) = paragraphs.replace(0..<0, with: [(element: empty, length: 0, height: 0)])
    empty.storageNode = nodes[0]
    builtNodes[empty.identifier] = nodes[0]
  }

  /// The paragraphs in `range`, each built (so the range's ends fall between tree nodes).
  func buildParagraphs(_ range: Range<Int>) throws(TextEditError) -> [TextParagraph] {
    if range.isEmpty {
      if range.lowerBound < paragraphCount, builtNode(at: range.lowerBound) == nil {
        throw .storeFailed(message: "the store could not build paragraph \(range.lowerBound)")
      }
      return []
    }
    var result: [TextParagraph] = []
    result.reserveCapacity(min(range.count, 1024))
    var index = range.lowerBound
    while index < range.upperBound {
      guard let node = builtNode(at: index), let paragraph = node.element else {
        throw .storeFailed(message: "the store could not build paragraph \(index)")
      }
      result.append(paragraph)
      index += 1
      // Walk the built neighbours without a descent each.
      var next = paragraphs.successor(of: node)
      while index < range.upperBound, let current = next, let built = current.element {
        result.append(built)
        index += 1
        next = paragraphs.successor(of: current)
      }
    }
    return result
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
