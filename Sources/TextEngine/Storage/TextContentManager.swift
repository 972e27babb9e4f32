import Foundation

/// The storage layer: an ordered set of paragraphs over a ``TextContentSource``, addressed by
/// position or location, with edit transactions and observers.
///
/// One engine serves every backing store. The source is a sequence of blocks of elements: the
/// in-memory document (``TextContentStorage``), the chat's SQLite store, or any public
/// ``TextContentSource`` conformance. At open the manager reads the block summaries and keeps each
/// block as one run node (a count and a length) in a balanced tree, so every lookup by index,
/// character offset or paragraph is O(log n). Asking for a paragraph inside a run builds it from
/// the source with a window of neighbours (``paragraphsPerRead``, one read); after each viewport
/// pass, paragraphs that nothing but the tree holds go back into runs. Building one again gives an
/// equal paragraph with the same ``TextParagraph/identifier``. Callers never assume a paragraph is
/// in memory: they ask by position (``paragraph(at:)``) or location (``paragraph(for:)``).
///
/// Each edit is one source transaction, written before the tree changes: when the source fails,
/// the document is unchanged and the edit throws ``TextEditError/storeFailed(message:)``. See
/// <doc:StorageIdentity>. Not open for subclassing: a new backing store is a new source.
public class TextContentManager {
  /// Hides elements from enumeration and layout (collapsible sections).
  public weak var delegate: (any TextContentManagerDelegate)?

  /// The paragraphs; `nil` elements are runs not built.
  let paragraphs = SequenceTree<TextParagraph?>()
  private var observers: [WeakObserver] = []
  private var transactionDepth = 0
  private var isNotifying = false
  /// Whether the open editing transaction replaced paragraphs (so its end is told).
  private var editedInTransaction = false
  /// The occurrences of attachments in built paragraphs, by identity (an identity occurring
  /// nowhere has no entry). See `TextContentManager+Attachments.swift`.
  var builtAttachmentOccurrences: [AttachmentIdentity: Int32] = [:]

  /// The backing store.
  public let source: any TextContentSource
  /// Each block's count and length, for block ↔ position and offset lookups.
  var blockIndex: BlockIndex
  /// The built paragraphs' nodes, by identifier.
  var builtNodes: [Int64: SequenceTree<TextParagraph?>.Node] = [:]
  /// The occurrences of attachments in paragraphs not built now that the manager counts (released,
  /// or never built from a source that registered its attachments at open), by identity. 32 bits a
  /// count: a store's released paragraphs leave an entry per attachment of theirs, and
  /// providers persist as long as their attachment is in the document.
  var unbuiltAttachmentOccurrences: [AttachmentIdentity: Int32] = [:]
  /// Whether the source registered attachments at open (``TextContentSource/registerAttachments(_:)``),
  /// so that every paragraph not built has its occurrences counted.
  var registersAttachmentsAtOpen = false
  /// The identifiers of released paragraphs holding attachments, whose occurrences are counted as
  /// unbuilt: kept only for a source that registers no attachment at open (a store), where a
  /// paragraph built for the first time brings occurrences the manager has not counted yet.
  var releasedParagraphsWithAttachments: Set<Int64> = []
  /// Whether the document's one empty paragraph lives only in memory (an empty source).
  var holdsUnstoredEmptyParagraph = false
  /// Built paragraphs that survived the last release, so the next runs only after enough new ones.
  var survivorsOfLastRelease = 0
  /// How many more built paragraphs than survived the last release trigger the next one (default 64).
  public var releaseSlack = 64
  /// Paragraphs built from the source since opening, for complexity tests and benchmarks.
  public internal(set) var paragraphsBuilt = 0
  /// Paragraphs released since opening.
  public internal(set) var paragraphsReleased = 0
  /// How many neighbours, in the same run and block, one source read builds with a paragraph
  /// (default 32): a viewport pass then takes one or a few element queries, not one per paragraph.
  public var paragraphsPerRead = 32
  /// Source queries made since opening (elements, lengths and positions), for complexity tests.
  public internal(set) var sourceQueries = 0
  /// The last block whose elements' scalar lengths were read, for scalar offsets
  /// (`TextContentManager+Scalars.swift`); dropped by every edit.
  var scalarLengthsCache: (block: Int, lengths: [Int])?
  /// The last error the source gave while building a paragraph.
  public internal(set) var lastSourceError: (any Error)?

