/// One undo group: the paragraphs an edit replaced, to be put back.
///
/// Undo restores the removed paragraphs' contents (holding the original attachment objects)
/// in place of the paragraphs the edit inserted.
struct UndoRecord {
  /// The index of the first paragraph the edit replaced.
  var paragraphIndex: Int
  /// How many paragraphs the edit inserted.
  var insertedCount: Int
  /// The removed paragraphs' contents and attributes.
  var removedContents: [(AttributedText, [String: String])]
  /// The selection before the edit.
  var selectionBefore: Range<Int>
  /// The selection after the edit.
  var selectionAfter: Range<Int>

  /// This group followed by `next`, when both replaced the same single paragraph (typing in it):
  /// undoing the merged group restores this group's original paragraph.
  func extended(by next: UndoRecord) -> UndoRecord? {
    guard insertedCount == 1, removedContents.count == 1, next.insertedCount == 1, next.removedContents.count == 1,
      next.paragraphIndex == paragraphIndex
    else { return nil }
    var merged = self
    merged.selectionAfter = next.selectionAfter
    return merged
  }

  init(_ replacement: TextContentManager.Replacement, selectionBefore: Range<Int>, selectionAfter: Range<Int>) {
    paragraphIndex = replacement.paragraphIndex
    insertedCount = replacement.insertedParagraphs.count
    removedContents = replacement.removedParagraphs.map { ($0.attributedString, $0.paragraphAttributes) }
    self.selectionBefore = selectionBefore
    self.selectionAfter = selectionAfter
  }
}
