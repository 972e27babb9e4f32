/// Per-paragraph layout geometry, supplied by ``TextLayoutManagerDelegate``.
///
/// The chat demo uses it for bubbles: insets make room for padding and a name line, and
/// ``blockAlignment`` floats a sender's own messages to the trailing edge.
public struct ParagraphStyle: Equatable, Sendable {
  /// Where a paragraph's block of lines sits when it is narrower than the line width.
  public enum BlockAlignment: Sendable {
    /// `leading`: the block starts at the left edge, after ``ParagraphStyle/headIndent``; `trailing`:
    /// it ends at the right edge of the line width. A right-to-left paragraph swaps the two when
    /// ``ParagraphStyle/mirrorsRightToLeftBlocks`` is on.
    case leading, trailing
  }

  /// Space before the first line's leading edge and every line's leading edge.
  public var headIndent: Double
  /// Space kept free at the trailing edge.
  public var tailIndent: Double
  /// Space above the first line, inside the fragment.
  public var spacingBefore: Double
  /// Space below the last line, inside the fragment.
  public var spacingAfter: Double
  /// The widest a line may be, or `nil` for the container's width minus indents.
  public var maximumLineWidth: Double?
  /// Where the block of lines sits when it is narrower than the line width (default leading): a chat
  /// bubble of the local sender's sits at the trailing edge.
  public var blockAlignment: BlockAlignment
  /// Whether a right-to-left paragraph's block sits at the other edge (default `true`): leading
  /// is then the right edge, as a paragraph's natural alignment follows its writing direction.
  /// The chat turns it off, so a bubble stays on its sender's side whatever its text; the lines
  /// of a right-to-left paragraph are right-aligned inside its block either way.
  public var mirrorsRightToLeftBlocks: Bool

  /// A style from its geometry; every default gives ``plain``.
  /// - Parameters:
  ///   - headIndent: Space before every line's leading edge.
  ///   - tailIndent: Space kept free at the trailing edge.
  ///   - spacingBefore: Space above the first line, inside the fragment.
  ///   - spacingAfter: Space below the last line, inside the fragment.
  ///   - maximumLineWidth: The widest a line may be, or `nil` for the container's width minus indents.
  ///   - blockAlignment: Where a block narrower than the line width sits.
  ///   - mirrorsRightToLeftBlocks: Whether a right-to-left paragraph's block sits at the other edge.
  public init(
    headIndent: Double = 0, tailIndent: Double = 0, spacingBefore: Double = 0, spacingAfter: Double = 0,
    maximumLineWidth: Double? = nil, blockAlignment: BlockAlignment = .leading, mirrorsRightToLeftBlocks: Bool = true
  ) {
    self.headIndent = headIndent
    self.tailIndent = tailIndent
    self.spacingBefore = spacingBefore
    self.spacingAfter = spacingAfter
    self.maximumLineWidth = maximumLineWidth
    self.blockAlignment = blockAlignment
    self.mirrorsRightToLeftBlocks = mirrorsRightToLeftBlocks
  }

  /// No indents, no spacing.
  public static let plain = ParagraphStyle()
}