  /// Opens `source`: reads its block summaries, lets it register its attachments, and builds no
  /// paragraph.
  /// - Throws: The source's error, or ``StoredTextContentError/noBlocks``.
  /// - Complexity: O(blocks), plus the attachments the source registers.
  public init(source: any TextContentSource) throws {
    let summaries = try source.blockSummaries()
    guard !summaries.isEmpty else { throw StoredTextContentError.noBlocks }
    self.source = source
    blockIndex = BlockIndex(summaries)
    installRuns(summaries)
    try source.registerAttachments(registerAttachmentAtOpen)
  }

  /// Opens an in-memory source, which cannot fail.
  init(memory source: InMemoryTextContentSource) {
    let summaries = source.blockSummaries()
    self.source = source
    blockIndex = BlockIndex(summaries)
    installRuns(summaries)
    source.registerAttachments(registerAttachmentAtOpen)
  }

  /// An empty document in memory.
  public convenience init() {
    self.init(memory: InMemoryTextContentSource([]))
  }

  // MARK: Observers

  /// Attaches an observer (a layout manager or a text view), held weakly; each is told about every
  /// later edit and transaction end, in the order observers were added.
  func addObserver(_ observer: any TextContentObserver) {
    observers.removeAll { $0.value == nil || $0.value === observer }
    observers.append(WeakObserver(value: observer))
  }

  /// Tells the observers that `paragraph`, which holds attachments, is about to be released.
  func notifyObservers(willRelease paragraph: TextParagraph) {
    for observer in observers { observer.value?.textContentManager(self, willRelease: paragraph) }
  }

  // MARK: Queries

  /// The number of paragraphs; an empty document has one empty paragraph.
  public var paragraphCount: Int { paragraphs.count }

  /// The document length in characters, counting one for each `\n` between paragraphs.
  public var length: Int { paragraphs.totalLength + paragraphs.count - 1 }

  /// Nodes of the paragraph index visited so far, for complexity tests.
  public var indexNodesVisited: Int { paragraphs.nodesVisited }

  /// The paragraph at `index`, built if needed.
  /// - Complexity: O(log n), plus building it.
  public func paragraph(at index: Int) -> TextParagraph? { builtNode(at: index)?.element ?? nil }

  /// The node of the paragraph at `index`, building the paragraph if it is in a run.
  /// - Complexity: O(log n), plus building it.
  func builtNode(at index: Int) -> SequenceTree<TextParagraph?>.Node? {
    guard let (node, start) = paragraphs.locate(index) else { return nil }
    if node.element != nil { return node }
    return buildParagraph(at: index, in: node, start: start)
  }

  /// The index of `paragraph`, or `nil` if it is not in this document.
  /// - Complexity: O(log n).
  public func index(of paragraph: TextParagraph) -> Int? {
    guard paragraph.textContentManager === self, let node = paragraph.storageNode else { return nil }
    return paragraphs.position(of: node).index
  }

  /// The index of the paragraph `location` points into, or `nil` when it left the document.
  /// - Complexity: O(log n).
  public func index(of location: TextLocation) -> Int? {
    if let paragraph = location.cachedParagraph, paragraph.textContentManager === self,
      let node = paragraph.storageNode
    {
      return paragraphs.position(of: node).index
    }
    return indexOfReleasedParagraph(identifier: location.elementIdentifier)
  }

  /// The paragraph `location` points into (built again if it was released), or `nil` when it
  /// left the document.
  /// - Complexity: O(log n).
  public func paragraph(for location: TextLocation) -> TextParagraph? {
    if let paragraph = location.cachedParagraph, paragraph.textContentManager === self, paragraph.storageNode != nil {
      return paragraph
    }
    return indexOfReleasedParagraph(identifier: location.elementIdentifier).flatMap(paragraph(at:))
  }

  /// The range of the whole document.
  public var documentRange: TextRange {
    let first = paragraph(at: 0)
    let last = paragraph(at: paragraphCount - 1)
    return TextRange(
      location: TextLocation(elementIdentifier: first?.identifier ?? 0, offset: 0),
      end: TextLocation(elementIdentifier: last?.identifier ?? 0, offset: last?.length ?? 0))
  }

