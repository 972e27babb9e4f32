import Foundation

/// The position-independent layout of one line: what a ``TextLineFragment`` reads.
///
/// Offsets are relative to the line's first character, x to the line's leading edge and y to
/// its top, so an edit elsewhere in the paragraph can share the object with the next fragment.
final class LineLayout {
  /// A run of characters with the same attributes and the same bidi level.
  struct Run {
    /// The run's first character, relative to the line.
    let start: Int
    let length: Int
    let attributes: TextAttributes
    /// The run's left x, relative to the line's leading edge.
    let x: Double
    let width: Double
    /// Whether the run's level is odd: its first character is at its right edge.
    var isRightToLeft = false
  }

  /// An attachment on the line and its rectangle relative to the line's leading edge and top.
  struct Attachment {
    let offset: Int
    let attachment: TextAttachment
    let frame: CGRect
  }

  /// Where each character of a line that mixes directions is drawn (logical order).
  struct VisualGeometry {
    /// Each character's left x.
    let lefts: [Double]
    /// Each character's advance.
    let widths: [Double]
  }

  /// The number of characters (a trailing U+2028 included).
  let length: Int
  /// Whether the line ends with a U+2028 hard break.
  let endsWithSeparator: Bool
  /// The runs in visual order, left to right.
  let runs: [Run]
  /// The caret's x before each character, in logical order, plus the line end: `length + 1`
  /// values. A left-to-right line's values ascend from 0 (each character spans its position to the next).
  let positions: [Double]
  /// Where the characters are when the line holds right-to-left text; `nil` for a left-to-right line.
  let visual: VisualGeometry?
  /// The width without trailing whitespace.
  let usedWidth: Double
  let height: Double
  /// The baseline's distance from the line's top.
  let baseline: Double
  let attachments: [Attachment]

  init(
    length: Int, endsWithSeparator: Bool, runs: [Run], positions: [Double], visual: VisualGeometry? = nil,
    usedWidth: Double, height: Double, baseline: Double, attachments: [Attachment]
  ) {
    self.length = length
    self.endsWithSeparator = endsWithSeparator
    self.runs = runs
    self.positions = positions
    self.visual = visual
    self.usedWidth = usedWidth
    self.height = height
    self.baseline = baseline
    self.attachments = attachments
  }
}
