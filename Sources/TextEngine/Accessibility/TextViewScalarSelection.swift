import Foundation

/// A text view's caret, selection and geometry in Unicode scalars, given how its character offsets
/// and scalar offsets map: what ``TextViewAccessibleText`` and ``DocumentAccessibleText`` share.
@MainActor
struct TextViewScalarSelection {
  let textView: TextView
  /// The text's length in scalars (asked only when an offset is checked).
  let scalarCount: () -> Int
  /// The scalar offset where the character at a view offset starts.
  let scalarOffset: (Int) -> Int
  /// The view offset of the character holding a scalar offset, or `nil` outside the text.
  let characterOffset: (Int) -> Int?

  var caret: Int { scalarOffset(textView.selectedRange.upperBound) }

  func moveCaret(to offset: Int) -> Bool {
    guard (0...scalarCount()).contains(offset), let character = characterOffset(offset) else { return false }
    textView.setCaret(character)
    return true
  }

  var selectedRanges: [Range<Int>] {
    let selection = textView.selectedRange
    guard !selection.isEmpty else { return [] }
    return [scalarOffset(selection.lowerBound)..<scalarOffset(selection.upperBound)]
  }

  func select(_ range: Range<Int>) -> Bool {
    guard range.lowerBound >= 0, range.upperBound <= scalarCount(),
      let lower = characterOffset(range.lowerBound), let upper = characterOffset(range.upperBound)
    else { return false }
    return (try? textView.setSelectedRange(lower..<upper)) != nil
  }

  /// The character's rectangle in the view's visible pixels (the document scrolled by its offset).
  func characterRect(at offset: Int) -> CGRect? {
    guard let character = characterOffset(offset),
      let rect = textView.selectionRects(for: character..<(character + 1)).first ?? textView.caretRect(at: character)
    else { return nil }
    return rect.offsetBy(dx: 0, dy: -textView.scrollOffset)
  }

  func offset(at point: CGPoint) -> Int {
    scalarOffset(textView.characterOffset(at: CGPoint(x: point.x, y: point.y + textView.scrollOffset)))
  }
}
