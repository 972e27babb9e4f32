import Foundation

/// The storage layer's base: an ordered set of paragraphs, edit transactions and observers.
///
/// Paragraphs live in a balanced tree, so every lookup by index, character offset or paragraph
/// is O(log n). ``TextContentStorage`` adds attributed-string editing on top.
open class TextContentManager {
  /// Hides elements from enumeration and layout (collapsible sections).
  public weak var delegate: (any TextContentManagerDelegate)?

  let paragraphs = SequenceTree<TextParagraph>()
  private var observers: [WeakObserver] = []
  private var transactionDepth = 0
  private var isNotifying = false
  /// Attachments present in the document, by identity; each appears at most once.
  private var presentAttachments: [ObjectIdentifier: TextAttachment] = [:]

  public init() {
    insertInitialParagraph()
  }

  private func insertInitialParagraph() {
    let empty = TextParagraph(attributedString: AttributedText())
    adopt([empty])
    paragraphs.replace(0..<0, with: [(empty, 0, 0)])
    empty.storageNode = paragraphs.first
  }

  // MARK: Observers

  /// Attaches an observer (a layout manager); each is told about every later edit.
  package func addObserver(_ observer: any TextContentObserver) {
    observers.removeAll { $0.value == nil || $0.value === observer }
    observers.append(WeakObserver(value: observer))
  }

  package func removeObserver(_ observer: any TextContentObserver) {
    observers.removeAll { $0.value == nil || $0.value === observer }
  }

  // MARK: Queries

  /// The number of paragraphs; an empty document has one empty paragraph.
  public var paragraphCount: Int { paragraphs.count }

  /// The document length in characters, counting one for each `\n` between paragraphs.
  public var length: Int { paragraphs.totalLength + paragraphs.count - 1 }

  /// Nodes of the paragraph index visited so far, for complexity tests.
  public var indexNodesVisited: Int { paragraphs.nodesVisited }

  /// The paragraph at `index`.
  /// - Complexity: O(log n).
  public func paragraph(at index: Int) -> TextParagraph? { paragraphs.node(at: index)?.element }

  /// The index of `paragraph`, or `nil` if it is not in this document.
  /// - Complexity: O(log n).
  public func index(of paragraph: TextParagraph) -> Int? {
    guard paragraph.textContentManager === self, let node = paragraph.storageNode else { return nil }
    return paragraphs.position(of: node).index
  }

  /// The range of the whole document.
  public var documentRange: TextRange {
    let first = paragraphs.first!.element
    let last = paragraphs.last!.element
    return TextRange(
      location: TextLocation(paragraph: first, offset: 0), end: TextLocation(paragraph: last, offset: last.length))
  }

  /// The document offset of `location`.
  /// - Throws: ``TextEditError`` when the location is stale or out of its paragraph.
  /// - Complexity: O(log n).
  public func offset(of location: TextLocation) throws(TextEditError) -> Int {
    guard location.paragraph.textContentManager === self, let node = location.paragraph.storageNode else {
      throw .staleLocation
    }
    guard location.offset >= 0, location.offset <= location.paragraph.length else {
      throw .offsetOutOfRange(offset: location.offset, length: location.paragraph.length)
    }
    let position = paragraphs.position(of: node)
    return position.offset + position.index + location.offset
  }

  /// The location at document offset `offset`.
  /// - Complexity: O(log n).
  public func location(at offset: Int) throws(TextEditError) -> TextLocation {
    guard offset >= 0, offset <= length else { throw .offsetOutOfRange(offset: offset, length: length) }
    let found = paragraphs.node(containingOffset: offset, separator: 1)!
    return TextLocation(paragraph: found.node.element, offset: offset - found.start)
  }

