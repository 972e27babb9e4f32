import Foundation
import SDLSupport
import TextEngine

extension SDLTextView {
  /// Where the IME composition goes this frame: inline in the caret's line, which is drawn with
  /// the composition's width opened at the caret (nothing in storage or layout changes).
  struct CompositionSplice {
    /// The caret's paragraph.
    let paragraph: Int64
    /// The caret's line's first character (paragraph offset).
    let lineStart: Int
    /// The caret's paragraph offset.
    let offset: Int
    /// The caret's x, relative to the fragment.
    let caretX: Double
    /// The composition's width.
    let width: Double
    /// Whether the caret's paragraph runs right to left: the composition then opens to the
    /// caret's left, and the runs left of the caret move left.
    let isRightToLeft: Bool

    /// The composition's left edge, relative to the fragment.
    var minX: Double { isRightToLeft ? caretX - width : caretX }
  }

  /// The composition's place, or `nil` when there is none (or the caret is not laid out).
  /// - Complexity: O(log paragraphs + characters of the composition).
  @MainActor
  func compositionSplice() -> CompositionSplice? {
    guard !markedText.isEmpty, let location = try? textContentManager.location(at: caretOffset),
      let fragment = textLayoutManager.textLayoutFragment(for: location),
      let line = fragment.lineFragment(forCharacterAt: location.offset)
    else { return nil }
    let width = glyphMeasurer.advances(of: markedText[...], attributes: typingAttributes).reduce(0, +)
    return CompositionSplice(
      paragraph: fragment.textParagraph.identifier, lineStart: line.characterRange.lowerBound,
      offset: location.offset, caretX: line.locationX(forCharacterAt: location.offset), width: width,
      isRightToLeft: fragment.baseWritingDirection == .rightToLeft)
  }

  /// `line`'s runs as drawn, with the composition's width opened at the caret when `splice` is
  /// in this line: a run holding the caret is cut there, and the pieces past the caret (right of
  /// it; left of it in a right-to-left paragraph) move by the composition's width. Given
  /// `columns` (fragment coordinates, and the line's index in the fragment), a line without the
  /// composition keeps only the text runs whose ink may reach them (``runInkReach``).
  /// - Complexity: O(runs of the line).
  @MainActor
  func renderableRuns(
    of line: TextLineFragment, in fragment: TextLayoutFragment, splice: CompositionSplice?,
    columns: (range: ClosedRange<Double>, line: Int)? = nil
  ) -> [RenderableLine.Run] {
    guard let splice, splice.paragraph == fragment.textParagraph.identifier,
      splice.lineStart == line.characterRange.lowerBound
    else {
      guard let columns else { return line.runs.map { Self.renderable($0.string, of: $0, x: $0.x) } }
      // Attachment runs draw nothing as text (their views draw them): a part of the line being
      // drawn lists only the text near it, from the line's runs kept across frames.
      var result: [RenderableLine.Run] = []
      let margin = Self.runInkReach * line.typographicBounds.height
      let (minX, maxX) = (columns.range.lowerBound - margin, columns.range.upperBound + margin)
      for (run, width) in textRuns(ofLine: columns.line, in: fragment) where run.x < maxX && run.x + width > minX {
        result.append(run)
      }
      return result
    }
    let runs = line.runs
    var result: [RenderableLine.Run] = []
    for run in runs {
      var pieces = [(text: run.string, x: run.x, width: run.width)]
      if run.range.lowerBound < splice.offset && splice.offset < run.range.upperBound {
        let cut = run.string.index(run.string.startIndex, offsetBy: splice.offset - run.range.lowerBound)
        let boundary = line.locationX(forCharacterAt: splice.offset)
        let before = run.string[..<cut]
        let after = run.string[cut...]
        pieces =
          run.isRightToLeft
          ? [(after, run.x, boundary - run.x), (before, boundary, run.x + run.width - boundary)]
          : [(before, run.x, boundary - run.x), (after, boundary, run.x + run.width - boundary)]
      }
      for piece in pieces {
        var x = piece.x
        if splice.isRightToLeft {
          if piece.x + piece.width <= splice.caretX + 0.001 { x -= splice.width }
        } else if piece.x >= splice.caretX - 0.001 {
          x += splice.width
        }
        result.append(Self.renderable(piece.text, of: run, x: x))
      }
    }
    return result
  }

  /// A run as the text renderer draws it: a right-to-left run keeps its characters in logical
  /// order and is shaped right to left by HarfBuzz, which also mirrors its brackets (rule L4).
  private static func renderable(_ text: Substring, of run: TextLineFragment.Run, x: Double) -> RenderableLine.Run {
    RenderableLine.Run(text: String(text), attributes: run.attributes, x: x, isRightToLeft: run.isRightToLeft)
  }

  /// Where the composition is drawn, in view pixels, or `nil` when there is none.
  @MainActor
  func compositionBox() -> CGRect? {
    guard let splice = compositionSplice(), let caret = caretRect() else { return nil }
    let screen = viewRect(fromContainer: caret)
    return CGRect(
      x: screen.minX + splice.minX - splice.caretX, y: screen.minY, width: splice.width, height: screen.height)
  }

  /// Draws the IME composition in the gap ``renderableRuns(of:in:splice:)`` opened at the caret:
  /// on a highlight, underlined, with its own caret.
  @MainActor
  func drawComposition() throws(SDLError) {
    guard compositionSplice() != nil, let (line, origin) = caretLine(), let box = compositionBox() else { return }
    let attributes = typingAttributes
    let advances = glyphMeasurer.advances(of: markedText[...], attributes: attributes)
    let splice = compositionSplice()!
    renderer.fill(box.insetBy(dx: -1, dy: 0), color: colors.compositionBackground)
    let baseline = origin.y + line.baselineOffset
    try textRenderer.cache.draw(
      markedText, attributes: attributes, color: attributes.foregroundColor ?? colors.text, penX: box.minX,
      baselineY: baseline)
    renderer.fill(
      CGRect(x: box.minX, y: baseline + 2, width: splice.width, height: 1), color: colors.compositionUnderline)
    let cursor = min(max(0, markedTextCursor), advances.count)
    let cursorX = box.minX + advances[..<cursor].reduce(0, +)
    canvas.drawCaret(x: cursorX, top: box.minY, height: box.height, width: 1, color: colors.caret)
  }
}
