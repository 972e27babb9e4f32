/// A document edit as a change of the whole document's accessible text (``DocumentAccessibleText``).
extension AccessibleTextChange {
  /// How `edit` changed the text of all of `manager`'s document (paragraphs joined by `\n`), told
  /// right after the edit (inside its transaction, from a ``TextContentEditObservation`` handler):
  /// its paragraphs' texts with the separators they take, at the scalar offset where they start.
  /// `nil` when nothing changed, or when the scalar index cannot say where.
  ///
  /// The paragraphs before the edit did not change, and the scalar index is already brought
  /// along, so nothing is built.
  /// - Complexity: O(log n) plus the edit's text.
  public init?(_ edit: TextContentEdit, in manager: TextContentManager) {
    let count = manager.paragraphCount
    let first = edit.firstParagraph
    // An edit reaching the document's end takes the separator before each of its paragraphs; any
    // other the one after each.
    let atEnd = first + edit.inserted.count == count
    let before: String
    let after: String
    let start: Int?
    if !atEnd {
      before = edit.removed.map { $0 + "\n" }.joined()
      after = edit.inserted.map { $0 + "\n" }.joined()
      start = try? manager.startScalarOffset(ofParagraphAt: first)
    } else if first > 0 {
      before = edit.removed.map { "\n" + $0 }.joined()
      after = edit.inserted.map { "\n" + $0 }.joined()
      // Where the paragraph before the edit ends: the document's end when nothing was inserted.
      start =
        first < count
        ? (try? manager.startScalarOffset(ofParagraphAt: first)).map { $0 - 1 } : try? manager.scalarLength()
    } else {
      before = edit.removed.joined(separator: "\n")
      after = edit.inserted.joined(separator: "\n")
      start = 0
    }
    guard let start, let change = AccessibleTextChange(from: before, to: after) else { return nil }
    self = change
    offset += start
  }
}