  /// The document offset where paragraph `index` starts.
  /// - Complexity: O(log n).
  public func startOffset(ofParagraphAt index: Int) throws(TextEditError) -> Int {
    guard let node = paragraphs.node(at: index) else {
      throw .paragraphIndexOutOfRange(index: index, count: paragraphCount)
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

  /// Whether `attachment` (by identity) is in the document.
  /// - Complexity: O(1).
  public func contains(_ attachment: TextAttachment) -> Bool {
    presentAttachments[ObjectIdentifier(attachment)] != nil
  }

  /// Whether the delegate lets `element` take part in enumeration and layout.
  public func shouldEnumerate(_ element: TextElement, options: TextContentManagerEnumerationOptions = []) -> Bool {
    delegate?.textContentManager(self, shouldEnumerate: element, options: options) ?? true
  }

  /// Calls `block` for each element the delegate lets through, from the element holding
  /// `location` (the start when `nil`), until `block` returns `false`.
  /// - Returns: The location where enumeration stopped, or `nil` when it ran to the end.
  @discardableResult
  public func enumerateTextElements(
    from location: TextLocation? = nil, options: TextContentManagerEnumerationOptions = [],
    using block: (TextElement) -> Bool
  ) -> TextLocation? {
    let startIndex: Int
    if let location, let index = index(of: location.paragraph) {
      startIndex = index
    } else {
      startIndex = options.contains(.reverse) ? paragraphCount - 1 : 0
    }
    var current = paragraphs.node(at: startIndex)
    while let node = current {
      let paragraph = node.element
      if shouldEnumerate(paragraph, options: options), !block(paragraph) {
        return TextLocation(paragraph: paragraph, offset: 0)
      }
      current = options.contains(.reverse) ? paragraphs.predecessor(of: node) : paragraphs.successor(of: node)
    }
    return nil
  }

  // MARK: Editing

  /// Whether an editing transaction is open: observers hear of the edits in it one by one,
  /// and of its end once. Reuse decisions about fragments dropped meanwhile wait for the end.
  package var isInEditingTransaction: Bool { transactionDepth > 0 }

  /// Groups edits; observers hear ``TextContentObserver/textContentManagerDidEndEditingTransaction(_:)``
  /// once, when the outermost transaction ends. Reuse decisions are made then.
  public func performEditingTransaction<Result>(_ body: () throws -> Result) rethrows -> Result {
    transactionDepth += 1
    defer {
      transactionDepth -= 1
      if transactionDepth == 0 {
        for observer in observers { observer.value?.textContentManagerDidEndEditingTransaction(self) }
      }
    }
    return try body()
  }

  /// Replaces paragraphs `range` with `newParagraphs` and tells every observer.
  ///
  /// An attachment already present elsewhere in the document is replaced by a copy
  /// (``TextAttachment/copy()``): one attachment object appears at most once per document.
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
    var removedParagraphs: [TextParagraph] = []
    paragraphs.visit(from: range.lowerBound) { node in
      guard removedParagraphs.count < range.count else { return false }
      removedParagraphs.append(node.element)
      return true
    }
    for paragraph in removedParagraphs {
      for attachment in paragraph.attributedString.attachments {
        presentAttachments[ObjectIdentifier(attachment)] = nil
      }
    }
    if contents.count > 64 { presentAttachments.reserveCapacity(presentAttachments.count + contents.count / 2) }
    let newParagraphs = contents.map { text, attributes in
      TextParagraph(
        attributedString: text.mappingAttachments { attachment in
          let key = ObjectIdentifier(attachment)
          let unique = presentAttachments[key] == nil ? attachment : attachment.copy()
          presentAttachments[ObjectIdentifier(unique)] = unique
          return unique
        }, paragraphAttributes: attributes)
    }
    return performEditingTransaction {
      let (removed, inserted) = paragraphs.replace(
        range, with: newParagraphs.map { (element: $0, length: $0.length, height: 0) })
      for paragraph in removed {
        paragraph.storageNode = nil
        paragraph.textContentManager = nil
      }
      adopt(newParagraphs)
      for (paragraph, node) in zip(newParagraphs, inserted) { paragraph.storageNode = node }
      isNotifying = true
      defer { isNotifying = false }
      for observer in observers {
        observer.value?.textContentManager(
          self, didReplaceParagraphsIn: range, removed: removed, inserted: newParagraphs)
      }
      return (removed, newParagraphs)
    }
  }

  private func adopt(_ newParagraphs: [TextParagraph]) {
    for paragraph in newParagraphs { paragraph.textContentManager = self }
  }
}

private struct WeakObserver {
  weak var value: (any TextContentObserver)?
}
