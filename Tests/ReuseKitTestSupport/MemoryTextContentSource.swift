import Foundation
import TextEngine

/// An in-memory ``TextContentSource`` for tests: blocks of elements made by a closure (so a
/// million of them cost nothing until read) or, once edited, kept as values. It counts what it
/// is asked for, and can be told to fail.
///
/// Every read returns new attachment objects, as a real store does; each carries a stable
/// ``TextAttachment/persistentIdentifier`` ("g<element>-<n>" for made ones, "s<n>" for stored ones).
public final class MemoryTextContentSource: TextContentSource {
  /// What the source was asked for.
  public struct Counts: Equatable, Sendable {
    /// Elements returned by `elements(inBlock:positions:)`.
    public var elementsBuilt = 0
    public var elementQueries = 0
    public var lengthQueries = 0
    public var positionQueries = 0
    public var replacements = 0
    public var transactionsBegun = 0
    public var transactionsCommitted = 0
    public var transactionsRolledBack = 0
  }

  /// Which calls fail.
  public enum Failure: Sendable { case reads, writes, commits }

  /// The error a failing call throws.
  public struct SourceError: Error, CustomStringConvertible {
    public var description: String
  }

  private struct Element {
    var identifier: Int64
    var text: AttributedText
    var attributes: [String: String]
  }

  private enum Content {
    /// Elements `serials` of the maker, not edited.
    case made(Range<Int>)
    case stored([Element])

    var count: Int {
      switch self {
      case .made(let serials): serials.count
      case .stored(let elements): elements.count
      }
    }
  }

  private struct Block {
    var identifier: Int64
    var content: Content
  }

  public private(set) var counts = Counts()
  /// Makes calls of this kind throw, until set back to `nil`.
  public var failure: Failure?
  private var blocks: [Block]
  private let make: (Int) -> (AttributedText, [String: String])
  private var nextIdentifier: Int64
  private var nextSticker = 0
  private var snapshot: [Block]?

  /// A source of `count` elements in blocks of `blockSize`; element `n` is `make(n)`, with
  /// identifier `n + 1`.
  public init(count: Int, blockSize: Int = 1_000, make: @escaping (Int) -> (AttributedText, [String: String])) {
    self.make = make
    let size = max(1, blockSize)
    blocks = stride(from: 0, to: max(count, 1), by: size).enumerated().map { index, start in
      Block(identifier: Int64(100 + index), content: .made(start..<min(count, start + size)))
    }
    nextIdentifier = Int64(count) + 1
  }

  /// Chat-like elements: "message n", with a sticker in the middle of every `stickerEvery`-th.
  public static func chat(count: Int, stickerEvery: Int = 0, blockSize: Int = 1_000) -> MemoryTextContentSource {
    MemoryTextContentSource(count: count, blockSize: blockSize) { index in
      let hasSticker = stickerEvery > 0 && index % stickerEvery == 0
      let text = hasSticker ? Fixtures.text(["message \(index) ", " end"]) : AttributedText("message \(index)")
      return (text, ["index": String(index)])
    }
  }

  /// The elements' contents in document order, for comparisons (reads count nothing).
  public var allContents: [(AttributedText, [String: String])] {
    blocks.flatMap { block in (0..<block.content.count).map { element(block, at: $0) }.map { ($0.text, $0.attributes) }
    }
  }

  // MARK: TextContentSource

  public func blockSummaries() throws -> [TextContentBlockSummary] {
    try check(.reads)
    return blocks.map { block in
      let length = (0..<block.content.count).reduce(0) { $0 + element(block, at: $1).text.length }
      return TextContentBlockSummary(block: block.identifier, count: block.content.count, length: length)
    }
  }

  public func elements(inBlock block: Int64, positions: Range<Int>) throws -> [StoredTextElement] {
    try check(.reads)
    counts.elementQueries += 1
    counts.elementsBuilt += positions.count
    let found = try self.block(block)
    return positions.map { position in
      let element = element(blocks[found], at: position)
      return StoredTextElement(
        identifier: element.identifier, attributedString: Self.rebuilt(element.text),
        paragraphAttributes: element.attributes)
    }
  }

