import Foundation
import SDLSupport
import TextEngine

/// Drawing the layout manager's rendering attributes: a background colour behind the characters,
/// a foreground colour over their own, and an underline, over exactly the characters they cover.
/// A run's characters are placed from its visual run, so right-to-left text is covered where it
/// is drawn. Nothing here lays out.
extension SDLTextView {
  /// A span of a line (fragment coordinates) showing characters with rendering attributes.
  struct RenderingSpan {
    /// The characters (paragraph offsets).
    var range: Range<Int>
    /// The span's left edge and width, relative to the fragment.
    var minX: Double
    var width: Double
    var attributes: RenderingAttributes
  }

  /// The spans of `line` whose characters have rendering attributes, in visual order: one per
  /// visual run and attribute run they share. A right-to-left run's characters are measured from
  /// its right edge.
  /// - Complexity: O(1) for a paragraph without rendering attributes, else O(characters of the line).
  @MainActor
  func renderingSpans(of line: TextLineFragment, in fragment: TextLayoutFragment) -> [RenderingSpan] {
    let attributeRuns = textLayoutManager.renderingAttributeRuns(
      ofParagraph: fragment.textParagraph.identifier, in: line.characterRange)
    guard !attributeRuns.isEmpty else { return [] }
    var spans: [RenderingSpan] = []
    for run in line.runs {
      let pieces = attributeRuns.filter { $0.range.overlaps(run.range) }
      guard !pieces.isEmpty else { continue }
      // Attachments share their run's width; text is measured character by character.
      let count = max(1, run.string.count)
      let advances =
        run.attributes.attachment == nil
        ? glyphMeasurer.advances(of: run.string, attributes: run.attributes)
        : Array(repeating: run.width / Double(count), count: count)
      for piece in pieces {
        let range = piece.range.clamped(to: run.range)
        let before = advances[0..<(range.lowerBound - run.range.lowerBound)].reduce(0, +)
        let width = advances[(range.lowerBound - run.range.lowerBound)..<(range.upperBound - run.range.lowerBound)]
          .reduce(0, +)
        let minX = run.isRightToLeft ? run.x + run.width - before - width : run.x + before
        spans.append(RenderingSpan(range: range, minX: minX, width: width, attributes: piece.attributes))
      }
    }
    return spans
  }

  /// Fills the rendering attributes' background colours behind a fragment's lines (those in the
  /// part being drawn), over the fragment's own background and under the selection.
  @MainActor
  func drawRenderingBackgrounds(of item: VisibleFragment) {
    forEachRenderingSpan(of: item) { span, top, height in
      guard let color = span.attributes[.backgroundColor]?.color else { return }
      renderer.fill(CGRect(x: item.origin.x + span.minX, y: top, width: span.width, height: height), color: color)
    }
  }

  /// Draws the rendering attributes' underlines under a fragment's lines (those in the part being
  /// drawn), in the span's foreground colour (the rendering one, else the text's), one point below
  /// the baseline: `single` one point thick, `thick` two, `double` two lines.
  @MainActor
  func drawRenderingUnderlines(of item: VisibleFragment) {
    let textColor = fragmentColors(for: item.fragment).text
    forEachRenderingSpan(of: item) { span, top, _, baseline in
      guard let style = span.attributes[.underlineStyle]?.underlineStyle, !style.isEmpty else { return }
      let color = span.attributes[.foregroundColor]?.color ?? textColor
      let x = item.origin.x + span.minX
      let thickness = style.contains(.thick) ? 2.0 : 1.0
      renderer.fill(CGRect(x: x, y: baseline + 1, width: span.width, height: thickness), color: color)
      if style.contains(.double) {
        renderer.fill(CGRect(x: x, y: baseline + 3, width: span.width, height: 1), color: color)
      }
    }
  }

  /// `runs` (one line's, as drawn) with the rendering foreground colour applied: a run whose
  /// characters have one is cut where it starts and ends, each piece placed where its characters
  /// are, and drawn in that colour.
  /// - Complexity: O(1) for a line without rendering foreground colours, else O(characters of the line).
  @MainActor
  func applyingRenderingForeground(
    to runs: [RenderableLine.Run], of line: TextLineFragment, in fragment: TextLayoutFragment
  ) -> [RenderableLine.Run] {
    let spans = renderingSpans(of: line, in: fragment).filter { $0.attributes[.foregroundColor]?.color != nil }
    guard !spans.isEmpty else { return runs }
    let drawn = runs.filter { $0.attributes.attachment == nil }
    let lineRuns = line.runs.filter { $0.attributes.attachment == nil }
    // Runs moved from their laid-out place (the IME composition's gap) are drawn as they are.
    guard drawn.allSatisfy({ run in lineRuns.contains { $0.x == run.x } }) else { return runs }
    var result: [RenderableLine.Run] = []
    for run in lineRuns {
      // Only runs the caller draws (it may have left some out as off the part being drawn).
      guard drawn.contains(where: { $0.x == run.x && $0.isRightToLeft == run.isRightToLeft }) else { continue }
      let covering = spans.filter { $0.range.overlaps(run.range) }
      let advances = glyphMeasurer.advances(of: run.string, attributes: run.attributes)
      var cuts = Set([run.range.lowerBound, run.range.upperBound])
      for span in covering {
        cuts.insert(max(span.range.lowerBound, run.range.lowerBound))
        cuts.insert(min(span.range.upperBound, run.range.upperBound))
      }
      let bounds = cuts.sorted()
      for (lower, upper) in zip(bounds, bounds.dropFirst()) where lower < upper {
        let start = lower - run.range.lowerBound
        let end = upper - run.range.lowerBound
        let text = run.string.dropFirst(start).prefix(end - start)
        let before = advances[0..<start].reduce(0, +)
        let width = advances[start..<end].reduce(0, +)
        var attributes = run.attributes
        if let span = covering.first(where: { $0.range.contains(lower) }) {
          attributes.foregroundColor = span.attributes[.foregroundColor]?.color
        }
        let x = run.isRightToLeft ? run.x + run.width - before - width : run.x + before
        result.append(
          RenderableLine.Run(text: String(text), attributes: attributes, x: x, isRightToLeft: run.isRightToLeft))
      }
    }
    // Attachment runs and runs without text are left as they were.
    result += runs.filter { $0.attributes.attachment != nil }
    return result
  }

  /// Calls `body` with each rendering span of the fragment's lines in the part being drawn, with the
  /// line's top and height and its baseline, in view pixels.
  @MainActor
  private func forEachRenderingSpan(
    of item: VisibleFragment, _ body: (RenderingSpan, _ top: Double, _ height: Double, _ baseline: Double) -> Void
  ) {
    guard textLayoutManager.hasRenderingAttributes(ofParagraph: item.fragment.textParagraph.identifier) else { return }
    let band = drawingBand ?? CGRect(origin: .zero, size: viewportSize)
    let lines = item.fragment.textLineFragments
    for index in item.fragment.lineFragmentIndices(
      intersectingYFrom: max(0, band.minY) - item.origin.y, to: min(viewportSize.height, band.maxY) - item.origin.y)
    {
      let line = lines[index]
      let box = line.typographicBounds
      for span in renderingSpans(of: line, in: item.fragment) {
        body(span, item.origin.y + box.minY, box.height, item.origin.y + line.baselineOffset)
      }
    }
  }

  @MainActor
  private func forEachRenderingSpan(
    of item: VisibleFragment, _ body: (RenderingSpan, _ top: Double, _ height: Double) -> Void
  ) {
    forEachRenderingSpan(of: item) { span, top, height, _ in body(span, top, height) }
  }
}
