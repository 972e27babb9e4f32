import Foundation

/// One laid-out line of a paragraph. Immutable.
public final class TextLineFragment {
  /// A run of characters drawn with the same attributes.
  public struct Run {
    /// Character offsets in the paragraph.
    public let range: Range<Int>
    /// The run's characters.
    public let string: Substring
    public let attributes: TextAttributes
    /// The run's leading x, relative to the layout fragment.
    public let x: Double
    /// The run's width.
    public let width: Double
  }

  /// The characters of the line, as paragraph offsets (a trailing U+2028 included).
  public let characterRange: Range<Int>
  /// The line's rectangle relative to the layout fragment's origin; its width is the used width.
  public let typographicBounds: CGRect
  /// The baseline's distance from the layout fragment's top.
  public let baselineOffset: Double
  public let runs: [Run]
  /// The x of each character's leading edge relative to the fragment, plus the line end: `count + 1` values.
  private let positions: [Double]

  init(characterRange: Range<Int>, typographicBounds: CGRect, baselineOffset: Double, runs: [Run], positions: [Double])
  {
    self.characterRange = characterRange
    self.typographicBounds = typographicBounds
    self.baselineOffset = baselineOffset
    self.runs = runs
    self.positions = positions
  }

  /// The x (relative to the fragment) where the caret before paragraph offset `offset` sits.
  public func locationX(forCharacterAt offset: Int) -> Double {
    let index = min(max(offset - characterRange.lowerBound, 0), positions.count - 1)
    return positions[index]
  }

  /// The paragraph offset of the caret position nearest to `x` (relative to the fragment).
  ///
  /// A trailing U+2028 is never returned: the caret stays before the hard break.
  public func characterOffset(nearestX x: Double) -> Int {
    var best = 0
    var bestDistance = Double.infinity
    for (index, position) in positions.enumerated() {
      let distance = abs(position - x)
      if distance < bestDistance {
        best = index
        bestDistance = distance
      }
    }
    let offset = characterRange.lowerBound + best
    return min(offset, lastCaretOffset)
  }

  /// The last offset on this line where a caret may sit.
  public var lastCaretOffset: Int {
    let endsWithBreak = runs.last.map { $0.string.last == AttributedText.lineSeparator } ?? false
    return endsWithBreak ? characterRange.upperBound - 1 : characterRange.upperBound
  }
}