  /// The document offset of `location`.
  /// - Throws: ``TextEditError`` when the location is stale or out of its paragraph.
  /// - Complexity: O(log n).
  public func offset(of location: TextLocation) throws(TextEditError) -> Int {
    guard let paragraph = paragraph(for: location), let node = paragraph.storageNode else { throw .staleLocation }
    guard location.offset >= 0, location.offset <= paragraph.length else {
      throw .offsetOutOfRange(offset: location.offset, length: paragraph.length)
    }
    let position = paragraphs.position(of: node)
    return position.offset + position.index + location.offset
  }

  /// The location at document offset `offset`, building its paragraph if needed.
  /// - Complexity: O(log n).
  public func location(at offset: Int) throws(TextEditError) -> TextLocation {
    let (paragraph, start) = try paragraph(containing: offset)
    return TextLocation(paragraph: paragraph, offset: offset - start)
  }

  /// The paragraph holding document offset `offset` and the offset where it starts.
  /// - Complexity: O(log n), plus building the paragraph.
  func paragraph(containing offset: Int) throws(TextEditError) -> (TextParagraph, Int) {
    guard offset >= 0, offset <= length else { throw .offsetOutOfRange(offset: offset, length: length) }
    let found = paragraphs.node(containingOffset: offset, separator: 1)!
    if let paragraph = found.node.element { return (paragraph, found.start) }
    guard let index = indexOfItem(containing: offset), let node = builtNode(at: index), let paragraph = node.element
    else { throw .storeFailed(message: "the store could not build the paragraph at offset \(offset)") }
    let position = paragraphs.position(of: node)
    return (paragraph, position.offset + position.index)
  }

  /// The document offset where paragraph `index` starts.
  /// - Complexity: O(log n).
  public func startOffset(ofParagraphAt index: Int) throws(TextEditError) -> Int {
    guard index >= 0, index < paragraphCount else {
      throw .paragraphIndexOutOfRange(index: index, count: paragraphCount)
    }
    if let (run, _) = paragraphs.locate(index), run.element == nil, let (block, position) = blockIndex.locate(index),
      let offset = try? offset(ofItem: index, block: block, position: position)
    {
      // Inside a run: the source's lengths give the offset, and nothing is built.
      return offset + index
    }
    guard let node = builtNode(at: index) else {
      throw .storeFailed(message: "the store could not build paragraph \(index)")
    }
    let position = paragraphs.position(of: node)
    return position.offset + position.index
  }

  /// Orders two locations in this document.
  /// - Complexity: O(log n).
  public func compare(_ lhs: TextLocation, _ rhs: TextLocation) throws(TextEditError) -> ComparisonResult {
    let a = try offset(of: lhs)
    let b = try offset(of: rhs)
    return a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
  }

  /// Whether `attachment` occurs in the document, once or more: by its stored identifier when it
  /// has one (an attachment rebuilt from its store is the same attachment), else by the object. An
  /// attachment in a paragraph released since (or, from a source that registers its attachments at
  /// open, never built) is still in the document; one only in paragraphs a store has never built
  /// counts once its paragraph is built (the manager has not seen it before).
  /// - Complexity: O(1).
  public func contains(_ attachment: TextAttachment) -> Bool {
    containsAttachment(with: attachment.identity)
  }

  /// Whether the delegate lets `element` take part in enumeration and layout.
  public func shouldEnumerate(_ element: TextElement, options: TextContentManagerEnumerationOptions = []) -> Bool {
    delegate?.textContentManager(self, shouldEnumerate: element, options: options) ?? true
  }

  /// Calls `block` for each element the delegate lets through, from the element holding
  /// `location` (the start when `nil`), until `block` returns `false`. Elements not in memory
  /// are built as the enumeration reaches them.
  /// - Returns: The location where enumeration stopped, or `nil` when it ran to the end.
  @discardableResult
  public func enumerateTextElements(
    from location: TextLocation? = nil, options: TextContentManagerEnumerationOptions = [],
    using block: (TextElement) -> Bool
  ) -> TextLocation? {
    let reverse = options.contains(.reverse)
    var index = location.flatMap { self.index(of: $0) } ?? (reverse ? paragraphCount - 1 : 0)
    while let paragraph = paragraph(at: index) {
      if shouldEnumerate(paragraph, options: options), !block(paragraph) {
        return TextLocation(paragraph: paragraph, offset: 0)
      }
      index += reverse ? -1 : 1
    }
    return nil
  }

  // MARK: Editing

  /// Whether an editing transaction is open: observers hear of the edits in it one by one,
  /// and of its end once. Reuse decisions about fragments dropped meanwhile wait for the end.
  var isInEditingTransaction: Bool { transactionDepth > 0 }

