/// The in-memory document as a ``TextContentSource``: what ``TextContentStorage`` reads.
///
/// The contents given at creation are kept as given (the caller's array, not copied) and cut into
/// blocks of ``blockSize``. A block no edit has touched is just its range of the given contents.
/// The first edit in a block turns it into a balanced tree of its elements (one node each, its
/// length the element's characters), so every read, offset, position and replacement inside it is
/// O(log n + k) however large pastes make it. Reads hand back the same attachment objects every
/// time: the in-memory document is the one place they live.
///
/// Identifiers are process-wide serials, as ``TextParagraph`` numbers paragraphs made in memory:
/// the given contents take a consecutive range at creation, in document order, so a given
/// element's identifier names its position (and its block) without any table.
final class InMemoryTextContentSource: TextContentSource {
  /// An element of an edited block, kept as a value.
  struct Element {
    var identifier: Int64
    var text: AttributedText
    var attributes: [String: String]
  }

  /// A block's contents: the given contents `range`, or, once edited, a tree of its elements.
  enum Block {
    case given(Range<Int>)
    case edited(SequenceTree<Element>)
  }

  /// Why a call was refused: a block or positions outside the document.
  struct SourceError: Error, CustomStringConvertible {
    var description: String
  }

  /// One replacement of an open transaction, as rolling it back needs it.
  private struct JournalEntry {
    var block: Int
    var inserted: Range<Int>
    var removed: [Element]
  }

  /// How many given contents one block holds until an edit touches it.
  static let blockSize = 64

  private let contents: [(AttributedText, [String: String])]
  private(set) var blocks: [Block]
  /// The characters of each block as given.
  private let givenLengths: [Int]
  /// The serial of `contents[0]`; the identifier of `contents[p]` is `-(firstSerial + p) - 1`.
  private let firstSerial: Int
  /// The elements of edited blocks: their block and node, by identifier.
  private var editedNodes: [Int64: (block: Int, node: SequenceTree<Element>.Node)] = [:]
  /// The replacements of the open transaction, or `nil` outside one.
  private var journal: [JournalEntry]?

  /// A source holding `contents`, one element each.
  /// - Complexity: O(n) reads of lengths; O(n / ``blockSize``) memory beyond the contents.
  init(_ contents: [(AttributedText, [String: String])]) {
    self.contents = contents
    firstSerial = TextParagraph.reserveSerials(contents.count)
    var blocks: [Block] = []
    var lengths: [Int] = []
    blocks.reserveCapacity(contents.count / Self.blockSize + 1)
    lengths.reserveCapacity(contents.count / Self.blockSize + 1)
    var start = 0
    repeat {
      let end = min(contents.count, start + Self.blockSize)
      var length = 0
      for position in start..<end { length += contents[position].0.length }
      blocks.append(.given(start..<end))
      lengths.append(length)
      start = end
    } while start < contents.count
    self.blocks = blocks
    givenLengths = lengths
  }

  // MARK: Reading

  func blockSummaries() -> [TextContentBlockSummary] {
    blocks.enumerated().map { index, block in
      switch block {
      case .given(let range):
        TextContentBlockSummary(block: Int64(index), count: range.count, length: givenLengths[index])
      case .edited(let tree): TextContentBlockSummary(block: Int64(index), count: tree.count, length: tree.totalLength)
      }
    }
  }

  func elements(inBlock block: Int64, positions: Range<Int>) throws -> [StoredTextElement] {
    try read(block, positions) { identifier, text, attributes in
      StoredTextElement(identifier: identifier, attributedString: text, paragraphAttributes: attributes)
    }
  }

  func lengths(inBlock block: Int64, positions: Range<Int>) throws -> [Int] {
    try read(block, positions) { _, text, _ in text.length }
  }

  func scalarLengths(inBlock block: Int64, positions: Range<Int>) throws -> [Int] {
    try read(block, positions) { _, text, _ in text.scalarLength }
  }

  func length(ofElementsInBlock block: Int64, positions: Range<Int>) throws -> Int {
    let index = try checked(block, positions)
    switch blocks[index] {
    case .given(let range):
      var length = 0
      for position in positions { length += text(ofGiven: range.lowerBound + position).length }
      return length
    case .edited(let tree):
      return offset(in: tree, before: positions.upperBound) - offset(in: tree, before: positions.lowerBound)
    }
  }

  func position(ofCharacter offset: Int, inBlock block: Int64, count: Int) throws -> Int {
    let index = try checked(block, 0..<0)
    switch blocks[index] {
    case .given(let range):
      var start = 0
      for position in range {
        let length = text(ofGiven: position).length
        if offset < start + length + 1 { return position - range.lowerBound }
        start += length + 1
      }
      return max(0, range.count - 1)
    case .edited(let tree):
      return tree.node(containingOffset: offset, separator: 1)?.index ?? 0
    }
  }

  func position(ofElement identifier: Int64) -> (block: Int64, position: Int)? {
    if let (block, node) = editedNodes[identifier] {
      guard case .edited(let tree) = blocks[block] else { return nil }
      return (Int64(block), tree.position(of: node).index)
    }
    guard let position = givenPosition(of: identifier) else { return nil }
    let block = position / Self.blockSize
    guard case .given(let range) = blocks[block] else { return nil }  // edited: the element left
    return (Int64(block), position - range.lowerBound)
  }

