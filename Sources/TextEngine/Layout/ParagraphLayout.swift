import Foundation
import ReuseKitSupport

/// The lines of one paragraph and where they sit: what a ``TextLayoutFragment`` holds.
///
/// Per-line geometry that depends on the lines above (start offset, top) lives in flat arrays;
/// each line's own layout is a shared ``LineLayout``. An edit re-breaks only the lines it can
/// change (``relaid(_:from:measurer:attachmentBounds:)``) and shares the others.
struct ParagraphLayout {
  /// What, besides the text, a layout depends on; a layout made with other parameters is not reused.
  struct Parameters: Equatable {
    /// The width lines are broken at.
    var lineWidth: Double
    var style: ParagraphStyle
    /// The metrics of the layout manager's default attributes (the least a line is high).
    var defaultMetrics: LineMetrics
    /// The least block width of a right-to-left paragraph
    /// (``TextLayoutManagerDelegate/textLayoutManager(_:minimumBlockWidthFor:)``).
    var minimumBlockWidth = 0.0
  }

  let parameters: Parameters
  /// Where the lines live; ``lineIDs`` name them.
  private(set) var arena: LineArena
  /// Where each line is, top to bottom: one flat array, so copying a layout copies plain values.
  private(set) var geometry: [LineGeometry] = []
  /// The indices of lines holding attachments, ascending.
  private(set) var attachmentLines: [Int] = []
  /// The leading x of every line, relative to the fragment.
  private(set) var originX = 0.0
  /// The paragraph's height, spacing included.
  private(set) var height = 0.0
  /// The widest line's used width.
  private(set) var blockWidth = 0.0
  /// Lines broken to make this layout (not counting shared lines), for complexity tests.
  private(set) var linesBroken = 0
  /// The paragraph's base direction: its first strong character's (left to right when none).
  private(set) var baseDirection = WritingDirection.leftToRight
  /// The characters the base direction depends on: up to its first strong character, or all
  /// that were scanned. An edit past them keeps the direction.
  private(set) var directionPrefix = 0
  /// The most characters scanned for the first strong one; a paragraph with none among them is
  /// left to right (so a keystroke never scans a long paragraph of digits and spaces).
  static let directionScanLimit = 4_096

  /// Lays `text` out from scratch.
  /// - Complexity: O(characters).
  init(
    _ text: AttributedText, parameters: Parameters, measurer: any GlyphMeasuring, analyzer: any TextAnalyzing,
    attachmentBounds: @escaping (TextAttachment, Int) -> CGRect
  ) {
    self.parameters = parameters
    self.arena = LineArena()
    (baseDirection, directionPrefix) = Self.baseDirection(of: text, analyzer: analyzer)
    var breaker = LineBreaker(
      text: text, width: parameters.lineWidth, measurer: measurer, analyzer: analyzer, baseDirection: baseDirection,
      defaultMetrics: parameters.defaultMetrics, attachmentBounds: attachmentBounds, start: 0)
    var start = 0
    while true {
      let (line, end) = breaker.nextLine(from: start)
      append(line, start: start)
      if end >= text.length && !line.endsWithSeparator { break }
      start = end
    }
    linesBroken = geometry.count
    finish()
  }

