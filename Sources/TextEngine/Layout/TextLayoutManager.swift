import Foundation
import Instrumentation

/// Lays paragraphs out into immutable ``TextLayoutFragment``s, lazily.
///
/// Paragraphs outside the viewport are not laid out: their heights are estimated from their
/// length, and an estimate is replaced by the measured height once the paragraph is laid out.
/// A height index (a balanced tree mirroring the storage) maps a y-offset or a location to a
/// paragraph in O(log n). Several layout managers can observe one storage.
public final class TextLayoutManager {
  /// One paragraph's layout state in this manager, stored inline in its index node (a struct,
  /// so that indexing a paragraph costs one allocation, not two).
  struct Entry {
    let paragraph: TextParagraph
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
    init(paragraph: TextParagraph) { self.paragraph = paragraph }
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
  /// Supplies paragraph styles. Setting it re-estimates every height (O(n), once, on the next
  /// geometry query: setting it right after creating the manager costs no second pass).
  public weak var delegate: (any TextLayoutManagerDelegate)? {
    didSet { setNeedsEstimates() }
  }
  /// The attributes of text without attributes of its own (line metrics of empty lines).
  public var defaultAttributes = TextAttributes()
  /// Counts fragments created (`layoutFragmentsCreated`).
  public var instrumentation: Instrumentation?
  /// The viewport controller that drives layout for the view.
  public private(set) lazy var textViewportLayoutController = TextViewportLayoutController(textLayoutManager: self)
  /// Paragraphs laid out (fragments made) since creation, for complexity tests.
  public private(set) var paragraphsLaidOut = 0
  /// The most fragments kept alive at once, beyond those the current viewport pass uses
  /// (default 512). Older ones are released after each pass: see ``releaseFragmentsOverLimit()``.
  public var fragmentRetentionLimit = 512 {
    didSet { fragmentRetentionLimit = max(0, fragmentRetentionLimit) }
  }
  /// The index nodes that hold a fragment, by fragment identity (the retention set).
  var retainedNodes: [ObjectIdentifier: SequenceTree<Entry>.Node] = [:]
  /// The current use period; every fragment asked for in it is stamped with it.
  var usePeriod = 0
  /// Fragments made so far, numbering them for a deterministic release order.
  var fragmentSerial = 0

  /// The height index, built on first use and rebuilt after ``recomputeEstimates()`` or a delegate change.
  var entries: SequenceTree<Entry> {
    if needsEstimates { rebuildEstimates() }
    return index
  }
  private let index = SequenceTree<Entry>(seed: 0xFAB)
  /// Whether ``index`` must be rebuilt from storage before its next use; edits are not applied meanwhile.
  private var needsEstimates = true
  /// The reuse controller of the text view this manager lays out for: told about every fragment
  /// dropped and about the end of every editing transaction, and asked for the bounds of
  /// attachments whose providers track their views' bounds.
  package weak var reuseController: TextAttachmentReuseController?
  private var generation = 0
  private lazy var averageAdvance: Double = {
    let sample = "the quick brown fox jumps over the lazy dog"
    let advances = glyphMeasurer.advances(of: sample[...], attributes: defaultAttributes)
    return advances.reduce(0, +) / Double(max(1, advances.count))
  }()

  /// Creates a layout manager for `textContentManager`, observing its edits.
  /// - Complexity: O(n) to index the existing paragraphs (estimates only, no layout).
  public convenience init(
    textContentManager: TextContentManager, textContainer: TextContainer, glyphMeasurer: any GlyphMeasuring
  ) {
    self.init(lazilyIndexing: textContentManager, textContainer: textContainer, glyphMeasurer: glyphMeasurer)
    rebuildEstimates()
  }

