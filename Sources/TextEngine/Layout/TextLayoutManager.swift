import Foundation
import Instrumentation

/// Lays paragraphs out into immutable ``TextLayoutFragment``s, lazily.
///
/// Paragraphs outside the viewport are not laid out: their heights are estimated from the
/// document's paragraph count and total length (one rule for every backend, see
/// <doc:StorageIdentity>), and an estimate is replaced by the measured height once the paragraph
/// is laid out.
/// A height index (a balanced tree mirroring the storage) maps a y-offset or a location to a
/// paragraph in O(log n). Several layout managers can observe one storage.
public final class TextLayoutManager {
  /// One paragraph's layout state in this manager, stored inline in its index node (a struct,
  /// so that indexing a paragraph costs one allocation, not two), or a *gap*: a run of paragraphs
  /// not measured, one node holding their count and estimated height (see <doc:StorageIdentity>).
  ///
  /// An entry does not hold its paragraph (a store-backed manager may release it); layout asks
  /// the content manager for the paragraph at the entry's position.
  struct Entry {
    /// Whether the node is a run of unmeasured paragraphs, each ``height`` / count tall.
    var isGap = false
    var fragment: TextLayoutFragment?
    /// Whether the content manager's delegate hid the paragraph when last asked.
    var isHidden = false
    /// Whether ``TextLayoutManager/invalidateLayout(for:)`` marked the fragment for replacement.
    var isInvalidated = false
    /// The use period (see ``TextLayoutManager/beginUsePeriod()``) in which the fragment was last asked for.
    var lastUse = 0
    /// When the fragment was made (a counter), to break ties between equally old fragments.
    var serial = 0
    /// The layout of the paragraph this one replaced in an edit, to re-break only what changed.
    var replacedLayout: ReplacedLayout?
  }

  /// The storage this manager lays out.
  public private(set) weak var textContentManager: TextContentManager?
  /// The container; changing its width invalidates every fragment (lazily).
  public let textContainer: TextContainer
  /// Measures glyphs for line breaking.
  public let glyphMeasurer: any GlyphMeasuring
  /// Finds line-break opportunities and bidi levels (default: ``SimpleTextAnalyzer``). Setting it
  /// makes every fragment stale; they are replaced lazily as passes reach them.
  public var textAnalyzer: any TextAnalyzing = SimpleTextAnalyzer() {
    didSet { generation += 1 }
  }
  /// Supplies paragraph styles. Setting it drops every fragment and re-estimates the document (one
  /// gap, O(1), on the next geometry query).
  public weak var delegate: (any TextLayoutManagerDelegate)? {
    didSet { setNeedsEstimates() }
  }
  /// The attributes of text without attributes of its own (line metrics of empty lines).
  public var defaultAttributes = TextAttributes()
  /// Counts fragments created (`layoutFragmentsCreated`).
  public var instrumentation: Instrumentation?
  /// Fills a fragment's rendering attributes when they are not valid, as TextKit's: see
  /// <doc:ReusePolicies#Rendering-attributes> for when it is called.
  public var renderingAttributesValidator: ((TextLayoutManager, TextLayoutFragment) -> Void)?
  /// The rendering attributes, by paragraph identifier (`TextLayoutManager+RenderingAttributes.swift`).
  var renderingAttributeStore = RenderingAttributeStore()
  /// Told of every rendering-attribute change: the text view this manager lays out for.
  weak var renderingAttributeObserver: (any RenderingAttributeObserver)?
  /// The viewport controller that drives layout for the view.
  public private(set) lazy var textViewportLayoutController = TextViewportLayoutController(textLayoutManager: self)
  /// Paragraphs laid out (fragments made) since creation, for complexity tests.
  public private(set) var paragraphsLaidOut = 0
  /// The most fragments kept alive at once, beyond those the current viewport pass uses
  /// (default 512). Older ones are released after each pass: see `releaseFragmentsOverLimit()`.
  public var fragmentRetentionLimit = 512 {
    didSet { fragmentRetentionLimit = max(0, fragmentRetentionLimit) }
  }
  /// The index nodes that hold a fragment, by fragment identity (the retention set).
  var retainedNodes: [ObjectIdentifier: SequenceTree<Entry>.Node] = [:]
  /// Released paragraphs whose measured heights the index keeps (default 8,192): beyond them, the
  /// oldest released ones fold back into gaps. See `foldReleasedEntriesOverLimit()`.
  public var measuredHeightRetentionLimit = 8_192 {
    didSet {
      measuredHeightRetentionLimit = max(0, measuredHeightRetentionLimit)
      foldReleasedEntriesOverLimit()
    }
  }
  /// Entries whose fragments were released, oldest first from ``releasedEntriesStart`` (a queue).
  var releasedEntries: [SequenceTree<Entry>.Node] = []
  var releasedEntriesStart = 0
  /// Measured entries folded back into gaps so far, for complexity tests.
  public internal(set) var entriesFolded = 0
  /// The current use period; every fragment asked for in it is stamped with it.
  var usePeriod = 0
  /// Fragments made so far, numbering them for a deterministic release order.
  var fragmentSerial = 0