  /// The layout of `text`, made from this layout of `old` by re-breaking only the lines the
  /// difference can change: from two lines above the line holding the character the analyzer's
  /// ``TextAnalyzing/lineBreakContext`` before the first changed one (a line's break can depend
  /// on the first characters of the two lines below it, and on the analyzer's context) down to
  /// the first line start, that context or more past the change, that falls on an old line
  /// start (shifted by the length change).
  /// - Returns: `nil` when a reused line's attachment would now get other bounds, or the base
  ///   direction changed (the caller lays out from scratch).
  /// - Complexity: O(log length + lines re-broken' characters + lines + attachments).
  func relaid(
    _ text: AttributedText, from old: AttributedText, measurer: any GlyphMeasuring, analyzer: any TextAnalyzing,
    attachmentBounds: @escaping (TextAttachment, Int) -> CGRect
  ) -> ParagraphLayout? {
    let difference = text.difference(from: old)
    let delta = text.length - old.length
    var direction = (baseDirection, directionPrefix)
    if difference.oldRange.lowerBound < directionPrefix {
      direction = Self.baseDirection(of: text, analyzer: analyzer)
      guard direction.0 == baseDirection else { return nil }
    }
    let context = max(0, analyzer.lineBreakContext)
    let first = max(0, lineIndex(containing: max(0, difference.oldRange.lowerBound - context)) - 2)
    var breaker = LineBreaker(
      text: text, width: parameters.lineWidth, measurer: measurer, analyzer: analyzer, baseDirection: baseDirection,
      defaultMetrics: parameters.defaultMetrics, attachmentBounds: attachmentBounds, start: geometry[first].start)
    // Share the arena until it holds more dead lines than live ones.
    let arena = self.arena.lines.count > 2 * geometry.count + 1024 ? nil : self.arena
    var result = ParagraphLayout(parameters: parameters, arena: arena ?? LineArena(capacity: geometry.count + 64))
    (result.baseDirection, result.directionPrefix) = direction
    result.geometry.reserveCapacity(geometry.count + 2)
    result.appendShared(self, 0..<first, delta: 0)
    var start = geometry[first].start
    var oldIndex = first
    var resumeAt: Int?
    while true {
      let (line, end) = breaker.nextLine(from: start)
      result.append(line, start: start)
      result.linesBroken += 1
      if end >= text.length && !line.endsWithSeparator { break }
      start = end
      guard start >= difference.newRange.upperBound + context else { continue }
      while oldIndex < geometry.count, geometry[oldIndex].start < start - delta { oldIndex += 1 }
      if oldIndex < geometry.count, geometry[oldIndex].start == start - delta {
        resumeAt = oldIndex
        break
      }
    }
    if let resumeAt { result.appendShared(self, resumeAt..<geometry.count, delta: delta) }
    // A reused line keeps its attachments' bounds; if a provider now reports others, start over.
    for index in result.attachmentLines {
      let line = result.line(index)
      for attachment in line.attachments {
        let bounds = attachmentBounds(attachment.attachment, result.geometry[index].start + attachment.offset)
        let expected = CGRect(
          x: attachment.frame.minX, y: line.baseline - bounds.maxY, width: bounds.width, height: bounds.height)
        if expected != attachment.frame { return nil }
      }
    }
    result.finish()
    return result
  }

  private init(parameters: Parameters, arena: LineArena) {
    self.parameters = parameters
    self.arena = arena
  }

  /// The direction of the first strong character among the first ``directionScanLimit``, and
  /// how many characters it depends on.
  /// - Complexity: O(characters up to the first strong one), at most ``directionScanLimit``.
  private static func baseDirection(of text: AttributedText, analyzer: any TextAnalyzing) -> (WritingDirection, Int) {
    var start = 0
    var depth = 0  // the isolates open before the window, which rule P2 skips
    while start < min(text.length, directionScanLimit) {
      let end = min(text.length, start + 256)
      var window = text.string[text.stringIndex(at: start)..<text.stringIndex(at: end)]
      let after = WritingDirection.isolateDepth(after: window.unicodeScalars.lazy.map(\.value), from: depth)
      if depth > 0 {  // open them again before the window
        let count = min(depth, WritingDirection.isolateCarryLimit)
        window = Substring(String(repeating: Character(WritingDirection.leftToRightIsolate), count: count) + window)
      }
      if let direction = analyzer.firstStrongDirection(of: window) { return (direction, end) }
      depth = after
      start = end
    }
    return (.leftToRight, min(text.length, directionScanLimit) + 1)
  }

  /// The number of lines.
  var lineCount: Int { geometry.count }

  /// Line `index`'s storage.
  func line(_ index: Int) -> LineLayout { arena[geometry[index].id] }

