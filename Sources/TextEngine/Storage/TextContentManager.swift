import Foundation

/// The storage layer's base, abstract over its backing store as `NSTextContentManager` is: an
/// ordered set of paragraphs, addressed by position or location, edit transactions and observers.
///
/// Paragraphs live in a balanced tree, so every lookup by index, character offset or paragraph
/// is O(log n). A subclass decides where paragraphs come from: ``TextContentStorage`` keeps every
/// paragraph in memory; ``StoredTextContentManager`` keeps runs of paragraphs it has not built as
/// one node each (a count and a length) and builds a paragraph when it is asked for. Callers
/// never assume a paragraph is in memory: they ask by position (``paragraph(at:)``) or location
/// (``paragraph(for:)``). See <doc:StorageIdentity>.
open class TextContentManager {
  /// Hides elements from enumeration and layout (collapsible sections).
  public weak var delegate: (any TextContentManagerDelegate)?

  /// The paragraphs; `nil` elements are runs not built (a store-backed manager's).
  let paragraphs = SequenceTree<TextParagraph?>()
  private var observers: [WeakObserver] = []
  private var transactionDepth = 0
  private var isNotifying = false
  /// Whether the open editing transaction replaced paragraphs (so its end is told).
  private var editedInTransaction = false
  /// Attachments present in the built paragraphs, by identity; each appears at most once.
  var presentAttachments: [AttachmentIdentity: TextAttachment] = [:]

  public init() {
    insertInitialParagraph()
  }

  /// A manager whose subclass fills the tree itself (a store-backed one).
  init(empty: Void) {}

  private func insertInitialParagraph() {
    let empty = TextParagraph(attributedString: AttributedText())
    adopt([empty])
    paragraphs.replace(0..<0, with: [(element: empty, length: 0, height: 0)])
    empty.storageNode = paragraphs.first
  }

  // MARK: Observers

  /// Attaches an observer (a layout manager or a text view), held weakly; each is told about every
  /// later edit and transaction end, in the order observers were added.
  package func addObserver(_ observer: any TextContentObserver) {
    observers.removeAll { $0.value == nil || $0.value === observer }
    observers.append(WeakObserver(value: observer))
  }

  package func removeObserver(_ observer: any TextContentObserver) {
    observers.removeAll { $0.value == nil || $0.value === observer }
  }

  // MARK: Backing store (subclass hooks)

  /// Builds the paragraph at `index`, which lies in the run `node` starting at `start`, and puts
  /// it in the tree in place of that item. The base class keeps every paragraph in memory.
  /// - Returns: The paragraph's node, or `nil` when the store fails.
  func buildParagraph(at index: Int, in node: SequenceTree<TextParagraph?>.Node, start: Int)
    -> SequenceTree<TextParagraph?>.Node?
  { nil }

  /// The index of the paragraph with `identifier` when no built paragraph has it (it was
  /// released), or `nil` when it left the document.
  func indexOfReleasedParagraph(identifier: Int64) -> Int? { nil }

  /// The index of the paragraph holding the attachment with `identity` as its store says, for a
  /// store-backed manager; `nil` otherwise (in memory, enumerate the paragraphs instead).
  /// - Complexity: O(log n) plus a source query; nothing is built.
  package func indexOfStoredAttachment(_ identity: AttachmentIdentity) -> Int? { nil }

  /// Writes a replacement to the backing store before the tree changes: paragraphs `range`
  /// (all built) become `contents`. Throw to refuse it; nothing may have changed then.
  /// - Returns: The new paragraphs' identifiers, or `nil` for new process-wide ones.
  func storeReplacement(
    _ range: Range<Int>, removed: [TextParagraph], with contents: [(AttributedText, [String: String])]
  ) throws(TextEditError) -> [Int64]? { nil }

  /// Called once the tree holds `inserted` in place of `removed`, before observers hear of it.
  func paragraphsDidChange(removed: [TextParagraph], inserted: [TextParagraph]) {}

  /// Called after every viewport pass: a store-backed manager releases paragraphs nothing holds.
  package func releaseUnusedParagraphs() {}

