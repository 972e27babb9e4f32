import Foundation
import ReuseKitSupport

/// Breaks a paragraph into lines one at a time: at the analyzer's line-break opportunities
/// (UAX #14 with ``TextAnalysis``'s analyzer, after spaces with ``SimpleTextAnalyzer``) at the
/// width, at a character boundary inside a word longer than the width, at a hard break at U+2028,
/// and attachment runs measured by their bounds. Each line is then reordered for display by its
/// characters' bidi levels (rules L1–L2 of UAX #9).
///
/// A line depends only on where it starts (and the characters from there up to the one that
/// overflows it, plus the analyzer's ``TextAnalyzing/lineBreakContext`` around them), so layout can
/// restart at any line start: ``ParagraphLayout`` re-breaks only the lines an edit touches.
/// Characters are measured and analysed in short chunks as the scan reaches them, so the
/// measurer and the analyzer see only the characters of the lines broken (plus a chunk and the
/// context), never a whole long paragraph.
struct LineBreaker {
  /// The characters measured in one call (a short message is measured in one): a chunk goes on
  /// past this many to the end of its word, so that a measurer that shapes words (Arabic joins
  /// across a cut) measures each word whole wherever breaking started.
  static let chunk = 128
  /// How far a chunk may go on past ``chunk`` to reach whitespace before it is cut anyway (a
  /// word longer than this, or text without spaces, is measured in pieces).
  static let chunkSlack = 64
  private static let whitespace: UInt8 = 1
  private static let separator: UInt8 = 2

  let text: AttributedText
  let width: Double
  let measurer: any GlyphMeasuring
  let analyzer: any TextAnalyzing
  /// The paragraph's base direction (its first strong character's).
  let baseDirection: WritingDirection
  let defaultMetrics: LineMetrics
  let attachmentBounds: (TextAttachment, Int) -> CGRect

  // The measured characters not yet consumed: [bufferStart, bufferStart + advances.count).
  private var bufferStart: Int
  private var advances: [Double] = []
  private var flags: [UInt8] = []
  private var runIndices: [Int] = []
  /// Whether a line may start at each character from `bufferStart` on (analysed ahead of measuring).
  private var breakable: [Bool] = []
  // Where measuring goes on.
  private var nextIndex: String.Index
  private var nextRun: Int
  private var nextRunStart: Int

  /// A breaker ready to break lines from character `start`, which must be a line start.
  /// - Complexity: O(log length + runs).
  init(
    text: AttributedText, width: Double, measurer: any GlyphMeasuring, analyzer: any TextAnalyzing,
    baseDirection: WritingDirection, defaultMetrics: LineMetrics,
    attachmentBounds: @escaping (TextAttachment, Int) -> CGRect, start: Int
  ) {
    self.text = text
    self.width = width
    self.measurer = measurer
    self.analyzer = analyzer
    self.baseDirection = baseDirection
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
      if index >= bufferStart + breakable.count { analyse(through: index) }
      let slot = index - bufferStart
      if flags[slot] & Self.separator != 0 {
        end = index + 1
        endsWithSeparator = true
        break
      }
      let isWhitespace = flags[slot] & Self.whitespace != 0
      if index > start, breakable[slot] { lastBreak = index }
      // Trailing whitespace hangs past the width; anything else that overflows ends the line at
      // the last opportunity, or (a word longer than the line) right before itself.
      if x + advances[slot] > width, index > start, !isWhitespace {
        end = lastBreak ?? index
        break
      }
      x += advances[slot]
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
    breakable.removeFirst(min(count, breakable.count))
    bufferStart += count
  }

