import Foundation

/// The layout of one paragraph: its lines and where its attachments go.
///
/// As in TextKit, a fragment is tied to its paragraph: a new fragment object appears when, and only
/// when, an edit changes the paragraph (its characters or stored attributes), or when the layout
/// manager released the old one for memory. A relayout without a content change (a container
/// width change, a new text analyzer, ``TextLayoutManager/invalidateLayout(for:)``) lays the
/// **same object** out again, so it keeps its identity, its rendering surface and its attachment
/// view providers under every reuse policy. Its position (``layoutFragmentFrame``'s origin)
/// follows the paragraphs above it and is read from the layout manager's height index.
public final class TextLayoutFragment: TextViewportRenderingSurfaceKey {
  /// Where one attachment sits inside the fragment.
  public struct AttachmentPlacement {
    /// The attachment's character offset in the paragraph.
    public let offset: Int
    /// The attachment object at ``offset`` (one object may sit in several placements).
    public let attachment: TextAttachment
    /// The attachment's rectangle relative to the fragment's origin.
    public let frame: CGRect
  }

  /// The paragraph laid out.
  public let textParagraph: TextParagraph
  /// The lines, top to bottom (made on access from the shared line storage).
  public var textLineFragments: LineFragments { LineFragments(fragment: self) }
  /// The attachments, in order.
  public private(set) var attachmentPlacements: [AttachmentPlacement]
  /// The fragment's height, as of its last layout.
  public private(set) var height: Double
  /// The lines' storage and geometry.
  private(set) var layout: ParagraphLayout
  /// The container width this fragment was laid out for.
  public private(set) var layoutWidth: Double
  /// How many times this fragment was laid out again without a content change (0 at first).
  public private(set) var relayoutCount = 0
  /// The attachment view providers of this fragment in the text view that configured it.
  ///
  /// Filled when the fragment is configured in a viewport pass; with
  /// `.onEditingInlineParagraphs` they may be providers handed over from an earlier fragment.
  public internal(set) var textAttachmentViewProviders: [TextAttachmentViewProvider] = []

  weak var layoutManager: TextLayoutManager?
  /// Whether ``TextLayoutManager/renderingAttributesValidator`` validated this fragment since it
  /// was made or its range was last passed to ``TextLayoutManager/invalidateRenderingAttributes(for:)``.
  var renderingAttributesAreValid = false
  weak var entryNode: SequenceTree<TextLayoutManager.Entry>.Node?
  private(set) var generation: Int

  init(
    paragraph: TextParagraph, layout: ParagraphLayout, layoutWidth: Double, layoutManager: TextLayoutManager,
    generation: Int
  ) {
    self.textParagraph = paragraph
    self.layout = layout
    self.attachmentPlacements = layout.attachmentPlacements()
    self.height = layout.height
    self.layoutWidth = layoutWidth
    self.layoutManager = layoutManager
    self.generation = generation
  }

  /// Lays the fragment out again, for the same paragraph content (a width change, a new analyzer,
  /// an invalidation): the object, and what is keyed by it, stays.
  func relayout(_ layout: ParagraphLayout, layoutWidth: Double, generation: Int) {
    self.layout = layout
    attachmentPlacements = layout.attachmentPlacements()
    height = layout.height
    self.layoutWidth = layoutWidth
    self.generation = generation
    relayoutCount += 1
  }

  /// The fragment's rectangle in container coordinates; `.null` once it left its layout manager.
  /// - Complexity: O(log n).
  public var layoutFragmentFrame: CGRect {
    guard let layoutManager, let node = entryNode, node.element.fragment === self else { return .null }
    let y = layoutManager.entries.position(of: node).y
    return CGRect(x: 0, y: y, width: layoutWidth, height: height)
  }

  /// The paragraph's range in the document, or `nil` once it left its document.
  public var rangeInElement: TextRange? { textParagraph.elementRange }

  /// The line holding paragraph offset `offset` (the last line for the end offset).
  /// - Complexity: O(log lines).
  public func lineFragment(forCharacterAt offset: Int) -> TextLineFragment? {
    textLineFragments[lineFragmentIndex(forCharacterAt: offset)]
  }

  /// The index of the line holding paragraph offset `offset` (the last line for the end offset).
  /// - Complexity: O(log lines).
  public func lineFragmentIndex(forCharacterAt offset: Int) -> Int {
    let index = layout.lineIndex(containing: offset)
    return offset < layout.geometry[index].start + layout.line(index).length ? index : layout.lineCount - 1
  }

  /// The indices of the lines that intersect the band from `minY` to `maxY` (fragment coordinates).
  /// - Complexity: O(log lines).
  public func lineFragmentIndices(intersectingYFrom minY: Double, to maxY: Double) -> Range<Int> {
    let first = layout.firstLine(endingBelow: minY)
    let end = max(first, layout.firstLine(startingAtOrBelow: maxY))
    return first..<end
  }

  /// The paragraph's base direction: its first strong character's (left to right when it has none).
  public var baseWritingDirection: WritingDirection { layout.baseDirection }

  /// The rectangle holding every line's typographic bounds, relative to the fragment.
  /// - Complexity: O(1).
  public var textLineBounds: CGRect {
    let top = layout.geometry.first?.top ?? 0
    let bottom = layout.geometry.last.map { $0.top + $0.height } ?? 0
    return CGRect(x: layout.originX, y: top, width: layout.blockWidth, height: bottom - top)
  }

  /// The caret rectangle before paragraph offset `offset`, relative to the fragment.
  public func caretRect(forCharacterAt offset: Int) -> CGRect {
    guard let line = lineFragment(forCharacterAt: offset) else { return .zero }
    let x = line.locationX(forCharacterAt: offset)
    return CGRect(x: x, y: line.typographicBounds.minY, width: 1, height: line.typographicBounds.height)
  }

  /// The paragraph offset nearest to `point` (relative to the fragment).
  /// - Complexity: O(log lines + log characters of the line).
  public func characterOffset(at point: CGPoint) -> Int {
    let index = min(layout.firstLine(endingBelow: point.y), layout.lineCount - 1)
    return textLineFragments[index].characterOffset(nearestX: point.x)
  }
}
