import Foundation

/// Breaks one paragraph into lines: word wrap at the width, a hard break at U+2028, and
/// attachment runs measured by their bounds.
struct LineBreaker {
  struct Output {
    var lines: [TextLineFragment]
    var attachments: [TextLayoutFragment.AttachmentPlacement]
    var height: Double
  }

  let measurer: any GlyphMeasuring
  let defaultAttributes: TextAttributes
  let attachmentBounds: (TextAttachment, Int) -> CGRect

  /// Lays out `text` into lines no wider than `width`, starting at `origin` inside the fragment.
  /// - Complexity: O(characters in the paragraph).
  func layout(_ text: AttributedText, width: Double, style: ParagraphStyle) -> Output {
    let string = text.string
    // One grapheme walk: each character, its String.Index (plus the end) and its class, so that
    // nothing below walks the string again or compares Characters as strings.
    var characters: [Character] = []
    var indices: [String.Index] = []
    var isSeparator: [Bool] = []
    var isWhitespace: [Bool] = []
    characters.reserveCapacity(text.length)
    indices.reserveCapacity(text.length + 1)
    isSeparator.reserveCapacity(text.length)
    isWhitespace.reserveCapacity(text.length)
    for index in string.indices {
      let character = string[index]
      characters.append(character)
      indices.append(index)
      if let ascii = character.asciiValue {
        isSeparator.append(false)
        isWhitespace.append(ascii == 32 || (9...13).contains(ascii))
      } else {
        isSeparator.append(character == AttributedText.lineSeparator)
        isWhitespace.append(character.isWhitespace)
      }
    }
    indices.append(string.endIndex)
    var advances: [Double] = []
    advances.reserveCapacity(characters.count)
    var attributesPerCharacter: [Int] = []  // index into text.runs
    attributesPerCharacter.reserveCapacity(characters.count)
    for (runIndex, run) in text.runs.enumerated() {
      let start = attributesPerCharacter.count
      if let attachment = run.attributes.attachment {
        advances.append(attachmentBounds(attachment, advances.count).width)
      } else {
        advances.append(
          contentsOf: measurer.advances(
            of: string[indices[start]..<indices[start + run.length]], attributes: run.attributes))
      }
      attributesPerCharacter.append(contentsOf: repeatElement(runIndex, count: run.length))
    }
    for index in characters.indices where isSeparator[index] {
      advances[index] = 0
    }

    var lineRanges: [Range<Int>] = []
    var lineStart = 0
    var x = 0.0
    var lastBreak: Int?
    var index = 0
    while index < characters.count {
      if isSeparator[index] {
        lineRanges.append(lineStart..<(index + 1))
        lineStart = index + 1
        x = 0
        lastBreak = nil
        index += 1
        continue
      }
      if x + advances[index] > width, index > lineStart, !isWhitespace[index] {
        let breakAt = lastBreak.map { $0 > lineStart ? $0 : index } ?? index
        lineRanges.append(lineStart..<breakAt)
        lineStart = breakAt
        x = advances[lineStart..<(index + 1)].reduce(0, +)
        lastBreak = nil
        index += 1
        continue
      }
      x += advances[index]
      if isWhitespace[index] { lastBreak = index + 1 }
      index += 1
    }
    if lineStart < characters.count || lineRanges.isEmpty || isSeparator.last == true {
      lineRanges.append(lineStart..<characters.count)
    }

    // Block alignment: the widest line decides where the block starts.
    let lineWidths = lineRanges.map { range in
      advances[range].reduce(0, +) - trailingWhitespaceWidth(range, isWhitespace, advances)
    }
    let blockWidth = lineWidths.max() ?? 0
    let originX =
      style.blockAlignment == .leading ? style.headIndent : style.headIndent + max(0, width - blockWidth)

    var lines: [TextLineFragment] = []
    var placements: [TextLayoutFragment.AttachmentPlacement] = []
    var y = style.spacingBefore
    let defaultMetrics = measurer.lineMetrics(for: defaultAttributes)
    for (lineIndex, range) in lineRanges.enumerated() {
      var ascent = defaultMetrics.ascent
      var descent = defaultMetrics.descent
      var leading = defaultMetrics.lineHeight - ascent - descent
      var runs: [TextLineFragment.Run] = []
      var positions: [Double] = [originX]
      var runX = originX
      var runStart = range.lowerBound
      while runStart < range.upperBound {
        let runIndex = attributesPerCharacter[runStart]
        var runEnd = runStart
        while runEnd < range.upperBound, attributesPerCharacter[runEnd] == runIndex { runEnd += 1 }
        let attributes = text.runs[runIndex].attributes
        if let attachment = attributes.attachment {
          let bounds = attachmentBounds(attachment, runStart)
          ascent = max(ascent, bounds.maxY)
          descent = max(descent, -bounds.minY)
        } else {
          let metrics = measurer.lineMetrics(for: attributes)
          ascent = max(ascent, metrics.ascent)
          descent = max(descent, metrics.descent)
          leading = max(leading, metrics.lineHeight - metrics.ascent - metrics.descent)
        }
        let width = advances[runStart..<runEnd].reduce(0, +)
        for offset in runStart..<runEnd { positions.append(positions.last! + advances[offset]) }
        runs.append(
          TextLineFragment.Run(
            range: runStart..<runEnd, string: string[indices[runStart]..<indices[runEnd]], attributes: attributes,
            x: runX, width: width))
        runX += width
        runStart = runEnd
      }
      let height = ascent + descent + leading
      let baseline = y + leading / 2 + ascent
      for run in runs {
        guard let attachment = run.attributes.attachment else { continue }
        let bounds = attachmentBounds(attachment, run.range.lowerBound)
        placements.append(
          TextLayoutFragment.AttachmentPlacement(
            offset: run.range.lowerBound, attachment: attachment,
            frame: CGRect(x: run.x, y: baseline - bounds.maxY, width: bounds.width, height: bounds.height)))
      }
      lines.append(
        TextLineFragment(
          characterRange: range,
          typographicBounds: CGRect(x: originX, y: y, width: lineWidths[lineIndex], height: height),
          baselineOffset: baseline, runs: runs, positions: positions))
      y += height
    }
    return Output(lines: lines, attachments: placements, height: y + style.spacingAfter)
  }

  private func trailingWhitespaceWidth(_ range: Range<Int>, _ isWhitespace: [Bool], _ advances: [Double]) -> Double {
    var width = 0.0
    var index = range.upperBound - 1
    while index >= range.lowerBound, isWhitespace[index] {
      width += advances[index]
      index -= 1
    }
    return width
  }
}