  public func lengths(inBlock block: Int64, positions: Range<Int>) throws -> [Int] {
    try check(.reads)
    counts.lengthQueries += 1
    let found = try self.block(block)
    return positions.map { element(blocks[found], at: $0).text.length }
  }

  public func replaceElements(inBlock block: Int64, positions: Range<Int>, with elements: [StoredTextElement]) throws
    -> [Int64]
  {
    try check(.writes)
    counts.replacements += 1
    let found = try self.block(block)
    var stored = (0..<blocks[found].content.count).map { element(blocks[found], at: $0) }
    guard positions.lowerBound >= 0, positions.upperBound <= stored.count else {
      throw SourceError(description: "positions \(positions) outside block \(block)")
    }
    let inserted = elements.map { element in
      for attachment in element.attributedString.attachments where attachment.persistentIdentifier == nil {
        nextSticker += 1
        attachment.persistentIdentifier = "s\(nextSticker)"
      }
      let identifier = element.identifier > 0 && !contains(element.identifier) ? element.identifier : nextIdentifier
      if identifier == nextIdentifier { nextIdentifier += 1 }
      return Element(identifier: identifier, text: element.attributedString, attributes: element.paragraphAttributes)
    }
    stored.replaceSubrange(positions, with: inserted)
    blocks[found].content = .stored(stored)
    return inserted.map(\.identifier)
  }

  public func beginTransaction() throws {
    try check(.writes)
    counts.transactionsBegun += 1
    snapshot = blocks
  }

  public func commitTransaction() throws {
    try check(.commits)
    counts.transactionsCommitted += 1
    snapshot = nil
  }

  public func rollbackTransaction() {
    counts.transactionsRolledBack += 1
    if let snapshot { blocks = snapshot }
    snapshot = nil
  }

  public func position(ofElement identifier: Int64) throws -> (block: Int64, position: Int)? {
    try check(.reads)
    counts.positionQueries += 1
    return find(identifier)
  }

  // MARK: Private

  /// Where the element with `identifier` is: a scan, fine for a test source.
  private func find(_ identifier: Int64) -> (block: Int64, position: Int)? {
    for block in blocks {
      switch block.content {
      case .made(let serials):
        let serial = Int(identifier) - 1
        if serials.contains(serial) { return (block.identifier, serial - serials.lowerBound) }
      case .stored(let elements):
        if let position = elements.firstIndex(where: { $0.identifier == identifier }) {
          return (block.identifier, position)
        }
      }
    }
    return nil
  }

  private func check(_ kind: Failure) throws {
    if failure == kind { throw SourceError(description: "the test source fails \(kind)") }
  }

  private func block(_ identifier: Int64) throws -> Int {
    guard let index = blocks.firstIndex(where: { $0.identifier == identifier }) else {
      throw SourceError(description: "no block \(identifier)")
    }
    return index
  }

  private func contains(_ identifier: Int64) -> Bool { find(identifier) != nil }

  private func element(_ block: Block, at position: Int) -> Element {
    switch block.content {
    case .made(let serials):
      let serial = serials.lowerBound + position
      let (text, attributes) = make(serial)
      for (index, attachment) in text.attachments.enumerated() where attachment.persistentIdentifier == nil {
        attachment.persistentIdentifier = "g\(serial)-\(index)"
      }
      return Element(identifier: Int64(serial) + 1, text: text, attributes: attributes)
    case .stored(let elements):
      return elements[position]
    }
  }

  /// `text` with new attachment objects carrying the same stored identifiers, as a store's read gives.
  private static func rebuilt(_ text: AttributedText) -> AttributedText {
    text.mappingAttachments { attachment in
      let copy = attachment.copy()
      copy.persistentIdentifier = attachment.persistentIdentifier
      return copy
    }
  }
}