  /// Groups edits; observers hear `TextContentObserver.textContentManagerDidEndEditingTransaction(_:)`
  /// once, when the outermost transaction ends, if it edited. Reuse decisions are made then.
  public func performEditingTransaction<Result>(_ body: () throws -> Result) rethrows -> Result {
    transactionDepth += 1
    defer {
      transactionDepth -= 1
      if transactionDepth == 0, editedInTransaction {
        editedInTransaction = false
        for observer in observers { observer.value?.textContentManagerDidEndEditingTransaction(self) }
      }
    }
    return try body()
  }

  /// Replaces paragraphs `range` with `newParagraphs` and tells every observer.
  ///
  /// The contents go in as they are: an attachment object already in the document goes in again,
  /// as one more occurrence of the same attachment (TextKit lets one attachment object sit in
  /// several ranges), and the occurrence counts change by exactly what the edit removed and
  /// inserted. A store-backed manager writes the replacement to its store first; if the store
  /// refuses, nothing changes (the stored identifiers it may have written into inserted
  /// attachments are put back as they were).
  /// - Complexity: O(log n + k) for k paragraphs removed and inserted.
  @discardableResult
  func replaceParagraphs(_ range: Range<Int>, with contents: [(AttributedText, [String: String])])
    throws(TextEditError) -> (removed: [TextParagraph], inserted: [TextParagraph])
  {
    guard !isNotifying else { throw .reentrantEdit }
    guard range.lowerBound >= 0, range.upperBound <= paragraphCount else {
      throw .paragraphIndexOutOfRange(index: range.upperBound, count: paragraphCount)
    }
    var pending = contents.isEmpty && range.count == paragraphCount ? [(AttributedText(), [:])] : contents
    let removedParagraphs = try buildParagraphs(range)
    // Every inserted occurrence, with the stored identifier it had before the store saw it.
    var insertedAttachments: [TextAttachment] = []
    for (text, _) in pending {
      for run in text.runs { if let attachment = run.attributes.attachment { insertedAttachments.append(attachment) } }
    }
    let storedIdentifiers = insertedAttachments.map(\.persistentIdentifier)
    let identifiers: [Int64]?
    do {
      identifiers = try storeReplacement(range, removed: removedParagraphs, with: pending)
    } catch {
      for (attachment, identifier) in zip(insertedAttachments, storedIdentifiers) {
        attachment.persistentIdentifier = identifier
      }
      throw error
    }
    // Counted once the store wrote the identifiers of new attachments, under those.
    countOccurrences(removing: removedParagraphs, inserting: insertedAttachments)
    // Moving each content out of `pending` hands it to its paragraph without a retain, and leaves no
    // array of contents to release element by element. Reversed first, so that paragraphs are still
    // made (and numbered) in document order.
    var newParagraphs: [TextParagraph] = []
    newParagraphs.reserveCapacity(pending.count)
    pending.reverse()
    while let (text, attributes) = pending.popLast() {
      newParagraphs.append(
        TextParagraph(
          attributedString: text, paragraphAttributes: attributes, identifier: identifiers?[newParagraphs.count]))
    }
    pending = []  // its buffer (56 bytes a paragraph) goes before the tree's nodes are made
    return performEditingTransaction {
      let (removed, inserted) = paragraphs.replace(
        range,
        withPieces: newParagraphs.lazy.map { SequenceTree.Piece(element: $0, length: $0.length, height: 0) })
      for case let paragraph? in removed {
        paragraph.storageNode = nil
        paragraph.textContentManager = nil
      }
      adopt(newParagraphs)
      for (paragraph, node) in zip(newParagraphs, inserted) { paragraph.storageNode = node }
      paragraphsDidChange(removed: removedParagraphs, inserted: newParagraphs)
      isNotifying = true
      defer { isNotifying = false }
      editedInTransaction = true
      for observer in observers {
        observer.value?.textContentManager(
          self, didReplaceParagraphsIn: range, removed: removedParagraphs, inserted: newParagraphs)
      }
      return (removedParagraphs, newParagraphs)
    }
  }

  func adopt(_ newParagraphs: [TextParagraph]) {
    for paragraph in newParagraphs { paragraph.textContentManager = self }
  }
}

private struct WeakObserver {
  weak var value: (any TextContentObserver)?
}