  /// Finds the break opportunities of the characters up to `index` (and a chunk more), asking the
  /// analyzer about a window with its ``TextAnalyzing/lineBreakContext`` on each side (and the
  /// character before); opportunities in the trailing context are not used.
  /// - Complexity: O(chunk + context) per chunk.
  private mutating func analyse(through index: Int) {
    while bufferStart + breakable.count <= index {
      let from = bufferStart + breakable.count
      let context = max(0, analyzer.lineBreakContext)
      let windowStart = max(0, from - context - 1)
      let windowEnd = min(text.length, from + Self.chunk + context)
      let classifiedEnd = windowEnd == text.length ? windowEnd : windowEnd - context
      let window = text.string[text.stringIndex(at: windowStart)..<text.stringIndex(at: windowEnd)]
      let opportunities = analyzer.lineBreakOpportunities(in: window)
      var next = opportunities.partitioningIndex { windowStart + $0 >= from }
      for offset in from..<max(from + 1, classifiedEnd) {
        while next < opportunities.count, windowStart + opportunities[next] < offset { next += 1 }
        breakable.append(next < opportunities.count && windowStart + opportunities[next] == offset)
      }
    }
  }

  /// Measures characters in chunks until character `index` is in the buffer.
  private mutating func measure(through index: Int) {
    let string = text.string
    while bufferStart + advances.count <= index, nextRun < text.runs.count {
      let run = text.runs[nextRun]
      let filled = bufferStart + advances.count
      let remaining = nextRunStart + run.length - filled
      var count = min(remaining, run.attributes.attachment == nil ? Self.chunk : 1)
      let most = min(remaining, run.attributes.attachment == nil ? Self.chunk + Self.chunkSlack : 1)
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
          // End the chunk after whitespace (a whole word), within the slack.
          while count < most, start + count < utf8.count, !Self.isWhitespace(utf8[start + count - 1]) { count += 1 }
          for byte in utf8[start..<min(utf8.count, start + count)] {
            flags.append(Self.isWhitespace(byte) ? Self.whitespace : 0)
          }
        }
        slot = flags.count - firstSlot
        bytes = slot
        runIndices.append(contentsOf: repeatElement(nextRun, count: slot))
      } else {
        for character in string[nextIndex...] {
          if slot == most || (slot >= count && slot > 0 && flags[firstSlot + slot - 1] & Self.whitespace != 0) { break }
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
        count = max(count, slot)
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

  private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 32 || (9...13).contains(byte) }

  private func makeLine(_ range: Range<Int>, endsWithSeparator: Bool) -> LineLayout {
    var ascent = defaultMetrics.ascent
    var descent = defaultMetrics.descent
    var leading = defaultMetrics.lineHeight - ascent - descent
    // Logical runs: characters with the same attributes (and, below, the same level).
    var runs: [LineLayout.Run] = []
    var bounds: [Int: CGRect] = [:]  // attachment bounds by run start
    var runX = 0.0
    var runStart = range.lowerBound
    while runStart < range.upperBound {
      let runIndex = runIndices[runStart - bufferStart]
      var runEnd = runStart
      while runEnd < range.upperBound, runIndices[runEnd - bufferStart] == runIndex { runEnd += 1 }
      let attributes = text.runs[runIndex].attributes
      if let attachment = attributes.attachment {
        let found = attachmentBounds(attachment, runStart)
        ascent = max(ascent, found.maxY)
        descent = max(descent, -found.minY)
        bounds[runStart - range.lowerBound] = found
      } else {
        let metrics = measurer.lineMetrics(for: attributes)
        ascent = max(ascent, metrics.ascent)
        descent = max(descent, metrics.descent)
        leading = max(leading, metrics.lineHeight - metrics.ascent - metrics.descent)
      }
      let width = advances[(runStart - bufferStart)..<(runEnd - bufferStart)].reduce(0, +)
      runs.append(
        LineLayout.Run(
          start: runStart - range.lowerBound, length: runEnd - runStart, attributes: attributes, x: runX, width: width))
      runX += width
      runStart = runEnd
    }
    let slots = (range.lowerBound - bufferStart)..<(range.upperBound - bufferStart)
    var positions: [Double] = [0]
    var visual: LineLayout.VisualGeometry?
    if let levels = levels(of: range) {
      let lineAdvances = Array(advances[slots])
      let order = BidiReordering.visualOrder(levels)
      var lefts = BidiReordering.lefts(advances: lineAdvances, order: order)
      if baseDirection == .rightToLeft {  // trailing whitespace (visually leftmost) hangs left of the line
        let hanging = lineAdvances.reduce(0, +) - usedWidth(range)
        lefts = lefts.map { $0 - hanging }
      }
      positions = BidiReordering.caretPositions(
        levels: levels, lefts: lefts, advances: lineAdvances, baseLevel: baseDirection.paragraphLevel)
      visual = LineLayout.VisualGeometry(lefts: lefts, widths: lineAdvances)
      runs = Self.visualRuns(runs, levels: levels, lefts: lefts, advances: lineAdvances, order: order)
    } else {
      positions.reserveCapacity(range.count + 1)
      for advance in advances[slots] { positions.append(positions.last! + advance) }
    }
    let height = ascent + descent + leading
    let baseline = leading / 2 + ascent
    let attachments = runs.compactMap { run -> LineLayout.Attachment? in
      guard let attachment = run.attributes.attachment, let found = bounds[run.start] else { return nil }
      return LineLayout.Attachment(
        offset: run.start, attachment: attachment,
        frame: CGRect(x: run.x, y: baseline - found.maxY, width: found.width, height: found.height))
    }.sorted { $0.offset < $1.offset }
    return LineLayout(
      length: range.count, endsWithSeparator: endsWithSeparator, runs: runs, positions: positions, visual: visual,
      usedWidth: usedWidth(range), height: height, baseline: baseline, attachments: attachments)
  }

  /// The bidi levels of the line's characters after rule L1 (trailing whitespace takes the
  /// paragraph's level), or `nil` when every character is at level 0 (a left-to-right line).
  ///
  /// Levels are resolved over the line with half the analyzer's ``TextAnalyzing/lineBreakContext`` on
  /// each side (the paragraph's characters around it, as rules W1–N2 and embeddings see them), then
  /// the line's are sliced out: a neutral at a line's end takes its level from the next line's
  /// first strong character, and an override or embedding opened within the context goes on past
  /// the break. Relayout re-breaks that context around an edit, so relayout equals layout from
  /// scratch; an embedding opened further back than the context is not seen.
  /// - Complexity: O(characters of the line + 2 × context); no analysis for a left-to-right paragraph
  ///   whose window has no character that may run right to left (``mayRunRightToLeft(_:)``).
  private func levels(of range: Range<Int>) -> [UInt8]? {
    guard !range.isEmpty else { return nil }
    if baseDirection == .leftToRight && text.isSingleByte { return nil }
    let context = max(0, analyzer.lineBreakContext) / 2  // within what relayout re-breaks around an edit
    let windowStart = max(0, range.lowerBound - context)
    let windowEnd = min(text.length, range.upperBound + context)
    let window = text.string[text.stringIndex(at: windowStart)..<text.stringIndex(at: windowEnd)]
    if baseDirection == .leftToRight && !window.unicodeScalars.contains(where: Self.mayRunRightToLeft) { return nil }
    var resolved = analyzer.embeddingLevels(of: window, baseDirection: baseDirection)
    if resolved.count != windowEnd - windowStart {  // keep in step with the characters, whatever the analyzer said
      resolved = Array(resolved.prefix(windowEnd - windowStart))
      resolved += repeatElement(baseDirection.paragraphLevel, count: windowEnd - windowStart - resolved.count)
    }
    let offset = range.lowerBound - windowStart
    var levels = Array(resolved[offset..<(offset + range.count)])
    var index = range.count - 1
    while index >= 0, flags[range.lowerBound - bufferStart + index] & Self.whitespace != 0 {
      levels[index] = baseDirection.paragraphLevel
      index -= 1
    }
    return levels.contains(where: { $0 != 0 }) ? levels : nil
  }

  /// Whether `scalar` may be at an odd level in a left-to-right paragraph: it lies where Unicode
  /// puts right-to-left letters (R, AL) and Arabic digits (AN) — Hebrew to Arabic Extended,
  /// their presentation forms, the historic right-to-left blocks — or is a right-to-left mark,
  /// embedding, override or isolate. Latin, CJK, emoji and U+FFFC are not: their lines skip the analysis.
  static func mayRunRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFB1D...0xFDFF, 0xFE70...0xFEFF,
      0x10800...0x10FFF, 0x1E800...0x1EFFF:
      return true
    default:
      return false
    }
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
