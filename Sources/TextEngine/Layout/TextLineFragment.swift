import Foundation
import ReuseKitSupport

/// One laid-out line of a paragraph, as its layout fragment places it. Immutable.
///
/// A line is a light value over shared line storage: fragments of successive versions of a
/// paragraph share the storage of the lines an edit did not touch. Two values are equal when
/// they show the same storage at the same place.
public struct TextLineFragment: Equatable {
  /// A run of characters drawn with the same attributes.
  public struct Run {
    /// Character offsets in the paragraph.
    public let range: Range<Int>
    /// The run's characters, in logical order.
    public let string: Substring
    /// The attributes every character of the run has.
    public let attributes: TextAttributes
    /// The run's leading x, relative to the layout fragment.
    public let x: Double
    /// The run's width.
    public let width: Double
    /// Whether the run's characters run right to left (an odd bidi level): its first character
    /// is at its right edge. Runs are listed in visual order, left to right.
    public var isRightToLeft = false
  }

  let layout: LineLayout
  let text: AttributedText
  /// The characters of the line, as paragraph offsets (a trailing U+2028 included).
  public let characterRange: Range<Int>
  /// The line's top relative to the fragment.
  let top: Double
  /// The line's leading x relative to the fragment.
  let originX: Double

  init(layout: LineLayout, text: AttributedText, start: Int, top: Double, originX: Double) {
    self.layout = layout
    self.text = text
    self.characterRange = start..<(start + layout.length)
    self.top = top
    self.originX = originX
  }

  /// The line's rectangle relative to the layout fragment's origin; its width is the used width.
  public var typographicBounds: CGRect {
    CGRect(x: originX, y: top, width: layout.usedWidth, height: layout.height)
  }

  /// The baseline's distance from the layout fragment's top.
  public var baselineOffset: Double { top + layout.baseline }

  /// The runs in visual order, left to right, with their characters (in logical order: a
  /// right-to-left run's first character is at its right edge, and ``Run/isRightToLeft`` is set).
  /// - Complexity: O(log paragraph length + characters of the line + runs × log runs).
  public var runs: [Run] {
    let string = text.string
    var index = text.stringIndex(at: characterRange.lowerBound)
    // Walk the characters once in logical order, then list the runs as they are drawn. A line
    // whose runs are drawn in logical order (no right-to-left run) needs no sort.
    let runs = layout.runs
    var inOrder = true
    for index in runs.indices.dropFirst() where runs[index - 1].start > runs[index].start {
      inOrder = false
      break
    }
    let logical = inOrder ? Array(runs.indices) : runs.indices.sorted { runs[$0].start < runs[$1].start }
    var strings = [Substring](repeating: "", count: layout.runs.count)
    for runIndex in logical {
      let end =
        string.index(index, offsetBy: layout.runs[runIndex].length, limitedBy: string.endIndex) ?? string.endIndex
      strings[runIndex] = string[index..<end]
      index = end
    }
    return layout.runs.indices.map { runIndex in
      let run = layout.runs[runIndex]
      let start = characterRange.lowerBound + run.start
      return Run(
        range: start..<(start + run.length), string: strings[runIndex], attributes: run.attributes,
        x: originX + run.x, width: run.width, isRightToLeft: run.isRightToLeft)
    }
  }

  /// The runs of ``runs`` that may paint between `minX` and `maxX` (fragment coordinates): those
  /// whose box, widened by `margin` on either side for ink past the advances, meets that span. A
  /// line of one-byte text slices only those runs' characters; any other line filters ``runs``.
  /// - Complexity: O(runs) plus the characters of the runs returned (one-byte text).
  public func runs(intersectingXFrom minX: Double, to maxX: Double, margin: Double) -> [Run] {
    func meets(x: Double, width: Double) -> Bool { x - margin < maxX && x + width + margin > minX }
    guard text.isSingleByte else { return runs.filter { meets(x: $0.x, width: $0.width) } }
    var result: [Run] = []
    for run in layout.runs where meets(x: originX + run.x, width: run.width) {
      let start = characterRange.lowerBound + run.start
      let range = start..<(start + run.length)
      result.append(
        Run(
          range: range,
          string: text.string[text.stringIndex(at: range.lowerBound)..<text.stringIndex(at: range.upperBound)],
          attributes: run.attributes, x: originX + run.x, width: run.width, isRightToLeft: run.isRightToLeft))
    }
    return result
  }

  /// Whether the line holds right-to-left characters (its carets and characters are then not in
  /// left-to-right order).
  public var containsRightToLeftText: Bool { layout.visual != nil }

  /// The x (relative to the fragment) where the caret before paragraph offset `offset` sits.
  ///
  /// In a line that mixes directions the caret sits at the leading edge of the character at
  /// `offset`, or, where the characters on either side have different bidi levels, at the edge
  /// of the one with the lower level (the line's start and end count as the paragraph's level):
  /// no two offsets of a line share an x.
  /// - Complexity: O(1).
  public func locationX(forCharacterAt offset: Int) -> Double {
    let positions = layout.positions
    let index = min(max(offset - characterRange.lowerBound, 0), positions.count - 1)
    return originX + positions[index]
  }

  /// The paragraph offset of the caret position nearest to `x` (relative to the fragment).
  ///
  /// A trailing U+2028 is never returned: the caret stays before the hard break. Hit testing the
  /// x of ``locationX(forCharacterAt:)`` gives the offset back, in every direction.
  /// - Complexity: O(log characters of the line) for a left-to-right line, O(characters of the
  ///   line) for one holding right-to-left text.
  public func characterOffset(nearestX x: Double) -> Int {
    let positions = layout.positions
    let target = x - originX
    guard layout.visual == nil else {
      var best = 0
      for index in 0...(lastCaretOffset - characterRange.lowerBound)
      where abs(positions[index] - target) < abs(positions[best] - target) {
        best = index
      }
      return characterRange.lowerBound + best
    }
    // The first position at or after the target, then the first of the equal run before it.
    let low = positions.partitioningIndex { $0 >= target }
    var best = min(low, positions.count - 1)
    if low > 0 {
      let value = positions[low - 1]
      let before = positions[..<(low - 1)].partitioningIndex { $0 >= value }  // the first holding `value`
      if low >= positions.count || abs(positions[before] - target) <= abs(positions[low] - target) { best = before }
    }
    return min(characterRange.lowerBound + best, lastCaretOffset)
  }

  /// The last offset on this line where a caret may sit.
  public var lastCaretOffset: Int {
    layout.endsWithSeparator ? characterRange.upperBound - 1 : characterRange.upperBound
  }

  public static func == (lhs: TextLineFragment, rhs: TextLineFragment) -> Bool {
    lhs.layout === rhs.layout && lhs.characterRange == rhs.characterRange && lhs.top == rhs.top
      && lhs.originX == rhs.originX
  }
}
