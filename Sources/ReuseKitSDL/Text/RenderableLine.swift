import Foundation
import TextEngine

/// One laid-out line, as the text renderer needs it: where it is and what runs it holds.
///
/// The view layer builds these from TextEngine's line fragments: `origin` is the fragment frame's
/// origin plus the line's typographic-bounds origin, minus the scroll offset; each run's `x` is its
/// pen position from the line's left edge.
public struct RenderableLine {
  /// A run of characters with the same attributes.
  public struct Run {
    /// The characters. Runs whose attributes carry an attachment are skipped: their views draw them.
    public var text: String
    /// Weight, scale, colour and attachment.
    public var attributes: TextAttributes
    /// The run's left edge, from the line's left edge (the first character's pen position in a
    /// left-to-right run).
    public var x: Double
    /// Whether the run is right to left (its text is in logical order; it is shaped right to left).
    public var isRightToLeft: Bool

    /// A run from its parts.
    /// - Parameters:
    ///   - text: The characters, in logical order.
    ///   - attributes: Weight, scale, colour and attachment.
    ///   - x: The run's left edge, from the line's left edge.
    ///   - isRightToLeft: Whether the run is shaped right to left (default `false`).
    public init(text: String, attributes: TextAttributes, x: Double, isRightToLeft: Bool = false) {
      self.text = text
      self.attributes = attributes
      self.x = x
      self.isRightToLeft = isRightToLeft
    }
  }

  /// The line's top-left corner, in target pixels.
  public var origin: CGPoint
  /// Distance from the line's top to its baseline.
  public var baselineOffset: Double
  /// The runs, in visual order.
  public var runs: [Run]

  /// A line from its parts.
  /// - Parameters:
  ///   - origin: The line's top-left corner, in target pixels.
  ///   - baselineOffset: Distance from the line's top to its baseline.
  ///   - runs: The runs, in visual order.
  public init(origin: CGPoint, baselineOffset: Double, runs: [Run]) {
    self.origin = origin
    self.baselineOffset = baselineOffset
    self.runs = runs
  }
}