  /// Creates a layout manager that indexes the paragraphs on the first geometry query, so that a
  /// delegate set right after creation (as a text view's owner does) costs no second O(n) pass.
  /// - Complexity: O(1); the first geometry query is O(n).
  package init(
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
  /// - Complexity: O(n); not on any keystroke, scroll or jump path.
  public func recomputeEstimates() {
    setNeedsEstimates()
    rebuildEstimates()
  }

  /// Drops every fragment now and marks the index for a rebuild on its next use.
  private func setNeedsEstimates() {
    guard !needsEstimates else { return }
    needsEstimates = true
    retainedNodes.removeAll()
    var fragments: [TextLayoutFragment] = []
    index.visit { node in
      if let fragment = node.element.fragment {
        node.element.fragment = nil
        fragments.append(fragment)
      }
      return true
    }
    for fragment in fragments { reuseController?.fragmentDiscarded(fragment) }
  }

  private func rebuildEstimates() {
    guard needsEstimates else { return }
    needsEstimates = false
    guard let manager = textContentManager else { return }
    var all: [(element: Entry, length: Int, height: Double)] = []
    all.reserveCapacity(manager.paragraphCount)
    let estimator = HeightEstimator(self)
    manager.paragraphs.visit { node in
      all.append(
        (
          element: Entry(paragraph: node.element), length: node.element.length,
          height: estimator.height(of: node.element)
        ))
      return true
    }
    index.replace(0..<index.count, with: all)
  }

  // MARK: Geometry

  /// The height of all paragraphs (measured or estimated), hidden ones counting zero.
  public var documentHeight: Double { entries.totalHeight }

  /// The bounds the text occupies in the container.
  public var usageBoundsForTextContainer: CGRect {
    CGRect(x: 0, y: 0, width: textContainer.size.width, height: documentHeight)
  }

  /// Index-tree nodes visited so far, for complexity tests.
  public var indexNodesVisited: Int { entries.nodesVisited }

  /// The paragraph index whose span contains `y`.
  /// - Complexity: O(log n).
  public func paragraphIndex(atY y: Double) -> Int? { entries.node(containingY: y)?.index }

  /// The top of paragraph `index` (estimated if not laid out).
  /// - Complexity: O(log n).
  public func yOffset(ofParagraphAt index: Int) -> Double? {
    guard let node = entries.node(at: index) else { return nil }
    return entries.position(of: node).y
  }

  /// The current height of paragraph `index` (estimated if not laid out).
  public func height(ofParagraphAt index: Int) -> Double? { entries.node(at: index)?.height }

  // MARK: Fragments

  /// The fragment for the paragraph holding `location`, laying it out if needed.
  /// - Complexity: O(log n + paragraph length).
  public func textLayoutFragment(for location: TextLocation) -> TextLayoutFragment? {
    guard let index = textContentManager?.index(of: location.paragraph) else { return nil }
    return ensureLayout(forParagraphAt: index)
  }

  /// The fragment for paragraph `index`, laying it out if it has none or a stale one.
  /// Returns `nil` for a hidden paragraph or an index out of range.
  /// - Complexity: O(log n + paragraph length).
  @discardableResult
  public func ensureLayout(forParagraphAt index: Int) -> TextLayoutFragment? {
    guard let node = entries.node(at: index) else { return nil }
    return ensureLayout(node)
  }

  /// Invalidates the fragments of the paragraphs in `range`; the next pass lays them out anew.
  public func invalidateLayout(for range: TextRange) {
    guard let manager = textContentManager, let first = manager.index(of: range.location.paragraph),
      let last = manager.index(of: range.endLocation.paragraph), first <= last
    else { return }
    var node = entries.node(at: first)
    for _ in first...last {
      guard let current = node else { break }
      current.element.isInvalidated = current.element.fragment != nil
      node = entries.successor(of: current)
    }
  }

  /// Changes the container width. Every fragment becomes stale and is replaced when next laid out.
  /// - Complexity: O(1); stale fragments are replaced lazily as passes reach them.
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
    var node = entries.node(at: index)
    var current = index
    while let entryNode = node {
      if let fragment = ensureLayout(entryNode), !block(fragment, current) { return }
      node = entries.successor(of: entryNode)
      current += 1
    }
  }

