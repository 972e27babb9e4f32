import Foundation

/// A text view's document as accessible text: read, caret, selection, geometry and editing, with
/// offsets in Unicode scalars mapped to the view's character offsets.
///
/// Each call reads the document's text, so it suits short documents (the composer's field).
/// - Complexity: O(document length) a call.
@MainActor
public final class TextViewAccessibleText: EditableAccessibleTextContent {
  /// The view read and edited.
  public let textView: TextView

  /// Accessible text over `textView`.
  public init(textView: TextView) {
    self.textView = textView
  }

  /// The document as one string: its paragraphs joined by "\n" (one character each, as the
  /// content manager counts them).
  public var string: String {
    let manager = textView.textContentManager
    var result = ""
    for index in 0..<manager.paragraphCount {
      if index > 0 { result.append("\n") }
      result.append(manager.paragraph(at: index)?.attributedString.string ?? "")
    }
    return result
  }

  public var scalarCount: Int { string.unicodeScalars.count }

  public func text(scalars range: Range<Int>) -> String { StringAccessibleText(string).text(scalars: range) }

  public func scalar(at offset: Int) -> Unicode.Scalar? { StringAccessibleText(string).scalar(at: offset) }

  public func range(of granularity: AccessibleTextGranularity, at offset: Int) -> Range<Int> {
    AccessibleTextSegments(string).range(of: granularity, at: offset, lines: lineStarts())
  }

  public var caretScalarOffset: Int { selection.caret }
  public func moveCaret(toScalar offset: Int) -> Bool { selection.moveCaret(to: offset) }
  public var selectedScalarRanges: [Range<Int>] { selection.selectedRanges }
  public func select(scalars range: Range<Int>) -> Bool { selection.select(range) }
  public func characterRect(atScalar offset: Int) -> CGRect? { selection.characterRect(at: offset) }
  public func scalarOffset(at point: CGPoint) -> Int? { selection.offset(at: point) }

  /// The view's caret, selection and geometry in this text's scalars.
  private var selection: TextViewScalarSelection {
    TextViewScalarSelection(
      textView: textView, scalarCount: { [unowned self] in scalarCount },
      scalarOffset: { [unowned self] in scalarOffset(ofCharacter: $0) },
      characterOffset: { [unowned self] in characterOffset(ofScalar: $0) })
  }

  public func replaceContents(with text: String) {
    try? textView.replaceCharacters(in: 0..<textView.textContentManager.length, with: AttributedText(text))
  }

  public func insert(_ text: String, atScalar offset: Int) -> Int {
    let at = characterOffset(ofScalar: min(max(0, offset), scalarCount))
    guard (try? textView.replaceCharacters(in: at..<at, with: AttributedText(text))) != nil else { return offset }
    return offset + text.unicodeScalars.count
  }

  public func delete(scalars range: Range<Int>) {
    let count = scalarCount
    let lower = characterOffset(ofScalar: min(max(0, range.lowerBound), count))
    let upper = characterOffset(ofScalar: min(max(0, range.upperBound), count))
    guard lower < upper else { return }
    try? textView.replaceCharacters(in: lower..<upper, with: AttributedText())
  }

  // MARK: Offsets

  /// The scalar offset where the character at `offset` (the view's character offsets) starts.
  public func scalarOffset(ofCharacter offset: Int) -> Int {
    var scalars = 0
    for (index, character) in string.enumerated() {
      if index >= offset { break }
      scalars += character.unicodeScalars.count
    }
    return scalars
  }

  /// The character offset of the character holding scalar `offset` (its start when `offset` falls
  /// inside a character of several scalars).
  public func characterOffset(ofScalar offset: Int) -> Int {
    var scalars = 0
    var characters = 0
    for character in string {
      let next = scalars + character.unicodeScalars.count
      if next > offset { break }
      scalars = next
      characters += 1
    }
    return characters
  }

  /// The scalar offsets where the view's laid-out lines start, for the line granularity.
  private func lineStarts() -> [Int] {
    var starts: [Int] = []
    let manager = textView.textContentManager
    for index in 0..<manager.paragraphCount {
      guard let start = try? manager.startOffset(ofParagraphAt: index),
        let location = try? manager.location(at: start),
        let fragment = textView.textLayoutManager.textLayoutFragment(for: location)
      else { continue }
      for line in fragment.textLineFragments {
        starts.append(scalarOffset(ofCharacter: start + line.characterRange.lowerBound))
      }
    }
    return starts
  }
}
