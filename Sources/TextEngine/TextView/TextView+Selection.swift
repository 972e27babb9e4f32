import Foundation

extension TextView {
  /// Selects `range` (document offsets); an empty range places the caret. Runs a viewport pass.
  /// - Throws: ``TextEditError/offsetOutOfRange(offset:length:)``; the selection is unchanged.
  public func setSelectedRange(_ range: Range<Int>) throws(TextEditError) {
    let length = textContentManager.length
    guard range.lowerBound >= 0, range.upperBound <= length else {
      throw .offsetOutOfRange(offset: range.lowerBound < 0 ? range.lowerBound : range.upperBound, length: length)
    }
    selectedRange = range
    selectionAnchor = range.lowerBound
    preferredCaretX = nil
    isTypingGroupOpen = false
    setNeedsLayout()
  }

  /// Places the caret at `offset`, clamped to the document.
  public func setCaret(_ offset: Int) {
    try? setSelectedRange(clamp(offset)..<clamp(offset))
  }

  /// The moving end of the selection.
  public var caretOffset: Int {
    selectedRange.lowerBound == selectionAnchor ? selectedRange.upperBound : selectedRange.lowerBound
  }

  /// Selects the whole document.
  public func selectAll() {
    try? setSelectedRange(0..<textContentManager.length)
  }

  /// Moves the caret (or the selection's moving end when `extending`) to `offset`.
  public func moveCaret(to offset: Int, extending: Bool) {
    isTypingGroupOpen = false
    let target = clamp(offset)
    if extending {
      selectedRange = min(selectionAnchor, target)..<max(selectionAnchor, target)
    } else {
      selectedRange = target..<target
      selectionAnchor = target
    }
    setNeedsLayout()
  }

  /// Left arrow: one character back in logical order (in a right-to-left word the caret moves right
  /// on screen), or to the selection's start.
  public func moveLeft(extending: Bool = false) {
    preferredCaretX = nil
    if !extending, !selectedRange.isEmpty { return moveCaret(to: selectedRange.lowerBound, extending: false) }
    moveCaret(to: caretOffset - 1, extending: extending)
  }

  /// Right arrow: one character on in logical order (in a right-to-left word the caret moves left on
  /// screen), or to the selection's end.
  public func moveRight(extending: Bool = false) {
    preferredCaretX = nil
    if !extending, !selectedRange.isEmpty { return moveCaret(to: selectedRange.upperBound, extending: false) }
    moveCaret(to: caretOffset + 1, extending: extending)
  }

  /// Up arrow: the nearest position on the line above, keeping the caret's x.
  public func moveUp(extending: Bool = false) { moveVertically(by: -1, extending: extending) }

  /// Down arrow: the nearest position on the line below, keeping the caret's x.
  public func moveDown(extending: Bool = false) { moveVertically(by: 1, extending: extending) }

  /// Home: the start of the caret's line.
  public func moveToLineStart(extending: Bool = false) {
    guard let (line, start) = lineContext(at: caretOffset) else { return }
    preferredCaretX = nil
    moveCaret(to: start + line.characterRange.lowerBound, extending: extending)
  }

  /// End: the end of the caret's line (before a hard break).
  public func moveToLineEnd(extending: Bool = false) {
    guard let (line, start) = lineContext(at: caretOffset) else { return }
    preferredCaretX = nil
    moveCaret(to: start + line.lastCaretOffset, extending: extending)
  }

  /// Selects the word (or the run of spaces, or the attachment) around `offset`.
  public func selectWord(at offset: Int) {
    guard let location = try? textContentManager.location(at: clamp(offset)),
      let paragraph = textContentManager.paragraph(for: location)
    else { return }
    let characters = Array(paragraph.attributedString.string)
    guard !characters.isEmpty else { return setCaret(offset) }
    let paragraphStart = clamp(offset) - location.offset
    let index = min(location.offset, characters.count - 1)
    let kind = wordClass(characters[index])
    var lower = index
    var upper = index + 1
    if kind != .attachment {
      while lower > 0, wordClass(characters[lower - 1]) == kind { lower -= 1 }
      while upper < characters.count, wordClass(characters[upper]) == kind { upper += 1 }
    }
    try? setSelectedRange((paragraphStart + lower)..<(paragraphStart + upper))
  }

  /// The caret's rectangle in container coordinates.
  /// - Complexity: O(log n + paragraph length).
  public func caretRect(at offset: Int? = nil) -> CGRect? {
    guard let location = try? textContentManager.location(at: clamp(offset ?? caretOffset)),
      let fragment = textLayoutManager.textLayoutFragment(for: location)
    else { return nil }
    let origin = fragment.layoutFragmentFrame.origin
    return fragment.caretRect(forCharacterAt: location.offset).offsetBy(dx: origin.x, dy: origin.y)
  }

