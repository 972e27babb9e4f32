/// Attributed-string reading and editing, the same over every backing store.
///
/// An edit replaces exactly the paragraphs it touches with new paragraphs (new identifiers);
/// every other paragraph keeps its identifier. Bad input throws ``TextEditError`` and changes nothing.
extension TextContentManager {
  /// What one replacement did; the text view's undo uses it.
  public struct Replacement {
    /// The index of the first paragraph replaced.
    public var paragraphIndex: Int
    /// The paragraphs removed, in order (they hold the original attachment objects).
    public var removedParagraphs: [TextParagraph]
    /// The paragraphs that took their place.
    public var insertedParagraphs: [TextParagraph]
  }

  /// The attributed text in `range` of document offsets, with `\n` between paragraphs.
  /// - Complexity: O(log n + characters in range).
  public func attributedString(in range: Range<Int>) throws(TextEditError) -> AttributedText {
    try validate(range)
    let (first, firstStart) = try paragraph(containing: range.lowerBound)
    let (last, lastStart) = try paragraph(containing: range.upperBound)
    guard var index = self.index(of: first), let lastIndex = self.index(of: last) else { throw .staleLocation }
    var result = AttributedText()
    while index <= lastIndex {
      guard let paragraph = paragraph(at: index) else { throw .staleLocation }
      let from = paragraph === first ? range.lowerBound - firstStart : 0
      let to = paragraph === last ? range.upperBound - lastStart : paragraph.length
      result.append(paragraph.attributedString.slice(from..<to))
      if index == lastIndex { break }
      result.append(AttributedText("\n"))
      index += 1
    }
    return result
  }

  /// Replaces the characters in `range` with `text`. `\n` in `text` starts new paragraphs.
  /// - Throws: ``TextEditError`` for a stale, out-of-range or inverted range; nothing changes.
  /// - Complexity: O(log n + characters in the touched paragraphs).
  @discardableResult
  public func replaceCharacters(in range: TextRange, with text: AttributedText) throws(TextEditError) -> Replacement {
    let start = try offset(of: range.location)
    let end = try offset(of: range.endLocation)
    guard start <= end else { throw .invertedRange }
    return try replaceCharacters(in: start..<end, with: text)
  }

  /// Replaces the characters between document offsets `range` with `text`.
  ///
  /// New paragraphs created by `\n` take the paragraph attributes of the paragraph where the
  /// range starts, unless `paragraphAttributes` gives one dictionary per resulting paragraph.
  /// - Throws: ``TextEditError`` for an out-of-range or inverted range; nothing changes.
  /// - Complexity: O(log n + characters in the touched paragraphs).
  @discardableResult
  public func replaceCharacters(
    in range: Range<Int>, with text: AttributedText, paragraphAttributes: [[String: String]]? = nil
  ) throws(TextEditError) -> Replacement {
    try validate(range)
    let (first, firstStart) = try paragraph(containing: range.lowerBound)
    let (last, lastStart) = try paragraph(containing: range.upperBound)
    guard let firstIndex = index(of: first), let lastIndex = index(of: last) else { throw .staleLocation }
    let combined = AttributedText.joining(
      first.attributedString, upTo: range.lowerBound - firstStart, text, last.attributedString,
      from: range.upperBound - lastStart)
    let pieces = combined.splitIntoParagraphs()
    let attributes = pieces.indices.map { index in
      if let paragraphAttributes, index < paragraphAttributes.count { return paragraphAttributes[index] }
      return first.paragraphAttributes
    }
    let (removed, inserted) = try replaceParagraphs(firstIndex..<(lastIndex + 1), with: Array(zip(pieces, attributes)))
    return Replacement(paragraphIndex: firstIndex, removedParagraphs: removed, insertedParagraphs: inserted)
  }

  /// Replaces paragraph `index`'s attributes, which makes a new paragraph.
  public func setParagraphAttributes(_ attributes: [String: String], forParagraphAt index: Int) throws(TextEditError) {
    guard let old = paragraph(at: index) else {
      throw .paragraphIndexOutOfRange(index: index, count: paragraphCount)
    }
    try replaceParagraphs(index..<(index + 1), with: [(old.attributedString, attributes)])
  }

  /// Applies `change` to the character attributes in `range`, which replaces the touched
  /// paragraphs; each keeps its paragraph attributes.
  @discardableResult
  public func setAttributes(
    in range: Range<Int>, _ change: (inout TextAttributes) -> Void
  ) throws(TextEditError) -> Replacement {
    let text = try attributedString(in: range)
    return try replaceCharacters(
      in: range, with: text.settingAttributes(change, in: 0..<text.length),
      paragraphAttributes: try paragraphAttributes(in: range))
  }

  /// Inserts whole paragraphs before paragraph `index` (`paragraphCount` appends), touching no
  /// other paragraph. A document holding one empty paragraph has it replaced instead.
  /// - Complexity: O(log n + k).
  @discardableResult
  public func insertParagraphs(_ contents: [(AttributedText, [String: String])], at index: Int)
    throws(TextEditError) -> Replacement
  {
    guard index >= 0, index <= paragraphCount else {
      throw .paragraphIndexOutOfRange(index: index, count: paragraphCount)
    }
    let range = paragraphCount == 1 && length == 0 ? 0..<1 : index..<index
    let (removed, inserted) = try replaceParagraphs(range, with: contents)
    return Replacement(paragraphIndex: range.lowerBound, removedParagraphs: removed, insertedParagraphs: inserted)
  }

  /// Replaces paragraphs `range` with `contents` as they are (an undo step, for example).
  /// - Complexity: O(log n + k).
  @discardableResult
  public func replaceParagraphs(
    in range: Range<Int>, with contents: [(AttributedText, [String: String])]
  ) throws(TextEditError) -> Replacement {
    let (removed, inserted) = try replaceParagraphs(range, with: contents)
    return Replacement(paragraphIndex: range.lowerBound, removedParagraphs: removed, insertedParagraphs: inserted)
  }

  private func paragraphAttributes(in range: Range<Int>) throws(TextEditError) -> [[String: String]] {
    let (first, _) = try paragraph(containing: range.lowerBound)
    let (last, _) = try paragraph(containing: range.upperBound)
    guard let firstIndex = index(of: first), let lastIndex = index(of: last) else { throw .staleLocation }
    return (firstIndex...lastIndex).map { paragraph(at: $0)?.paragraphAttributes ?? [:] }
  }

  private func validate(_ range: Range<Int>) throws(TextEditError) {
    guard range.lowerBound >= 0, range.lowerBound <= length else {
      throw .offsetOutOfRange(offset: range.lowerBound, length: length)
    }
    guard range.upperBound <= length else { throw .offsetOutOfRange(offset: range.upperBound, length: length) }
  }
}
