/// Contents given at creation, kept as given and made into paragraphs a chunk at a time.
extension TextContentStorage {
  /// Keeps `contents` as the document: one run node per ``chunkSize`` paragraphs holding their
  /// count and length, serials reserved in document order, and every attachment registered.
  /// - Complexity: O(n) reads of lengths and runs; O(n / chunkSize) nodes.
  func adoptInitialContents(_ contents: [(AttributedText, [String: String])]) {
    initialContents = contents
    firstSerial = TextParagraph.reserveSerials(contents.count)
    registerInitialAttachments()
    var pieces: [SequenceTree<TextParagraph?>.Piece] = []
    pieces.reserveCapacity(contents.count / Self.chunkSize + 1)
    var start = 0
    while start < contents.count {
      let end = min(contents.count, start + Self.chunkSize)
      var length = 0
      for position in start..<end { length += contents[position].0.length }
      pieces.append(.init(element: nil, count: end - start, length: length, height: 0))
      start = end
    }
    let (_, nodes) = paragraphs.replace(0..<0, withPieces: pieces)
    chunkStarts.reserveCapacity(nodes.count)
    runNodes.reserveCapacity(nodes.count)
    for (chunk, node) in nodes.enumerated() {
      chunkStarts[ObjectIdentifier(node)] = chunk * Self.chunkSize
      runNodes[chunk * Self.chunkSize] = node
    }
  }

  /// Registers the attachments of ``initialContents``; a second occurrence of one is marked to be
  /// made a copy, as ``TextContentManager/replaceParagraphs(_:with:)`` would.
  private func registerInitialAttachments() {
    for position in initialContents.indices {
      // Every run is read: an attachment attribute may sit on any character, not only U+FFFC.
      for (run, item) in initialContents[position].0.runs.enumerated() {
        guard let attachment = item.attributes.attachment else { continue }
        if presentAttachments[attachment.identity] != nil {
          duplicateAttachmentRuns[position, default: []].append(run)
        } else {
          presentAttachments[attachment.identity] = attachment
        }
      }
    }
  }

  /// Makes the paragraphs of the chunk `node` (which starts at paragraph `start`) and puts them in
  /// its place in the tree.
  /// - Returns: Their nodes, in order, or `nil` if `node` is not a chunk of given contents.
  /// - Complexity: O(log n + chunkSize).
  func makeChunk(_ node: SequenceTree<TextParagraph?>.Node, start: Int) -> [SequenceTree<TextParagraph?>.Node]? {
    guard let first = chunkStarts.removeValue(forKey: ObjectIdentifier(node)) else { return nil }
    var made: [TextParagraph] = []
    made.reserveCapacity(node.count)
    for position in first..<(first + node.count) {
      var (text, attributes) = initialContents[position]
      if let runs = duplicateAttachmentRuns.removeValue(forKey: position) {
        text = copyingAttachments(text, inRuns: runs)
        pinnedChunks.insert(first)
      }
      made.append(
        TextParagraph(attributedString: text, paragraphAttributes: attributes, reservedSerial: firstSerial + position))
    }
    let (_, nodes) = paragraphs.replace(
      start..<(start + node.count), withPieces: made.lazy.map { .init(element: $0, length: $0.length, height: 0) })
    adopt(made)
    for (paragraph, paragraphNode) in zip(made, nodes) { paragraph.storageNode = paragraphNode }
    paragraphsMadeFromContents += made.count
    runNodes[first] = nil
    madeChunks[first] = nodes
    return nodes
  }

  /// `text` with the attachments of its runs `runs` replaced by registered copies.
  private func copyingAttachments(_ text: AttributedText, inRuns runs: [Int]) -> AttributedText {
    var run = 0
    return text.mappingAttachments { attachment in
      defer { run += 1 }
      // `mappingAttachments` visits only runs with an attachment: find this one's index.
      while text.runs[run].attributes.attachment !== attachment { run += 1 }
      guard runs.contains(run) else { return attachment }
      let copy = attachment.copy()
      presentAttachments[copy.identity] = copy
      return copy
    }
  }
}