  /// The rectangles covering `range`, in container coordinates: one per line, or several where
  /// the range crosses a direction boundary in a line that mixes directions
  /// (``TextLineFragment/selectionRects(for:)``). Only paragraphs inside the last pass's viewport are reported.
  public func selectionRects(for range: Range<Int>) -> [CGRect] {
    guard !range.isEmpty else { return [] }
    var rects: [CGRect] = []
    for (fragment, index) in textViewportLayoutController.configuredFragments {
      guard let start = try? textContentManager.startOffset(ofParagraphAt: index) else { continue }
      let paragraphRange = start..<(start + fragment.textParagraph.length + 1)
      guard paragraphRange.overlaps(range) else { continue }
      let origin = fragment.layoutFragmentFrame.origin
      let lines = fragment.textLineFragments
      // Only the lines the range touches (found by binary search), not every line of a long paragraph.
      // Clamped to the paragraph before subtracting: the range may reach Int.min or Int.max.
      let firstLine = fragment.lineFragmentIndex(forCharacterAt: max(range.lowerBound, start) - start)
      let lastLine = fragment.lineFragmentIndex(
        forCharacterAt: min(range.upperBound, paragraphRange.upperBound - 1) - start)
      for lineIndex in firstLine...max(firstLine, lastLine) {
        let line = lines[lineIndex]
        let lineRange = (start + line.characterRange.lowerBound)..<(start + line.characterRange.upperBound)
        let lower = max(range.lowerBound, lineRange.lowerBound)
        let upper = min(range.upperBound, lineRange.upperBound)
        let coversBreak = range.upperBound > start + fragment.textParagraph.length && lineIndex == lines.count - 1
        guard lower < upper || (coversBreak && lower <= upper) else { continue }
        var pieces = line.selectionRects(for: (lower - start)..<(upper - start))
        if coversBreak {  // the paragraph break shows as a sliver after the line's end
          // After the end in a left-to-right paragraph, before it (on the left) in a right-to-left one.
          let end = line.locationX(forCharacterAt: upper - start)
          let x = fragment.baseWritingDirection == .rightToLeft ? end - 6 : end
          if fragment.baseWritingDirection == .leftToRight, let last = pieces.last, abs(last.maxX - x) < 0.001 {
            pieces[pieces.count - 1].size.width += 6
          } else {
            pieces.append(CGRect(x: x, y: line.typographicBounds.minY, width: 6, height: line.typographicBounds.height))
          }
        }
        rects += pieces.map {
          CGRect(x: origin.x + $0.minX, y: origin.y + $0.minY, width: max(1, $0.width), height: $0.height)
        }
      }
    }
    return rects
  }

  /// The document offset nearest to `point` (container coordinates).
  /// - Complexity: O(log n + paragraph length).
  public func characterOffset(at point: CGPoint) -> Int {
    guard var index = textLayoutManager.paragraphIndex(atY: point.y) else { return 0 }
    var fragment = textLayoutManager.ensureLayout(forParagraphAt: index)
    while fragment == nil, index > 0 {  // a hidden paragraph: use the one above
      index -= 1
      fragment = textLayoutManager.ensureLayout(forParagraphAt: index)
    }
    guard let fragment, let start = try? textContentManager.startOffset(ofParagraphAt: index) else { return 0 }
    let origin = fragment.layoutFragmentFrame.origin
    return start + fragment.characterOffset(at: CGPoint(x: point.x - origin.x, y: point.y - origin.y))
  }

  // MARK: Private

  private func wordClass(_ character: Character) -> WordCharacterClass { WordCharacterClass(character) }

  private func clamp(_ offset: Int) -> Int { min(max(0, offset), textContentManager.length) }

  private func lineContext(at offset: Int) -> (TextLineFragment, Int)? {
    guard let location = try? textContentManager.location(at: clamp(offset)),
      let fragment = textLayoutManager.textLayoutFragment(for: location),
      let line = fragment.lineFragment(forCharacterAt: location.offset)
    else { return nil }
    return (line, clamp(offset) - location.offset)
  }

  private func moveVertically(by direction: Int, extending: Bool) {
    guard let location = try? textContentManager.location(at: caretOffset),
      let index = textContentManager.index(of: location),
      let fragment = textLayoutManager.textLayoutFragment(for: location),
      let line = fragment.lineFragment(forCharacterAt: location.offset)
    else { return }
    let lineIndex = fragment.lineFragmentIndex(forCharacterAt: location.offset)
    let x = preferredCaretX ?? line.locationX(forCharacterAt: location.offset)
    let paragraphStart = caretOffset - location.offset
    let targetLine = lineIndex + direction
    var target: Int
    if fragment.textLineFragments.indices.contains(targetLine) {
      target = paragraphStart + fragment.textLineFragments[targetLine].characterOffset(nearestX: x)
    } else {
      var neighbour = index + direction
      var neighbourFragment: TextLayoutFragment?
      while neighbourFragment == nil, neighbour >= 0, neighbour < textContentManager.paragraphCount {
        neighbourFragment = textLayoutManager.ensureLayout(forParagraphAt: neighbour)
        if neighbourFragment == nil { neighbour += direction }
      }
      if let neighbourFragment, let start = try? textContentManager.startOffset(ofParagraphAt: neighbour),
        let edgeLine = direction < 0
          ? neighbourFragment.textLineFragments.last : neighbourFragment.textLineFragments.first
      {
        target = start + edgeLine.characterOffset(nearestX: x)
      } else {
        target = direction < 0 ? 0 : textContentManager.length
      }
    }
    moveCaret(to: target, extending: extending)
    preferredCaretX = x
  }
}