  /// The paragraphs built and in the tree now.
  package var builtParagraphCount: Int { paragraphs.nodeCount }

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
    guard let index = indexOfItem(containing: offset, inRun: found.node, start: found.index, offset: found.start),
      let node = builtNode(at: index), let paragraph = node.element
    else { throw .storeFailed(message: "the store could not build the paragraph at offset \(offset)") }
    let position = paragraphs.position(of: node)
    return (paragraph, position.offset + position.index)
  }

  /// The position of the item holding document offset `offset` inside the run `node` (which
  /// starts at item `start` and offset `runOffset`).
  func indexOfItem(
    containing offset: Int, inRun node: SequenceTree<TextParagraph?>.Node, start: Int, offset runOffset: Int
  ) -> Int? { nil }

  /// The document offset where paragraph `index` starts.
  /// - Complexity: O(log n).
  public func startOffset(ofParagraphAt index: Int) throws(TextEditError) -> Int {
    guard index >= 0, index < paragraphCount else {
      throw .paragraphIndexOutOfRange(index: index, count: paragraphCount)
    }
    if let (run, start) = paragraphs.locate(index), run.element == nil,
      let within = length(ofItems: index - start, inRun: run)
    {
      // Inside a run whose lengths are at hand: nothing is built.
      let position = paragraphs.position(of: run)
      return position.offset + within + position.index + (index - start)
    }
    guard let node = builtNode(at: index) else {
      throw .storeFailed(message: "the store could not build paragraph \(index)")
    }
    let position = paragraphs.position(of: node)
    return position.offset + position.index
  }

  /// The total length of the first `count` items of the run `node`, when the backing store has
  /// it at hand without building them; `nil` (the default) builds the paragraph instead.
  func length(ofItems count: Int, inRun node: SequenceTree<TextParagraph?>.Node) -> Int? { nil }

  /// Orders two locations in this document.
  /// - Complexity: O(log n).
  public func compare(_ lhs: TextLocation, _ rhs: TextLocation) throws(TextEditError) -> ComparisonResult {
    let a = try offset(of: lhs)
    let b = try offset(of: rhs)
    return a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
  }

  /// Whether `attachment` is in the document: by its stored identifier when it has one (an
  /// attachment rebuilt from its store is the same attachment), else by the object.
  /// - Complexity: O(1).
  public func contains(_ attachment: TextAttachment) -> Bool {
    containsAttachment(with: attachment.identity)
  }

  /// Whether an attachment with `identity` is in the document.
  func containsAttachment(with identity: AttachmentIdentity) -> Bool { presentAttachments[identity] != nil }

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
  package var isInEditingTransaction: Bool { transactionDepth > 0 }

  /// Groups edits; observers hear ``TextContentObserver/textContentManagerDidEndEditingTransaction(_:)``
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
  /// An attachment already present elsewhere in the document is replaced by a copy
  /// (``TextAttachment/copy()``): one attachment appears at most once per document. A store-backed
  /// manager writes the replacement to its store first; if the store refuses, nothing changes.
  /// - Complexity: O(log n + k) for k paragraphs removed and inserted.
  @discardableResult
  package func replaceParagraphs(_ range: Range<Int>, with contents: [(AttributedText, [String: String])])
    throws(TextEditError) -> (removed: [TextParagraph], inserted: [TextParagraph])
  {
    guard !isNotifying else { throw .reentrantEdit }
    guard range.lowerBound >= 0, range.upperBound <= paragraphCount else {
      throw .paragraphIndexOutOfRange(index: range.upperBound, count: paragraphCount)
    }
    let contents = contents.isEmpty && range.count == paragraphCount ? [(AttributedText(), [:])] : contents
    let removedParagraphs = try buildParagraphs(range)
    var removedAttachments: [TextAttachment] = []
    for paragraph in removedParagraphs {
      for attachment in paragraph.attributedString.attachments {
        presentAttachments[attachment.identity] = nil
        removedAttachments.append(attachment)
      }
    }
    if contents.count > 64 { presentAttachments.reserveCapacity(presentAttachments.count + contents.count / 2) }
    // One occurrence per document: an attachment present outside the replaced range (or earlier in
    // the new contents) goes in as a copy. Each is registered as it is mapped, in one pass.
    var insertedAttachments: [TextAttachment] = []
    var unique = contents.map { text, attributes in
      (
        text.mappingAttachments { attachment in
          let placed = containsAttachment(with: attachment.identity) ? attachment.copy() : attachment
          presentAttachments[placed.identity] = placed
          insertedAttachments.append(placed)
          return placed
        }, attributes
      )
    }
    let identifiers: [Int64]?
    do {
      identifiers = try storeReplacement(range, removed: removedParagraphs, with: unique)
    } catch {
      for attachment in insertedAttachments { presentAttachments[attachment.identity] = nil }
      for attachment in removedAttachments { presentAttachments[attachment.identity] = attachment }
      throw error
    }
    if identifiers != nil {
      // The store wrote stored identifiers into new attachments: register them under those.
      for attachment in insertedAttachments where attachment.persistentIdentifier != nil {
        presentAttachments[.object(attachment.id)] = nil
        presentAttachments[attachment.identity] = attachment
      }
    }
    // Moving each content out of `unique` hands it to its paragraph without a retain, and leaves no
    // array of contents to release element by element. Reversed first, so that paragraphs are still
    // made (and numbered) in document order.
    var newParagraphs: [TextParagraph] = []
    newParagraphs.reserveCapacity(unique.count)
    unique.reverse()
    while let (text, attributes) = unique.popLast() {
      newParagraphs.append(
        TextParagraph(
          attributedString: text, paragraphAttributes: attributes, identifier: identifiers?[newParagraphs.count]))
    }
    unique = []  // its buffer (56 bytes a paragraph) goes before the tree's nodes are made
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

  /// The paragraphs in `range`, each built (so the range's ends fall between tree nodes).
  private func buildParagraphs(_ range: Range<Int>) throws(TextEditError) -> [TextParagraph] {
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

  func adopt(_ newParagraphs: [TextParagraph]) {
    for paragraph in newParagraphs { paragraph.textContentManager = self }
  }
}

private struct WeakObserver {
  weak var value: (any TextContentObserver)?
}