  /// The height index, built on first use and rebuilt after ``recomputeEstimates()`` or a delegate change.
  var entries: SequenceTree<Entry> {
    if needsEstimates { rebuildEstimates() }
    return index
  }
  let index = SequenceTree<Entry>(seed: 0xFAB)
  /// Whether ``index`` must be rebuilt from storage before its next use; edits are not applied meanwhile.
  private(set) var needsEstimates = true
  /// The reuse controller of the text view this manager lays out for: told about every fragment
  /// dropped, released or hidden and every paragraph replaced, and asked for the bounds of
  /// attachments whose providers track their views' bounds.
  weak var reuseController: TextAttachmentReuseController?
  /// The delegate whose provider caching hooks are the standard ones: the text view this manager
  /// lays out for, whose implementation is the registered reuse policies. The hooks go to it when
  /// ``delegate`` is nil, and the protocol's default implementations call it, so a delegate that
  /// supplies only paragraph styles keeps the policies.
  weak var standardDelegate: (any TextLayoutManagerDelegate)?
  private var generation = 0
  /// The content manager's node last looked up for an entry, its index and the tree's version then.
  private var storageCursor: (node: SequenceTree<TextParagraph?>.Node, index: Int, version: Int)?
  /// The average advance of a sample of text in the default attributes, for estimates.
  private(set) lazy var averageAdvance: Double = {
    let sample = "the quick brown fox jumps over the lazy dog"
    let advances = glyphMeasurer.advances(of: sample[...], attributes: defaultAttributes)
    return advances.reduce(0, +) / Double(max(1, advances.count))
  }()

  /// Creates a layout manager for `textContentManager`, observing its edits.
  /// - Complexity: O(1): the paragraphs are indexed as one gap (estimates only, no layout).
  public convenience init(
    textContentManager: TextContentManager, textContainer: TextContainer, glyphMeasurer: any GlyphMeasuring
  ) {
    self.init(lazilyIndexing: textContentManager, textContainer: textContainer, glyphMeasurer: glyphMeasurer)
    rebuildEstimates()
  }

  /// Creates a layout manager that indexes the paragraphs on the first geometry query, so that a
  /// delegate set right after creation (as a text view's owner does) is the one estimated with.
  /// - Complexity: O(1).
  init(
    lazilyIndexing textContentManager: TextContentManager, textContainer: TextContainer,
    glyphMeasurer: any GlyphMeasuring
  ) {
    self.textContentManager = textContentManager
    self.textContainer = textContainer
    self.glyphMeasurer = glyphMeasurer
    textContentManager.addObserver(self)
  }

  /// Rebuilds the height index with fresh estimates, dropping every fragment (after a
  /// delegate, font or metrics change).
  /// - Complexity: O(fragments held) to drop them; the new index is one gap.
  public func recomputeEstimates() {
    setNeedsEstimates()
    rebuildEstimates()
  }

  /// Drops every fragment now and marks the index for a rebuild on its next use. No paragraph
  /// changed, so for reuse the fragments are released, as for memory: their providers persist and
  /// the paragraphs' next fragments re-adopt them.
  private func setNeedsEstimates() {
    guard !needsEstimates else { return }
    needsEstimates = true
    retainedNodes.removeAll()
    releasedEntries.removeAll()
    releasedEntriesStart = 0
    var fragments: [TextLayoutFragment] = []
    index.visit { node in
      if let fragment = node.element.fragment {
        node.element.fragment = nil
        fragments.append(fragment)
      }
      return true
    }
    for fragment in fragments { reuseController?.fragmentReleased(fragment) }
  }

  /// Indexes the content manager's paragraphs as one gap (nothing is measured yet), estimated
  /// from their count and total length alone: the one estimate rule, whichever backend holds the
  /// paragraphs and whichever of them happen to be in memory (see <doc:StorageIdentity>).
  /// - Complexity: O(1) (the count and length are the content tree's root sums).
  private func rebuildEstimates() {
    guard needsEstimates else { return }
    needsEstimates = false
    guard let manager = textContentManager else { return }
    let count = manager.paragraphs.count
    let height = HeightEstimator(self).height(ofRunOf: count, length: manager.paragraphs.totalLength)
    let gap = SequenceTree<Entry>.Piece(element: Entry(isGap: true), count: count, length: 0, height: height)
    index.replace(0..<index.count, with: count == 0 ? [] : [gap])
  }

