import Foundation

/// Breaks a paragraph into lines one at a time: word wrap at the width, a hard break at U+2028,
/// and attachment runs measured by their bounds.
///
/// A line depends only on where it starts (and the characters from there up to the one that
/// overflows it), so layout can restart at any line start: ``ParagraphLayout`` re-breaks only
/// the lines an edit touches. Characters are measured in short chunks as the scan reaches them,
/// so the measurer sees only the characters of the lines broken (plus one chunk).
struct LineBreaker {
  /// The most characters measured in one call (a short message is measured in one).
  static let chunk = 128
  private static let whitespace: UInt8 = 1
  private static let separator: UInt8 = 2

  let text: AttributedText
  let width: Double
  let measurer: any GlyphMeasuring
  let defaultMetrics: LineMetrics
  let attachmentBounds: (TextAttachment, Int) -> CGRect

  // The measured characters not yet consumed: [bufferStart, bufferStart + advances.count).
  private var bufferStart: Int
  private var advances: [Double] = []
  private var flags: [UInt8] = []
  private var runIndices: [Int] = []
  // Where measuring goes on.
  private var nextIndex: String.Index
  private var nextRun: Int
  private var nextRunStart: Int

  /// A breaker ready to break lines from character `start`, which must be a line start.
  /// - Complexity: O(log length + runs).
  init(
    text: AttributedText, width: Double, measurer: any GlyphMeasuring, defaultMetrics: LineMetrics,
    attachmentBounds: @escaping (TextAttachment, Int) -> CGRect, start: Int
  ) {
    self.text = text
    self.width = width
    self.measurer = measurer
    self.defaultMetrics = defaultMetrics
    self.attachmentBounds = attachmentBounds
    bufferStart = start
    nextIndex = text.stringIndex(at: start)
    var run = 0
    var runStart = 0
    while run < text.runs.count, runStart + text.runs[run].length <= start {
      runStart += text.runs[run].length
      run += 1
    }
    nextRun = run
    nextRunStart = runStart
    let capacity = min(2 * Self.chunk, text.length - start + 1)  // one allocation each for a short message
    advances.reserveCapacity(capacity)
    flags.reserveCapacity(capacity)
    runIndices.reserveCapacity(capacity)
  }

  /// The line starting at `start` (at or after the previous line's start) and its end offset.
  mutating func nextLine(from start: Int) -> (line: LineLayout, end: Int) {
    discard(upTo: start)
    var x = 0.0
    var lastBreak: Int?
    var index = start
    var end = text.length
    var endsWithSeparator = false
    while index < text.length {
      if index >= bufferStart + advances.count { measure(through: index) }
      let slot = index - bufferStart
      if flags[slot] & Self.separator != 0 {
        end = index + 1
        endsWithSeparator = true
        break
      }
      let isWhitespace = flags[slot] & Self.whitespace != 0
      if x + advances[slot] > width, index > start, !isWhitespace {
        end = lastBreak.map { $0 > start ? $0 : index } ?? index
        break
      }
      x += advances[slot]
      if isWhitespace { lastBreak = index + 1 }
      index += 1
    }
    return (makeLine(start..<end, endsWithSeparator: endsWithSeparator), end)
  }

  private mutating func discard(upTo start: Int) {
    let count = min(start - bufferStart, advances.count)
    guard count > 0 else { return }
    advances.removeFirst(count)
    flags.removeFirst(count)
    runIndices.removeFirst(count)
    bufferStart += count
  }

