/// A paragraph as a backing store hands it to its content manager.
public struct StoredTextElement {
  /// The store's identifier for this element: the same across release and rebuilding, never
  /// reused for another element.
  public var identifier: Int64
  /// The paragraph's content. Attachments carry ``TextAttachment/persistentIdentifier``.
  public var attributedString: AttributedText
  /// Paragraph-level attributes (sender, time).
  public var paragraphAttributes: [String: String]

  /// An element as a store hands it over.
  /// - Parameters:
  ///   - identifier: The store's identifier of the element, stable and never reused.
  ///   - attributedString: The paragraph's content, without its separator.
  ///   - paragraphAttributes: Paragraph-level attributes (default none).
  public init(identifier: Int64, attributedString: AttributedText, paragraphAttributes: [String: String] = [:]) {
    self.identifier = identifier
    self.attributedString = attributedString
    self.paragraphAttributes = paragraphAttributes
  }
}

/// A contiguous run of stored elements, counted and measured without being loaded.
public struct TextContentBlockSummary: Equatable, Sendable {
  /// The store's identifier of the block.
  public var block: Int64
  /// The elements in the block.
  public var count: Int
  /// The characters in the block's elements, without paragraph separators.
  public var length: Int
  /// The Unicode scalars in the block's elements, without paragraph separators, or `nil` when the
  /// source does not keep that sum: the manager then counts the block's scalars
  /// (``TextContentSource/scalarLengths(inBlock:positions:)``) the first time an accessibility
  /// client asks for scalar offsets.
  public var scalarLength: Int?

  /// A summary of `block`: `count` elements of `length` characters in all.
  /// - Parameters:
  ///   - block: The store's identifier of the block.
  ///   - count: The elements in the block.
  ///   - length: The characters in the block's elements, without paragraph separators.
  ///   - scalarLength: The Unicode scalars in the block's elements, or `nil` (the default) when
  ///     the source does not keep that sum.
  public init(block: Int64, count: Int, length: Int, scalarLength: Int? = nil) {
    self.block = block
    self.count = count
    self.length = length
    self.scalarLength = scalarLength
  }
}

/// The backing store of a ``TextContentManager``, whose elements are built on demand, as subclasses
/// of `NSTextContentManager` back TextKit with their own storage. The in-memory document
/// (``TextContentStorage``) is one source, the chat's SQLite store another; any public conformance
/// gets every feature of the engine (building, release, locations, attachments, editing, undo).
///
/// The document is a sequence of blocks, each a sequence of elements addressed by position
/// inside the block (from 0). Blocks are small (the store keeps them to a few thousand elements),
/// so a position inside one is found with one indexed query. Block identities and order are
/// fixed for as long as a manager has the source open; edits change positions inside a block.
/// A source that keeps blocks small by splitting them (a block grown by appends) does so before
/// ``blockSummaries()`` is read, when it opens, never while a manager holds it.
public protocol TextContentSource: AnyObject {
  /// The document's blocks, in order. Read once, when the manager opens.
  /// - Complexity: O(blocks).
  func blockSummaries() throws -> [TextContentBlockSummary]

  /// The elements at `positions` inside `block`, in order.
  func elements(inBlock block: Int64, positions: Range<Int>) throws -> [StoredTextElement]

  /// The character lengths of the elements at `positions` inside `block`, without building them.
  func lengths(inBlock block: Int64, positions: Range<Int>) throws -> [Int]

  /// Replaces the elements at `positions` inside `block` with `elements`; later positions in the
  /// block shift. An element's ``StoredTextElement/identifier`` is kept when the store has no
  /// element with it (undo re-inserting a deleted message); otherwise the store assigns one.
  /// - Returns: The identifiers of the inserted elements, in order.
  func replaceElements(inBlock block: Int64, positions: Range<Int>, with elements: [StoredTextElement]) throws
    -> [Int64]

  /// ``replaceElements(inBlock:positions:with:)``, told the identifiers of the elements now at
  /// `positions` (in order), so that a store can find them by key rather than by position. A
  /// manager passes the identifiers of exactly the elements it replaces. Optional: the default
  /// ignores them.
  func replaceElements(
    inBlock block: Int64, positions: Range<Int>, identifiers: [Int64], with elements: [StoredTextElement]
  ) throws -> [Int64]

  /// Opens a transaction: every replacement until ``commitTransaction()`` is durable together
  /// or not at all.
  func beginTransaction() throws
  /// Makes the open transaction durable.
  func commitTransaction() throws
  /// Abandons the open transaction.
  func rollbackTransaction()

  /// Where the element with `identifier` is now, or `nil` when the store has no such element.
  /// A manager asks it to resolve a location whose element it released (see <doc:StorageIdentity>).
  /// Optional: the default answers `nil`, and such locations are then stale.
  func position(ofElement identifier: Int64) throws -> (block: Int64, position: Int)?