  // MARK: Fragments

  /// The fragment for the paragraph holding `location`, laying it out if needed.
  /// - Complexity: O(log n + paragraph length).
  public func textLayoutFragment(for location: TextLocation) -> TextLayoutFragment? {
    guard let index = textContentManager?.index(of: location) else { return nil }
    return ensureLayout(forParagraphAt: index)
  }

  /// The fragment for paragraph `index`, laying it out if it has none or a stale one.
  /// Returns `nil` for a hidden paragraph or an index out of range.
  /// - Complexity: O(log n + paragraph length).
  @discardableResult
  public func ensureLayout(forParagraphAt index: Int) -> TextLayoutFragment? {
    guard let node = entryNode(at: index) else { return nil }
    return ensureLayout(node, index: index)
  }

  /// Invalidates the layout of the paragraphs in `range`; the next pass lays their fragments out
  /// again, in place: a fragment keeps its identity, its surface and its attachment view providers.
  public func invalidateLayout(for range: TextRange) {
    guard let manager = textContentManager, let first = manager.index(of: range.location),
      let last = manager.index(of: range.endLocation), first <= last
    else { return }
    var node = entries.node(at: first)
    var index = entries.locate(first)?.start ?? first
    while let current = node, index <= last {
      current.element.isInvalidated = current.element.fragment != nil
      index += current.count
      node = entries.successor(of: current)
    }
  }

  /// Changes the container width. Every fragment becomes stale and is laid out again, in place
  /// (the same objects, so their providers and surfaces stay), when a pass next reaches it.
  /// - Complexity: O(1); stale fragments are laid out lazily as passes reach them.
  public func setContainerWidth(_ width: Double) {
    guard width != textContainer.size.width else { return }
    textContainer.size.width = width
    generation += 1
  }

  /// Calls `block` with each laid-out fragment from paragraph `index` on, laying out as it goes
  /// and skipping hidden paragraphs, until `block` returns false.
  public func enumerateTextLayoutFragments(
    fromParagraphAt index: Int, using block: (TextLayoutFragment, Int) -> Bool
  ) {
    var node = entryNode(at: index)
    var current = index
    while let entryNode = node {
      if let fragment = ensureLayout(entryNode, index: current), !block(fragment, current) { return }
      node = self.node(after: entryNode)
      current += 1
    }
  }

  /// Lays out the paragraph of `node`, an entry (not a gap) at `index` (worked out when `nil`).
  func ensureLayout(_ node: SequenceTree<Entry>.Node, index: Int? = nil) -> TextLayoutFragment? {
    guard !node.element.isGap else { return nil }
    // A fragment holds its paragraph (an edit replaces the entry), so it is asked first: no lookup.
    if let fragment = node.element.fragment, fragment.textParagraph.isInDocument {
      return ensureLayout(node, fragment.textParagraph)
    }
    guard let paragraph = paragraph(forEntryAt: index ?? entries.position(of: node).index) else { return nil }
    return ensureLayout(node, paragraph)
  }

  /// The content manager's paragraph at `index`: found from the last one asked for when it is a
  /// neighbour (a pass walks paragraph by paragraph), else looked up (and built if needed).
  /// - Complexity: O(1) amortised for a neighbour, O(log n) otherwise.
  private func paragraph(forEntryAt index: Int) -> TextParagraph? {
    guard let manager = textContentManager else { return nil }
    let tree = manager.paragraphs
    if let cursor = storageCursor, cursor.version == tree.version {
      let near: SequenceTree<TextParagraph?>.Node? =
        switch index - cursor.index {
        case 0: cursor.node
        case 1: tree.successor(of: cursor.node)
        case -1: tree.predecessor(of: cursor.node)
        default: nil
        }
      if let near, let paragraph = near.element {
        storageCursor = (near, index, tree.version)
        return paragraph
      }
    }
    guard let node = manager.builtNode(at: index), let paragraph = node.element else { return nil }
    storageCursor = (node, index, tree.version)
    return paragraph
  }

