/// One occurrence of a search query in a document: the paragraph and the span of its text.
///
/// The paragraph index counts every paragraph of the document, day separators included: it is the
/// index a chat view's content manager and layout use (the `ChatStore` block table's running
/// count, `Transcript.storage(stickers:)`'s paragraphs), so a hit can be jumped to directly. The
/// span is in UTF-16 code units of the paragraph's text, where a sticker is one U+FFFC and a line
/// break one character.
public struct MessageSearchHit: Hashable, Sendable, CustomStringConvertible {
  /// The index of the paragraph holding the hit, day separators counted.
  public var paragraphIndex: Int
  /// The UTF-16 offset of the hit in the paragraph's text.
  public var offset: Int
  /// The hit's length in UTF-16 code units.
  public var length: Int

  /// Creates a hit.
  /// - Parameters:
  ///   - paragraphIndex: The paragraph's index, day separators counted.
  ///   - offset: The UTF-16 offset in the paragraph's text.
  ///   - length: The UTF-16 length.
  public init(paragraphIndex: Int, offset: Int, length: Int) {
    self.paragraphIndex = paragraphIndex
    self.offset = offset
    self.length = length
  }

  /// `paragraph:offset+length`.
  public var description: String { "\(paragraphIndex):\(offset)+\(length)" }
}