  /// The identifier of an element holding the attachment stored as `persistentIdentifier` (one of
  /// them, when it occurs in several), or `nil` when the store has no such attachment. Reports ask it
  /// to say where an attachment sits without building every paragraph. Optional: the default
  /// answers `nil`.
  func element(containingAttachment persistentIdentifier: String) throws -> Int64?

  /// The Unicode scalar lengths of the elements at `positions` inside `block` (an attachment is
  /// one scalar, U+FFFC), for the offsets assistive technologies count in. Optional: the default
  /// builds the elements and counts their scalars; a store that keeps the counts answers without
  /// building anything.
  func scalarLengths(inBlock block: Int64, positions: Range<Int>) throws -> [Int]

  /// The total character length of the elements at `positions` inside `block`: what
  /// ``lengths(inBlock:positions:)`` would sum. A manager asks it for the offset of an element
  /// inside a block it has not built. Optional: the default sums those lengths; a source that keeps
  /// prefix sums answers in O(log n) however large the block.
  func length(ofElementsInBlock block: Int64, positions: Range<Int>) throws -> Int

  /// The position inside `block` (which holds `count` elements) of the element holding character
  /// `offset` of the block, where every element spans its length plus one separator; an offset past
  /// the last element gives the last. Optional: the default walks the block's lengths.
  func position(ofCharacter offset: Int, inBlock block: Int64, count: Int) throws -> Int

  /// Tells a manager, once, when it opens the source, of every attachment occurrence the source
  /// holds as an object: `register` is called for each attachment run in document order (an
  /// attachment sitting in several places is registered once per place), and the source hands the
  /// same objects back on every read. The manager counts them in the document
  /// (``TextContentManager/contains(_:)``) before their paragraphs are built. Optional: the default
  /// registers none, which suits a store whose reads make new attachment objects carrying
  /// ``TextAttachment/persistentIdentifier``; the manager learns of those as it builds paragraphs.
  /// A source registers all of its attachments or none.
  func registerAttachments(_ register: (TextAttachment) -> Void) throws
}

extension TextContentSource {
  /// The default: `nil`, a store that cannot find a released element again (its locations go stale).
  public func position(ofElement identifier: Int64) throws -> (block: Int64, position: Int)? { nil }
  /// The default: `nil`, a store that cannot say where an attachment sits.
  public func element(containingAttachment persistentIdentifier: String) throws -> Int64? { nil }
  /// The default ignores `identifiers` and replaces by position with
  /// ``replaceElements(inBlock:positions:with:)``.
  /// - Returns: What ``replaceElements(inBlock:positions:with:)`` returns: the new elements' identifiers.
  public func replaceElements(
    inBlock block: Int64, positions: Range<Int>, identifiers: [Int64], with elements: [StoredTextElement]
  ) throws -> [Int64] {
    try replaceElements(inBlock: block, positions: positions, with: elements)
  }

  /// The default sums ``lengths(inBlock:positions:)`` (0 for no positions).
  /// - Complexity: O(`positions.count`) plus the cost of reading those lengths.
  public func length(ofElementsInBlock block: Int64, positions: Range<Int>) throws -> Int {
    positions.isEmpty ? 0 : try lengths(inBlock: block, positions: positions).reduce(0, +)
  }

  /// The default reads the block's lengths and walks them from the start, each element spanning its
  /// length plus one separator; an offset past the last element gives the last (0 for an empty block).
  /// - Complexity: O(`count`).
  public func position(ofCharacter offset: Int, inBlock block: Int64, count: Int) throws -> Int {
    var start = 0
    for (position, length) in try lengths(inBlock: block, positions: 0..<count).enumerated() {
      if offset < start + length + 1 { return position }
      start += length + 1
    }
    return max(0, count - 1)
  }

  /// The default builds the elements and counts the scalars of each.
  /// - Complexity: O(the elements' text) plus the cost of reading them.
  public func scalarLengths(inBlock block: Int64, positions: Range<Int>) throws -> [Int] {
    guard !positions.isEmpty else { return [] }
    return try elements(inBlock: block, positions: positions).map(\.attributedString.scalarLength)
  }

  /// The default registers no attachment: the manager learns of attachments as it builds paragraphs.
  public func registerAttachments(_ register: (TextAttachment) -> Void) throws {}
}

/// An error a ``TextContentSource`` throws that says what kind of failure it is, so that the
/// content manager can tell the user more than "the store failed".
public protocol TextContentSourceFailure: Error {
  /// Whether the write failed because the disk (or the store's quota) is full: the edit is
  /// refused as `TextEditError.storeFull`, and writing works again once there is space.
  var isOutOfSpace: Bool { get }
}