  private func ensureLayout(_ node: SequenceTree<Entry>.Node, _ paragraph: TextParagraph) -> TextLayoutFragment? {
    guard textContentManager?.shouldEnumerate(paragraph) ?? true else {
      if !node.element.isHidden {
        node.element.isHidden = true
        hideFragment(of: node)
        entries.update(node, height: 0)
      }
      return nil
    }
    if node.element.isHidden {
      node.element.isHidden = false
      entries.update(node, height: estimatedHeight(of: paragraph))
    }
    node.element.lastUse = usePeriod
    if let fragment = node.element.fragment {
      if fragment.generation == generation, !node.element.isInvalidated { return fragment }
      if fragment.textParagraph === paragraph {
        // Stale but unchanged: laid out again in place, keeping the object.
        node.element.isInvalidated = false
        relayOut(fragment)
        entries.update(node, height: fragment.height)
        return fragment
      }
    }
    // Lay out before letting the old fragment go, so that its providers (which may track their
    // views' bounds) can still size their attachments.
    let fragment = layOut(paragraph, replacing: node.element.replacedLayout)
    node.element.replacedLayout = nil
    node.element.isInvalidated = false
    discardFragment(of: node)
    fragment.entryNode = node
    node.element.fragment = fragment
    retainedNodes[ObjectIdentifier(fragment)] = node
    fragmentSerial &+= 1
    node.element.serial = fragmentSerial
    entries.update(node, height: fragment.height)
    return fragment
  }

  private func layOut(_ paragraph: TextParagraph, replacing replaced: ReplacedLayout?) -> TextLayoutFragment {
    let layout = paragraphLayout(of: paragraph, replacing: replaced)
    instrumentation?.record(.layoutFragmentCreated)
    return TextLayoutFragment(
      paragraph: paragraph, layout: layout, layoutWidth: textContainer.size.width, layoutManager: self,
      generation: generation)
  }

  /// Lays `fragment` out again for its unchanged paragraph (not counted as a fragment created).
  private func relayOut(_ fragment: TextLayoutFragment) {
    let layout = paragraphLayout(of: fragment.textParagraph, replacing: nil)
    fragment.relayout(layout, layoutWidth: textContainer.size.width, generation: generation)
  }

  /// The lines of `paragraph`, re-breaking only what changed when `replaced` is the layout of its
  /// previous version with the same parameters.
  private func paragraphLayout(of paragraph: TextParagraph, replacing replaced: ReplacedLayout?) -> ParagraphLayout {
    let style = delegate?.textLayoutManager(self, paragraphStyleFor: paragraph) ?? .plain
    let width = lineWidth(for: style)
    let controller = reuseController
    let bounds: (TextAttachment, Int) -> CGRect = { attachment, offset in
      controller?.trackedAttachmentBounds(attachment, in: paragraph, at: offset, lineWidth: width) ?? attachment.bounds
    }
    let parameters = ParagraphLayout.Parameters(
      lineWidth: width, style: style, defaultMetrics: glyphMeasurer.lineMetrics(for: defaultAttributes),
      minimumBlockWidth: delegate?.textLayoutManager(self, minimumBlockWidthFor: paragraph) ?? 0)
    let text = paragraph.attributedString
    paragraphsLaidOut += 1
    if let replaced, replaced.generation == generation, replaced.layout.parameters == parameters,
      let relaid = replaced.layout.relaid(
        text, from: replaced.text, measurer: glyphMeasurer, analyzer: textAnalyzer, attachmentBounds: bounds)
    {
      return relaid
    }
    return ParagraphLayout(
      text, parameters: parameters, measurer: glyphMeasurer, analyzer: textAnalyzer, attachmentBounds: bounds)
  }

  func lineWidth(for style: ParagraphStyle) -> Double {
    let available = textContainer.lineWidth - style.headIndent - style.tailIndent
    return max(1, min(available, style.maximumLineWidth ?? available))
  }

  /// Lets go of the fragment `node` had for a paragraph object the content manager has rebuilt
  /// since (the same content): for reuse, a release, so its providers move to the new fragment.
  private func discardFragment(of node: SequenceTree<Entry>.Node) {
    guard let fragment = node.element.fragment else { return }
    node.element.fragment = nil
    retainedNodes[ObjectIdentifier(fragment)] = nil
    reuseController?.fragmentReleased(fragment)
  }

  /// Drops the fragment of a paragraph the content manager's delegate now hides. Hiding counts as
  /// scrolling out for reuse: see ``TextAttachmentReuseController/fragmentHidden(_:)``.
  private func hideFragment(of node: SequenceTree<Entry>.Node) {
    guard let fragment = node.element.fragment else { return }
    node.element.fragment = nil
    retainedNodes[ObjectIdentifier(fragment)] = nil
    reuseController?.fragmentHidden(fragment)
  }
}