  func registerAttachments(_ register: (TextAttachment) -> Void) {
    for (text, _) in contents {
      // Every run is read: an attachment attribute may sit on any character, not only U+FFFC.
      for run in text.runs { if let attachment = run.attributes.attachment { register(attachment) } }
    }
  }

  // MARK: Writing

  func replaceElements(inBlock block: Int64, positions: Range<Int>, with elements: [StoredTextElement]) throws
    -> [Int64]
  {
    let index = try checked(block, positions)
    var serial = TextParagraph.reserveSerials(elements.count)
    var identifiers = Set<Int64>()
    let kept = elements.map { element in
      var identifier = element.identifier
      if identifier == 0 || contains(identifier) || !identifiers.insert(identifier).inserted {
        identifier = -Int64(serial) - 1
        serial += 1
      }
      return Element(identifier: identifier, text: element.attributedString, attributes: element.paragraphAttributes)
    }
    let removed = replace(positions, inBlock: index, with: kept)
    journal?.append(
      JournalEntry(block: index, inserted: positions.lowerBound..<(positions.lowerBound + kept.count), removed: removed)
    )
    return kept.map(\.identifier)
  }

  func beginTransaction() { journal = [] }

  func commitTransaction() { journal = nil }

  func rollbackTransaction() {
    for entry in (journal ?? []).reversed() { replace(entry.inserted, inBlock: entry.block, with: entry.removed) }
    journal = nil
  }

  // MARK: Private

  private func identifier(ofGiven position: Int) -> Int64 { -Int64(firstSerial + position) - 1 }

  private func givenPosition(of identifier: Int64) -> Int? {
    guard identifier < 0 else { return nil }
    let position = -(identifier + 1) - Int64(firstSerial)
    return position >= 0 && position < contents.count ? Int(position) : nil
  }

  private func contains(_ identifier: Int64) -> Bool { position(ofElement: identifier) != nil }

  private func text(ofGiven position: Int) -> AttributedText { contents[position].0 }

  /// The index of `block`, checked, with `positions` inside it.
  private func checked(_ block: Int64, _ positions: Range<Int>) throws -> Int {
    guard block >= 0, block < blocks.count else { throw SourceError(description: "no block \(block)") }
    let index = Int(block)
    let count =
      switch blocks[index] {
      case .given(let range): range.count
      case .edited(let tree): tree.count
      }
    guard positions.lowerBound >= 0, positions.upperBound <= count else {
      throw SourceError(description: "positions \(positions) outside block \(block) of \(count)")
    }
    return index
  }

  private func read<T>(
    _ block: Int64, _ positions: Range<Int>, _ make: (Int64, AttributedText, [String: String]) -> T
  ) throws -> [T] {
    let index = try checked(block, positions)
    switch blocks[index] {
    case .given(let range):
      return positions.map { position in
        let given = range.lowerBound + position
        return make(identifier(ofGiven: given), text(ofGiven: given), contents[given].1)
      }
    case .edited(let tree):
      var result: [T] = []
      result.reserveCapacity(positions.count)
      var node = positions.isEmpty ? nil : tree.node(at: positions.lowerBound)
      while result.count < positions.count, let current = node {
        result.append(make(current.element.identifier, current.element.text, current.element.attributes))
        node = tree.successor(of: current)
      }
      return result
    }
  }

  /// The characters before position `position` of `tree`.
  private func offset(in tree: SequenceTree<Element>, before position: Int) -> Int {
    guard position < tree.count, let node = tree.node(at: position) else { return tree.totalLength }
    return tree.position(of: node).offset
  }

  /// Replaces `positions` of block `index` with `elements` (identifiers already settled).
  /// - Returns: The elements removed.
  @discardableResult
  private func replace(_ positions: Range<Int>, inBlock index: Int, with elements: [Element]) -> [Element] {
    let tree = edited(index)
    let (removed, inserted) = tree.replace(
      positions, withPieces: elements.lazy.map { .init(element: $0, length: $0.text.length, height: 0) })
    for element in removed { editedNodes[element.identifier] = nil }
    for node in inserted { editedNodes[node.element.identifier] = (index, node) }
    return removed
  }

  /// Block `index` as a tree, made from its given contents the first time an edit touches it.
  private func edited(_ index: Int) -> SequenceTree<Element> {
    let range: Range<Int>
    switch blocks[index] {
    case .edited(let tree): return tree
    case .given(let given): range = given
    }
    let tree = SequenceTree<Element>()
    let elements = range.map { position in
      Element(
        identifier: identifier(ofGiven: position), text: text(ofGiven: position), attributes: contents[position].1)
    }
    let (_, nodes) = tree.replace(
      0..<0, withPieces: elements.lazy.map { .init(element: $0, length: $0.text.length, height: 0) })
    for node in nodes { editedNodes[node.element.identifier] = (index, node) }
    blocks[index] = .edited(tree)
    return tree
  }
}
