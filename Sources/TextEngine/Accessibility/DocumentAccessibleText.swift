import Foundation

/// A text view's whole document as accessible text, however long: read, units, caret, selection
/// and geometry, with offsets in Unicode scalars, found through the content manager's scalar index
/// (``TextContentManager/paragraph(containingScalar:)``) so that a call builds only the paragraphs
/// it reads and lays out only the fragments it measures.
///
/// Paragraphs are joined by `\n`, one scalar each, as the content manager counts them. Word,
/// sentence and paragraph units never cross a paragraph (a chat's message); a line is a laid-out
/// line of the paragraph's fragment. Screen readers get one text for the whole document rather
/// than the viewport's pages (which confuse them: VS Code's issues #41423 and #118037).
/// - Complexity: O(log n) plus the paragraphs a call touches; the first call after opening also
///   counts the scalars of blocks whose source keeps no sum.
@MainActor
public final class DocumentAccessibleText: AccessibleTextContent {
  /// The view read; its selection is the caret and selection.
  public let textView: TextView
  private var manager: TextContentManager { textView.textContentManager }

  /// Accessible text over all of `textView`'s document.
  public init(textView: TextView) {
    self.textView = textView
  }

  public var scalarCount: Int { (try? manager.scalarLength()) ?? 0 }

  public func text(scalars range: Range<Int>) -> String {
    let count = scalarCount
    let lower = min(max(0, range.lowerBound), count)
    let upper = min(max(lower, range.upperBound), count)
    guard lower < upper, var (index, start) = try? manager.paragraph(containingScalar: lower) else { return "" }
    var result = String.UnicodeScalarView()
    while start < upper, index < manager.paragraphCount {
      let scalars = paragraphScalars(index)
      let from = max(0, lower - start)
      let to = min(scalars.count, upper - start)
      if from < to { result.append(contentsOf: scalars[from..<to]) }
      // The separator after the paragraph, when the range reaches it.
      let separator = start + scalars.count
      if index < manager.paragraphCount - 1, separator >= lower, separator < upper { result.append("\n") }
      start = separator + 1
      index += 1
    }
    return String(result)
  }

  public func scalar(at offset: Int) -> Unicode.Scalar? {
    guard offset >= 0, offset < scalarCount, let (index, start) = try? manager.paragraph(containingScalar: offset)
    else { return nil }
    let scalars = paragraphScalars(index)
    return offset - start < scalars.count ? scalars[offset - start] : "\n"
  }

  public func range(of granularity: AccessibleTextGranularity, at offset: Int) -> Range<Int> {
    let count = scalarCount
    guard offset >= 0, offset < count, let (index, start) = try? manager.paragraph(containingScalar: offset) else {
      return count..<count
    }
    if granularity == .line {
      var string = manager.paragraph(at: index)?.attributedString.string ?? ""
      if index < manager.paragraphCount - 1 { string.append("\n") }
      let local = AccessibleTextSegments(string).range(
        of: .line, at: offset - start, lines: lineStarts(ofParagraphAt: index))
      return (start + local.lowerBound)..<(start + local.upperBound)
    }
    // A unit runs to the next unit's start, which may lie in a later paragraph (a word before a
    // message that starts with an emoji or a sticker): widen the paragraphs read until the unit
    // ends inside them, as it would in the whole text, up to `unitWindow` paragraphs.
    var first = index
    var last = index
    var firstStart = start
    while true {
      var string = ""
      for paragraph in first...last {
        if paragraph > first { string.append("\n") }
        string.append(manager.paragraph(at: paragraph)?.attributedString.string ?? "")
      }
      if last < manager.paragraphCount - 1 { string.append("\n") }
      let segments = AccessibleTextSegments(string)
      let local = segments.range(of: granularity, at: offset - firstStart, lines: [])
      let found = (firstStart + local.lowerBound)..<(firstStart + local.upperBound)
      // Characters and paragraphs never cross a separator; words and sentences may.
      guard granularity == .word || granularity == .sentence, last - first < Self.unitWindow else { return found }
      let widenBefore = local.lowerBound == 0 && first > 0
      let widenAfter = local.upperBound == segments.scalarCount && last < manager.paragraphCount - 1
      if widenBefore {
        guard let previousStart = try? manager.startScalarOffset(ofParagraphAt: first - 1) else { return found }
        first -= 1
        firstStart = previousStart
      }
      if widenAfter { last += 1 }
      if !widenBefore && !widenAfter { return found }
    }
  }

  /// The most paragraphs a word or sentence is looked for across.
  static let unitWindow = 32

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

  // MARK: Offsets

  /// The scalar offset where the character at document offset `offset` starts (the document's
  /// end for an offset past it).
  /// - Complexity: O(log n + the paragraph's length).
  public func scalarOffset(ofCharacter offset: Int) -> Int {
    let clamped = min(max(0, offset), manager.length)
    guard let (paragraph, start) = try? manager.paragraph(containing: clamped),
      let index = manager.index(of: paragraph),
      let paragraphStart = try? manager.startScalarOffset(ofParagraphAt: index)
    else { return 0 }
    let text = paragraph.attributedString
    let within = min(clamped - start, text.length)
    return paragraphStart + text.string[..<text.stringIndex(at: within)].unicodeScalars.count
  }

  /// The document offset of the character holding scalar `offset` (its start when `offset` falls
  /// inside a character of several scalars), or `nil` outside the document.
  /// - Complexity: O(log n + the paragraph's length).
  public func characterOffset(ofScalar offset: Int) -> Int? {
    guard let (index, start) = try? manager.paragraph(containingScalar: offset),
      let paragraphStart = try? manager.startOffset(ofParagraphAt: index)
    else { return nil }
    let string = manager.paragraph(at: index)?.attributedString.string ?? ""
    var scalars = 0
    var characters = 0
    for character in string {
      let next = scalars + character.unicodeScalars.count
      if next > offset - start { break }
      scalars = next
      characters += 1
    }
    return paragraphStart + characters
  }

  // MARK: Private

  /// The scalars of paragraph `index` (none when the source cannot build it).
  private func paragraphScalars(_ index: Int) -> [Unicode.Scalar] {
    Array(manager.paragraph(at: index)?.attributedString.string.unicodeScalars ?? "".unicodeScalars)
  }

  /// The scalar offsets, inside paragraph `index`, where its laid-out lines start: its fragment
  /// alone is laid out.
  private func lineStarts(ofParagraphAt index: Int) -> [Int] {
    guard let fragment = textView.textLayoutManager.ensureLayout(forParagraphAt: index) else { return [] }
    let text = fragment.textParagraph.attributedString
    return fragment.textLineFragments.map { line in
      let within = min(line.characterRange.lowerBound, text.length)
      return text.string[..<text.stringIndex(at: within)].unicodeScalars.count
    }
  }
}
