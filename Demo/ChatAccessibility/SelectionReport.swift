import ReuseKitATK
import TextEngine

/// A text view's selection as an element's clients last heard of it: what the composer and the
/// message list both tell when their view's caret or selection moves.
@MainActor
struct SelectionReport {
  /// The selection (the view's character offsets) clients last heard of.
  private var heard: Range<Int>

  /// A report starting from `selection`, which clients are taken to know.
  init(_ selection: Range<Int>) { heard = selection }

  /// Tells `element`'s clients how `textView`'s selection moved since they last heard: the caret
  /// (`text`'s scalar offset) when its moving end moved, the selection when there is or was one.
  mutating func tell(_ element: AccessibleElement, of textView: TextView, as text: any AccessibleTextContent) {
    let selection = textView.selectedRange
    guard selection != heard else { return }
    let caretMoved = selection.upperBound != heard.upperBound
    let wasSelected = !heard.isEmpty
    heard = selection
    if caretMoved { element.notifyCaretMoved(to: text.caretScalarOffset) }
    if wasSelected || !selection.isEmpty { element.notifySelectionChanged() }
  }
}