  func ensureLayout(_ node: SequenceTree<Entry>.Node) -> TextLayoutFragment? {
    let paragraph = node.element.paragraph
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
    if let fragment = node.element.fragment, fragment.generation == generation, !node.element.isInvalidated {
      return fragment
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
    let style = delegate?.textLayoutManager(self, paragraphStyleFor: paragraph) ?? .plain
    let width = lineWidth(for: style)
    let controller = reuseController
    let bounds: (TextAttachment, Int) -> CGRect = { attachment, offset in
      controller?.trackedAttachmentBounds(
        attachment, at: TextLocation(paragraph: paragraph, offset: offset), lineWidth: width) ?? attachment.bounds
    }
    let parameters = ParagraphLayout.Parameters(
      lineWidth: width, style: style, defaultMetrics: glyphMeasurer.lineMetrics(for: defaultAttributes),
      minimumBlockWidth: delegate?.textLayoutManager(self, minimumBlockWidthFor: paragraph) ?? 0)
    let text = paragraph.attributedString
    var layout: ParagraphLayout?
    if let replaced, replaced.generation == generation, replaced.layout.parameters == parameters {
      layout = replaced.layout.relaid(
        text, from: replaced.text, measurer: glyphMeasurer, analyzer: textAnalyzer, attachmentBounds: bounds)
    }
    paragraphsLaidOut += 1
    instrumentation?.record(.layoutFragmentCreated)
    return TextLayoutFragment(
      paragraph: paragraph,
      layout: layout
        ?? ParagraphLayout(
          text, parameters: parameters, measurer: glyphMeasurer, analyzer: textAnalyzer, attachmentBounds: bounds),
      layoutWidth: textContainer.size.width, layoutManager: self, generation: generation)
  }

  fileprivate func lineWidth(for style: ParagraphStyle) -> Double {
    let available = textContainer.lineWidth - style.headIndent - style.tailIndent
    return max(1, min(available, style.maximumLineWidth ?? available))
  }

  private func discardFragment(of node: SequenceTree<Entry>.Node) {
    guard let fragment = node.element.fragment else { return }
    node.element.fragment = nil
    retainedNodes[ObjectIdentifier(fragment)] = nil
    reuseController?.fragmentDiscarded(fragment)
  }

  /// Drops the fragment of a paragraph the content manager's delegate now hides. Hiding counts as
  /// scrolling out for reuse: see ``TextAttachmentReuseController/fragmentHidden(_:)``.
  private func hideFragment(of node: SequenceTree<Entry>.Node) {
    guard let fragment = node.element.fragment else { return }
    node.element.fragment = nil
    retainedNodes[ObjectIdentifier(fragment)] = nil
    reuseController?.fragmentHidden(fragment)
  }

  func estimatedHeight(of paragraph: TextParagraph) -> Double {
    HeightEstimator(self).height(of: paragraph)
  }

  /// Estimates heights from paragraph lengths, reading the metrics it needs once.
  private struct HeightEstimator {
    let manager: TextLayoutManager
    let delegate: (any TextLayoutManagerDelegate)?
    let averageAdvance: Double
    let lineHeight: Double

    init(_ manager: TextLayoutManager) {
      self.manager = manager
      delegate = manager.delegate
      averageAdvance = manager.averageAdvance
      lineHeight = manager.glyphMeasurer.lineMetrics(for: manager.defaultAttributes).lineHeight
    }

    func height(of paragraph: TextParagraph) -> Double {
      let style = delegate?.textLayoutManager(manager, paragraphStyleFor: paragraph) ?? .plain
      let width = manager.lineWidth(for: style)
      let lines = max(1, (Double(paragraph.length) * averageAdvance / width).rounded(.up))
      return lines * lineHeight + style.spacingBefore + style.spacingAfter
    }
  }
}

extension TextLayoutManager: TextContentObserver {
  package func textContentManager(
    _ manager: TextContentManager, didReplaceParagraphsIn range: Range<Int>, removed: [TextParagraph],
    inserted: [TextParagraph]
  ) {
    guard !needsEstimates else { return }  // the rebuild will read the storage as it is then
    let estimator = HeightEstimator(self)
    // An edited paragraph (one replaced by one, as on every keystroke) starts from its old measured
    // height, which is nearer the truth than a length estimate: a bottom-anchored view then needs
    // no second pass to settle.
    let edited = range.count == 1 && inserted.count == 1 ? index.node(at: range.lowerBound)?.element : nil
    let measured = edited?.fragment?.height
    let (removedEntries, _) = index.replace(
      range,
      with: inserted.map {
        var entry = Entry(paragraph: $0)
        entry.replacedLayout = edited.flatMap(ReplacedLayout.of)
        return (element: entry, length: $0.length, height: measured ?? estimator.height(of: $0))
      })
    for entry in removedEntries {
      guard let fragment = entry.fragment else { continue }
      retainedNodes[ObjectIdentifier(fragment)] = nil
      reuseController?.fragmentDiscarded(fragment)
    }
  }

  package func textContentManagerDidEndEditingTransaction(_ manager: TextContentManager) {
    reuseController?.editTransactionEnded()
  }
}
