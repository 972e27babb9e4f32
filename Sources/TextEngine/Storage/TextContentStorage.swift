/// The in-memory content manager: every paragraph is held in memory, split from attributed text
/// at `\n` or given one per message.
///
/// Paragraphs given at creation are kept as they came and made into ``TextParagraph`` objects a
/// chunk at a time, when something first asks for one (layout, enumeration, an edit), so that
/// opening a million messages costs little more than summing their lengths. Paragraphs are
/// numbered in document order whenever they are made. A chunk whose paragraphs nothing holds any
/// more (no fragment, undo record or caller) goes back to being a run, as a store-backed manager
/// releases its paragraphs: made again, its paragraphs are equal, with the same identifiers, so
/// locations into them still resolve (see <doc:StorageIdentity>). A chunk an edit changed stays
/// made.
///
/// An edit replaces exactly the paragraphs it touches with new objects; every other paragraph
/// keeps its ``TextParagraph/identifier`` (and its object while anything holds it). Bad input throws
/// ``TextEditError`` and changes nothing. The editing API is ``TextContentManager``'s.
public final class TextContentStorage: TextContentManager {
  /// The contents given at creation, shared with the caller's array (not copied).
  var initialContents: [(AttributedText, [String: String])] = []
  /// Where each chunk not yet made into paragraphs starts in ``initialContents``, by its run node.
  var chunkStarts: [ObjectIdentifier: Int] = [:]
  /// The run node of each chunk not made (or released since), by its start.
  var runNodes: [Int: SequenceTree<TextParagraph?>.Node] = [:]
  /// The nodes of each made chunk's paragraphs as made, by its start: how a location into one of
  /// them is found, and what a release sweep walks (made chunks only, not the document).
  var madeChunks: [Int: [SequenceTree<TextParagraph?>.Node]] = [:]
  /// Chunks never released: an edit changed them, or they hold a copy of a duplicated attachment
  /// (made again, the copy would be a new attachment).
  var pinnedChunks: Set<Int> = []
  /// Paragraphs made from ``initialContents`` and not released since.
  var liveMadeParagraphs: Int { paragraphsMadeFromContents - paragraphsReleased }
  /// ``liveMadeParagraphs`` after the last release sweep.
  var survivorsOfLastRelease = 0
  /// Paragraphs released back into runs so far, for complexity tests.
  package internal(set) var paragraphsReleased = 0
  /// Made paragraphs beyond the last sweep's survivors that start a new sweep (amortising it).
  static let releaseSlack = 4_096
  /// The serial of the paragraph made from `initialContents[0]`; the others follow in order.
  var firstSerial = 0
  /// The runs, by position in ``initialContents``, holding an attachment an earlier run holds too:
  /// those get copies when their chunk is made, as one attachment appears at most once.
  var duplicateAttachmentRuns: [Int: [Int]] = [:]
  /// Paragraphs made from ``initialContents`` so far, for complexity tests.
  package internal(set) var paragraphsMadeFromContents = 0
  /// How many given paragraphs one run node stands for until one of them is needed: small, so
  /// that a jump makes few paragraphs it does not show (P10), yet a viewport needs few chunks.
  static let chunkSize = 16

  /// Creates storage holding `text`, split into paragraphs at `\n`.
  public convenience init(_ text: AttributedText = AttributedText(), paragraphAttributes: [String: String] = [:]) {
    self.init(paragraphs: text.length > 0 ? text.splitIntoParagraphs().map { ($0, paragraphAttributes) } : [])
  }

  /// Creates storage from ready-made paragraphs (one per message, for example).
  ///
  /// The contents are kept as given and made into paragraph objects a chunk at a time as they are
  /// needed. Their attachments are registered now (every run is read), so that one attachment
  /// still appears at most once in the document.
  /// - Complexity: O(n) time, but only summing lengths and registering attachments; memory O(n / ``chunkSize``)
  ///   beyond the contents themselves.
  public init(paragraphs contents: [(AttributedText, [String: String])]) {
    guard !contents.isEmpty else {
      super.init()
      return
    }
    super.init(empty: ())
    adoptInitialContents(contents)
  }

  override func buildParagraph(at index: Int, in node: SequenceTree<TextParagraph?>.Node, start: Int)
    -> SequenceTree<TextParagraph?>.Node?
  {
    makeChunk(node, start: start)?[index - start]
  }

  override func length(ofItems count: Int, inRun node: SequenceTree<TextParagraph?>.Node) -> Int? {
    guard let first = chunkStarts[ObjectIdentifier(node)] else { return nil }
    var length = 0
    for position in first..<(first + count) { length += initialContents[position].0.length }
    return length
  }

  override func indexOfReleasedParagraph(identifier: Int64) -> Int? {
    indexOfGivenParagraph(identifier: identifier)
  }

  override package func releaseUnusedParagraphs() { releaseUnheldChunks() }

  override func indexOfItem(
    containing offset: Int, inRun node: SequenceTree<TextParagraph?>.Node, start: Int, offset runOffset: Int
  ) -> Int? {
    guard let first = chunkStarts[ObjectIdentifier(node)] else { return nil }
    var itemOffset = runOffset
    for item in 0..<node.count {
      let length = initialContents[first + item].0.length
      if offset < itemOffset + length + 1 || item == node.count - 1 { return start + item }
      itemOffset += length + 1
    }
    return nil
  }
}