  /// Measures characters in chunks until character `index` is in the buffer.
  private mutating func measure(through index: Int) {
    let string = text.string
    while bufferStart + advances.count <= index, nextRun < text.runs.count {
      let run = text.runs[nextRun]
      let filled = bufferStart + advances.count
      let count = min(nextRunStart + run.length - filled, run.attributes.attachment == nil ? Self.chunk : 1)
      guard count > 0 else {
        nextRunStart += run.length
        nextRun += 1
        continue
      }
      // One walk over the chunk's characters: their classes, and where the chunk ends (bytes
      // alone when every character is one byte).
      let firstSlot = advances.count
      var bytes = 0
      var slot = 0
      if text.isSingleByte {
        let start = string.utf8Offset(of: nextIndex)
        string.utf8.withContiguousStorageIfAvailable { utf8 in
          for byte in utf8[start..<min(utf8.count, start + count)] {
            flags.append(byte == 32 || (9...13).contains(byte) ? Self.whitespace : 0)
          }
        }
        slot = flags.count - firstSlot
        bytes = slot
        runIndices.append(contentsOf: repeatElement(nextRun, count: slot))
      } else {
        for character in string[nextIndex...] {
          if slot == count { break }
          var flag: UInt8 = 0
          if let ascii = character.asciiValue {
            if ascii == 32 || (9...13).contains(ascii) { flag = Self.whitespace }
          } else {
            if character == AttributedText.lineSeparator { flag |= Self.separator }
            if character.isWhitespace { flag |= Self.whitespace }
          }
          flags.append(flag)
          runIndices.append(nextRun)
          bytes += character.utf8.count
          slot += 1
        }
      }
      let end = string.utf8.index(nextIndex, offsetBy: bytes)
      let measured: [Double]
      if let attachment = run.attributes.attachment {
        measured = [attachmentBounds(attachment, filled).width]
      } else {
        measured = measurer.advances(of: string[nextIndex..<end], attributes: run.attributes)
      }
      if measured.count == slot, !flags[firstSlot...].contains(where: { $0 & Self.separator != 0 }) {
        advances.append(contentsOf: measured)
      } else {
        for index in 0..<slot {
          let isSeparator = flags[firstSlot + index] & Self.separator != 0
          advances.append(isSeparator || index >= measured.count ? 0 : measured[index])
        }
      }
      while slot < count {  // a text whose character count disagrees with its string: keep in step
        flags.append(0)
        advances.append(0)
        runIndices.append(nextRun)
        slot += 1
      }
      nextIndex = end
      if filled + count >= nextRunStart + run.length {
        nextRunStart += run.length
        nextRun += 1
      }
    }
  }

  private func makeLine(_ range: Range<Int>, endsWithSeparator: Bool) -> LineLayout {
    var ascent = defaultMetrics.ascent
    var descent = defaultMetrics.descent
    var leading = defaultMetrics.lineHeight - ascent - descent
    var runs: [LineLayout.Run] = []
    var positions: [Double] = [0]
    positions.reserveCapacity(range.count + 1)
    var attachmentRuns: [(run: LineLayout.Run, bounds: CGRect)] = []
    var runX = 0.0
    var runStart = range.lowerBound
    while runStart < range.upperBound {
      let runIndex = runIndices[runStart - bufferStart]
      var runEnd = runStart
      while runEnd < range.upperBound, runIndices[runEnd - bufferStart] == runIndex { runEnd += 1 }
      let attributes = text.runs[runIndex].attributes
      var bounds: CGRect?
      if let attachment = attributes.attachment {
        let found = attachmentBounds(attachment, runStart)
        ascent = max(ascent, found.maxY)
        descent = max(descent, -found.minY)
        bounds = found
      } else {
        let metrics = measurer.lineMetrics(for: attributes)
        ascent = max(ascent, metrics.ascent)
        descent = max(descent, metrics.descent)
        leading = max(leading, metrics.lineHeight - metrics.ascent - metrics.descent)
      }
      let slice = advances[(runStart - bufferStart)..<(runEnd - bufferStart)]
      let width = slice.reduce(0, +)
      for advance in slice { positions.append(positions.last! + advance) }
      let run = LineLayout.Run(
        start: runStart - range.lowerBound, length: runEnd - runStart, attributes: attributes, x: runX, width: width)
      runs.append(run)
      if let bounds { attachmentRuns.append((run, bounds)) }
      runX += width
      runStart = runEnd
    }
    let height = ascent + descent + leading
    let baseline = leading / 2 + ascent
    let attachments = attachmentRuns.map { run, bounds in
      LineLayout.Attachment(
        offset: run.start, attachment: run.attributes.attachment!,
        frame: CGRect(x: run.x, y: baseline - bounds.maxY, width: bounds.width, height: bounds.height))
    }
    return LineLayout(
      length: range.count, endsWithSeparator: endsWithSeparator, runs: runs, positions: positions,
      usedWidth: usedWidth(range), height: height, baseline: baseline, attachments: attachments)
  }

  private func usedWidth(_ range: Range<Int>) -> Double {
    let slots = (range.lowerBound - bufferStart)..<(range.upperBound - bufferStart)
    var trailing = 0.0
    var slot = slots.upperBound - 1
    while slot >= slots.lowerBound, flags[slot] & Self.whitespace != 0 {
      trailing += advances[slot]
      slot -= 1
    }
    return advances[slots].reduce(0, +) - trailing
  }
}
