import Foundation

/// How much text ``AccessibleTextContent/range(of:at:)`` takes around an offset: AT-SPI's
/// granularities, with ATK's raw values (`AtkTextGranularity`).
public enum AccessibleTextGranularity: Int32, Sendable, CaseIterable {
  /// One character (a Unicode scalar, as AT-SPI counts).
  case character = 0
  /// From the start of the word to the start of the next.
  case word = 1
  /// From the start of the sentence to the start of the next.
  case sentence = 2
  /// One laid-out line, with its line break.
  case line = 3
  /// One paragraph, with its separator.
  case paragraph = 4
}

/// Text as an assistive technology reads it, through AT-SPI: every offset counts Unicode scalars
/// (an emoji of three scalars is three), and an attachment is U+FFFC.
@MainActor
public protocol AccessibleTextContent: AnyObject {
  /// The text's length in scalars.
  var scalarCount: Int { get }
  /// The text between two scalar offsets (clamped to the text).
  func text(scalars range: Range<Int>) -> String
  /// The scalar at `offset`, or `nil` outside the text.
  func scalar(at offset: Int) -> Unicode.Scalar?
  /// The range of the `granularity` unit holding `offset` (an empty range at the end of the text).
  func range(of granularity: AccessibleTextGranularity, at offset: Int) -> Range<Int>
  /// The caret, as a scalar offset.
  var caretScalarOffset: Int { get }
  /// Moves the caret to a scalar offset; `false` when it is outside the text.
  func moveCaret(toScalar offset: Int) -> Bool
  /// The selected ranges (none when nothing is selected).
  var selectedScalarRanges: [Range<Int>] { get }
  /// Selects `range` (an empty one removes the selection); `false` when it is outside the text.
  func select(scalars range: Range<Int>) -> Bool
  /// The rectangle of the character at a scalar offset, in the view's pixels, or `nil`.
  func characterRect(atScalar offset: Int) -> CGRect?
  /// The scalar offset of the character at `point` (the view's pixels), or `nil` off the text.
  func scalarOffset(at point: CGPoint) -> Int?
}

/// Accessible text that an assistive technology may also edit (`AtkEditableText`).
@MainActor
public protocol EditableAccessibleTextContent: AccessibleTextContent {
  /// Replaces the whole text.
  func replaceContents(with text: String)
  /// Inserts `text` at a scalar offset.
  /// - Returns: The scalar offset just after the inserted text.
  func insert(_ text: String, atScalar offset: Int) -> Int
  /// Deletes the text between two scalar offsets.
  func delete(scalars range: Range<Int>)
}
