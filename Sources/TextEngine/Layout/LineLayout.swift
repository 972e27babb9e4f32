import Foundation

/// The position-independent layout of one line: what a ``TextLineFragment`` reads.
///
/// Offsets are relative to the line's first character, x to the line's leading edge and y to
/// its top, so an edit elsewhere in the paragraph can share the object with the next fragment.
final class LineLayout {
  /// A run of characters with the same attributes.
  struct Run {
    /// The run's first character, relative to the line.
    let start: Int
    let length: Int
    let attributes: TextAttributes
    /// The run's leading x, relative to the line's leading edge.
    let x: Double
    let width: Double
  }

  /// An attachment on the line and its rectangle relative to the line's leading edge and top.
  struct Attachment {
    let offset: Int
    let attachment: TextAttachment
    let frame: CGRect
  }

  /// The number of characters (a trailing U+2028 included).
  let length: Int
  /// Whether the line ends with a U+2028 hard break.
  let endsWithSeparator: Bool
  let runs: [Run]
  /// The x of each character's leading edge, plus the line end: `length + 1` values from 0.
  let positions: [Double]
  /// The width without trailing whitespace.
  let usedWidth: Double
  let height: Double
  /// The baseline's distance from the line's top.
  let baseline: Double
  let attachments: [Attachment]

  init(
    length: Int, endsWithSeparator: Bool, runs: [Run], positions: [Double], usedWidth: Double, height: Double,
    baseline: Double, attachments: [Attachment]
  ) {
    self.length = length
    self.endsWithSeparator = endsWithSeparator
    self.runs = runs
    self.positions = positions
    self.usedWidth = usedWidth
    self.height = height
    self.baseline = baseline
    self.attachments = attachments
  }
}
