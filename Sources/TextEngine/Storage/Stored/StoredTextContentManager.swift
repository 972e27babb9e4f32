/// A content manager over a ``TextContentSource``: paragraphs are built when asked for and
/// released when nothing holds them, so memory follows the viewport, not the document.
///
/// At open it reads the block summaries and keeps each block as one run node (a count and a
/// length) in the paragraph tree. Asking for a paragraph inside a run builds it from the source
/// together with a window of its neighbours (``paragraphsPerRead``, one source read), and splits
/// the run around them once, using ``TextContentSource/lengths(inBlock:positions:)`` so that
/// offsets stay exact. After each viewport pass, paragraphs that nothing but the tree holds (no
/// layout fragment, provider location or caller) go back into runs; building one again gives
/// an equal paragraph with the same ``TextParagraph/identifier``.
///
/// Each edit is one source transaction: the source is written first, and when it fails the
/// transaction is rolled back, the document is unchanged and the edit throws
/// ``TextEditError/storeFailed(message:)``. See <doc:StorageIdentity>.
public final class StoredTextContentManager: TextContentManager {
  /// The backing store.
  public let source: any TextContentSource
  var blockIndex: BlockIndex
  /// The built paragraphs' nodes, by identifier.
  var builtNodes: [Int64: SequenceTree<TextParagraph?>.Node] = [:]
  /// Identities of attachments in released paragraphs: still in the document.
  var releasedAttachments: Set<AttachmentIdentity> = []
  /// Whether the document's one empty paragraph lives only in memory (an empty store).
  var holdsUnstoredEmptyParagraph = false
  /// Built paragraphs that survived the last release, so the next runs only after enough new ones.
  var survivorsOfLastRelease = 0
  /// How many more built paragraphs than survived the last release trigger the next one (default 64).
  public var releaseSlack = 64
  /// Paragraphs built from the source since opening, for complexity tests.
  public internal(set) var paragraphsBuilt = 0
  /// Paragraphs released since opening.
  public internal(set) var paragraphsReleased = 0
  /// How many neighbours, in the same run and block, one source read builds with a paragraph
  /// (default 32): a viewport pass then takes one or a few element queries, not one per paragraph.
  public var paragraphsPerRead = 32
  /// Source queries made since opening (elements, lengths and positions), for complexity tests.
  public internal(set) var sourceQueries = 0
  /// The last error the source gave while building a paragraph.
  public internal(set) var lastSourceError: (any Error)?

  /// Opens `source`: reads its block summaries and builds no paragraph.
  /// - Throws: The source's error, or ``StoredTextContentError/noBlocks``.
  /// - Complexity: O(blocks).
  public init(source: any TextContentSource) throws {
    self.source = source
    let summaries = try source.blockSummaries()
    guard !summaries.isEmpty else { throw StoredTextContentError.noBlocks }
    blockIndex = BlockIndex(summaries)
    super.init(empty: ())
    let pieces = summaries.filter { $0.count > 0 }.map {
      SequenceTree<TextParagraph?>.Piece(element: nil, count: $0.count, length: $0.length, height: 0)
    }
    if pieces.isEmpty {
      holdsUnstoredEmptyParagraph = true
      let empty = TextParagraph(attributedString: AttributedText())
      adopt([empty])
      let (_, nodes) = paragraphs.replace(0..<0, with: [(element: empty, length: 0, height: 0)])
      empty.storageNode = nodes[0]
      builtNodes[empty.identifier] = nodes[0]
    } else {
      paragraphs.replace(0..<0, with: pieces)
    }
  }

  /// The paragraphs built and in memory now.
  public var liveParagraphCount: Int { builtNodes.count }

  /// The nodes of the paragraph tree (built paragraphs plus runs).
  public var paragraphTreeNodeCount: Int { paragraphs.nodeCount }

  // MARK: Building

  override func buildParagraph(at index: Int, in node: SequenceTree<TextParagraph?>.Node, start: Int)
    -> SequenceTree<TextParagraph?>.Node?
  { buildParagraphWithNeighbours(at: index, in: node, start: start) }

  /// The document offset (without separators) where item `index` starts: its block's first
  /// offset plus the lengths before it in the block, read from whichever side is shorter.
  func offset(ofItem index: Int, block: Int, position: Int) throws -> Int {
    let blockCount = blockIndex.counts[block]
    let identifier = blockIndex.blocks[block]
    sourceQueries += 1
    if position <= blockCount - position {
      let lengths = try source.lengths(inBlock: identifier, positions: 0..<position)
      return blockIndex.firstOffset(ofBlock: block) + lengths.reduce(0, +)
    }
    let lengths = try source.lengths(inBlock: identifier, positions: position..<blockCount)
    return blockIndex.firstOffset(ofBlock: block + 1) - lengths.reduce(0, +)
  }

  override func indexOfItem(
    containing offset: Int, inRun node: SequenceTree<TextParagraph?>.Node, start: Int, offset runOffset: Int
  ) -> Int? {
    // Walk the run's blocks, reading lengths, until the item holding `offset` is found.
    var index = start
    var itemOffset = runOffset
    let end = start + node.count
    while index < end, let (block, position) = blockIndex.locate(index) {
      let upTo = min(blockIndex.counts[block], position + (end - index))
      sourceQueries += 1
      guard let lengths = try? source.lengths(inBlock: blockIndex.blocks[block], positions: position..<upTo) else {
        return nil
      }
      for length in lengths {
        if offset < itemOffset + length + 1 || index == end - 1 { return index }
        itemOffset += length + 1
        index += 1
      }
    }
    return nil
  }

  override func indexOfReleasedParagraph(identifier: Int64) -> Int? {
    if let node = builtNodes[identifier] { return paragraphs.position(of: node).index }
    sourceQueries += 1
    guard let found = try? source.position(ofElement: identifier),
      let block = blockIndex.indices[found.block]
    else { return nil }
    return blockIndex.firstPosition(ofBlock: block) + found.position
  }

  override package func indexOfStoredAttachment(_ identity: AttachmentIdentity) -> Int? {
    guard case .persistent(let stored) = identity else { return nil }
    sourceQueries += 1
    guard let element = try? source.element(containingAttachment: stored) else { return nil }
    return indexOfReleasedParagraph(identifier: element)
  }

  override func storeReplacement(
    _ range: Range<Int>, removed: [TextParagraph], with contents: [(AttributedText, [String: String])]
  ) throws(TextEditError) -> [Int64]? {
    try writeReplacement(range, removed: removed, with: contents)
  }

  override func paragraphsDidChange(removed: [TextParagraph], inserted: [TextParagraph]) {
    trackReplacement(removed: removed, inserted: inserted)
  }

  override package func releaseUnusedParagraphs() { releaseUnheldParagraphs() }

  override func containsAttachment(with identity: AttachmentIdentity) -> Bool {
    presentAttachments[identity] != nil || releasedAttachments.contains(identity)
  }
}