  /// Line `index`'s leading x relative to the fragment: the block's, moved right in a
  /// right-to-left paragraph so that the line ends at the block's right edge.
  func originX(ofLine index: Int) -> Double {
    baseDirection == .rightToLeft ? originX + blockWidth - geometry[index].width : originX
  }

  /// The top of the next line appended: the last line's bottom, or the space before the first.
  private var nextTop: Double { geometry.last.map { $0.top + $0.height } ?? parameters.style.spacingBefore }

  private mutating func append(_ line: LineLayout, start: Int) {
    if !line.attachments.isEmpty { attachmentLines.append(geometry.count) }
    geometry.append(
      LineGeometry(id: arena.add(line), start: start, top: nextTop, height: line.height, width: line.usedWidth))
  }

  /// Appends `old`'s lines `range` as they are, their starts moved by `delta`: tops added up one
  /// by one as a layout from scratch adds them (so both give the same bits).
  private mutating func appendShared(_ old: ParagraphLayout, _ range: Range<Int>, delta: Int) {
    guard !range.isEmpty else { return }
    let base = geometry.count
    for index in old.attachmentLines where range.contains(index) {
      attachmentLines.append(base + index - range.lowerBound)
    }
    if base == 0 && range.lowerBound == 0 && delta == 0 && arena === old.arena {
      geometry.append(contentsOf: old.geometry[range])  // the same lines from the same start
      return
    }
    var top = nextTop
    for index in range {
      var line = old.geometry[index]
      if arena !== old.arena { line.id = arena.add(old.line(index)) }
      line.start += delta
      line.top = top
      top += line.height
      geometry.append(line)
    }
  }

  private mutating func finish() {
    var widest = 0.0
    for line in geometry { widest = max(widest, line.width) }
    blockWidth = widest
    if baseDirection == .rightToLeft {  // its lines end at the right of a block at least this wide
      blockWidth = max(widest, min(parameters.minimumBlockWidth, parameters.lineWidth))
    }
    let style = parameters.style
    var alignment = style.blockAlignment
    if baseDirection == .rightToLeft && style.mirrorsRightToLeftBlocks {
      alignment = alignment == .leading ? .trailing : .leading
    }
    originX =
      alignment == .leading ? style.headIndent : style.headIndent + max(0, parameters.lineWidth - blockWidth)
    height = nextTop + style.spacingAfter
  }

  // MARK: Queries

  /// The index of the line holding offset `offset`: the last line starting at or before it.
  /// - Complexity: O(log lines).
  func lineIndex(containing offset: Int) -> Int {
    max(0, geometry.partitioningIndex { $0.start > offset } - 1)
  }

  /// The index of the first line whose bottom is below `y`, or `lines.count`.
  /// - Complexity: O(log lines).
  func firstLine(endingBelow y: Double) -> Int {
    geometry.partitioningIndex { $0.top + $0.height > y }
  }

  /// The index of the first line whose top is at or below `y`, or `lines.count`.
  /// - Complexity: O(log lines).
  func firstLine(startingAtOrBelow y: Double) -> Int {
    geometry.partitioningIndex { $0.top >= y }
  }

  /// Where the attachments go, relative to the fragment.
  /// - Complexity: O(attachments).
  func attachmentPlacements() -> [TextLayoutFragment.AttachmentPlacement] {
    var placements: [TextLayoutFragment.AttachmentPlacement] = []
    for index in attachmentLines {
      for attachment in line(index).attachments {
        placements.append(
          TextLayoutFragment.AttachmentPlacement(
            offset: geometry[index].start + attachment.offset, attachment: attachment.attachment,
            frame: attachment.frame.offsetBy(dx: originX(ofLine: index), dy: geometry[index].top)))
      }
    }
    return placements
  }
}

/// Where one line of a ``ParagraphLayout`` is.
struct LineGeometry {
  /// The line's number in its layout's arena.
  var id: Int32
  /// The line's first character offset.
  var start: Int
  /// The line's top, relative to the fragment.
  var top: Double
  var height: Double
  /// The line's width without trailing whitespace.
  var width: Double
}
