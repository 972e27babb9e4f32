import AnimationRuntime
import Foundation
import Instrumentation
import ReuseKitSupport

/// The headless framework text view: editing, selection, undo, scrolling, attachment views
/// and their reuse, with no drawing. The SDL view subclasses it.
///
/// It is the viewport controller's delegate. Subclasses (the SDL view) may override, and must call
/// `super` from, the three pass hooks (`textViewportLayoutControllerWillLayout(_:)`,
/// `textViewportLayoutController(_:configureRenderingSurfaceFor:)` and
/// `textViewportLayoutControllerDidLayout(_:)`); they may override ``makeRenderingSurface(for:)``
/// to return their own drawable type, the surface hooks
/// (`textViewportLayoutController(_:renderingSurfaceFor:)` and the two cache hooks) to replace or
/// extend how fragments keep their surfaces, and ``shouldChangeText(in:)`` to protect parts of the
/// document. Nothing else is meant to be overridden.
/// Each text view has its own layout manager, providers, scroll cache and counters, so two
/// views on one storage count separately; an edit in one reaches the others when its storage
/// transaction ends, and they lay out on their own next pass.
open class TextView: TextViewportLayoutControllerDelegate {
  /// The shared content manager (in memory, ``TextContentStorage``, or over a store,
  /// ``StoredTextContentManager``).
  public let textContentManager: TextContentManager
  /// The content manager as the in-memory ``TextContentStorage`` it is, or `nil` when the view shows
  /// another manager (a ``StoredTextContentManager``): TextKit's `textContentStorage`, typed as in
  /// TextKit (`NSTextContentStorage?`).
  public var textContentStorage: TextContentStorage? { textContentManager as? TextContentStorage }
  /// This view's layout manager.
  public let textLayoutManager: TextLayoutManager
  /// This view's counters and event log.
  public let instrumentation: Instrumentation
  /// The clock the attachments' animations follow: providers make their `AnimationState`s on it
  /// (``TextAttachmentViewProvider/animationClock``). A `ManualClock` by default, which moves only
  /// when a test advances it.
  public let animationClock: any AnimationClock
  /// The scroll cache's bounds and behaviour. Shrinking the limits evicts on the next pass.
  public var reuseCacheConfiguration: ReuseCacheConfiguration {
    get { reuseController.cacheConfiguration }
    set { reuseController.cacheConfiguration = newValue }
  }
  /// Whether edits, scrolls and selection changes run a viewport pass right away (default true).
  /// When false, call ``layoutIfNeeded()``.
  public var laysOutImmediately = true
  /// The visible size.
  public private(set) var viewportSize: CGSize
  /// The top of the viewport in container coordinates.
  public internal(set) var scrollOffset: Double = 0
  /// Whether the view sticks to the bottom as content grows or the view resizes (messenger style).
  public var isAnchoredToBottom = false

  /// The selection as document offsets; empty means a caret.
  public internal(set) var selectedRange: Range<Int> = 0..<0
  /// The input method's composition shown at the caret, not in the document; empty when none.
  /// See ``setMarkedText(_:cursor:)``.
  public internal(set) var markedText = ""
  /// The composition's own caret, in characters of ``markedText``.
  public internal(set) var markedTextCursor = 0
  /// The fixed end of the selection while it is extended.
  var selectionAnchor = 0
  /// The x the caret tries to keep while moving up and down.
  var preferredCaretX: Double?
  /// Text the view copied or cut, for ``paste()``.
  public internal(set) var pasteboard: AttributedText?
  var undoStack: [UndoRecord] = []
  var redoStack: [UndoRecord] = []
  /// The most undo groups kept (default 1,000).
  public var undoLimit = 1_000
  /// Whether consecutive typed characters in one paragraph undo together, word by word
  /// (default `true`). A caret move, a space or any other edit starts a new group.
  public var coalescesTyping = true
  /// Whether the last undo group was typing that the next typed character may extend.
  var isTypingGroupOpen = false

  var needsLayout = true
  /// Whether the view is applying an edit of its own (with its undo record and selection, in one
  /// editing transaction of the storage): it runs its pass once the transaction ended.
  var isPerformingEdit = false
  /// The last user edit that could not be made, until the next one succeeds (see
  /// `TextView+EditFailures.swift`).
  public internal(set) var lastEditFailure: TextEditError?
  /// User edits that could not be made since the view was created.
  public internal(set) var editFailureCount = 0
  /// Called on the view's thread when a user edit (typing, deleting, pasting, undo, a sent message)
  /// could not be made, with why: an app shows it (the document is as it was before the edit).
  public var editFailureHandler: ((TextEditError) -> Void)?
  /// Rendering-attribute changes this view was told of (each call that changed or invalidated
  /// some), for tests: see ``TextLayoutManager/setRenderingAttributes(_:for:)``.
  public internal(set) var renderingAttributeChanges = 0
  /// Line fragments on screen that rendering-attribute changes marked for drawing, in all.
  public internal(set) var lineFragmentsMarkedForRenderingAttributes = 0
  /// The line fragments on screen the last rendering-attribute change marked for drawing, in
  /// container coordinates (each across its layout fragment's width).
  public internal(set) var lastRenderingAttributeLineRects: [CGRect] = []
  /// The owner of every provider, view and scroll-cache decision.
  package let reuseController: TextAttachmentReuseController
  /// The store behind the two surface cache hooks: the fragments' surfaces, kept across passes.
  let renderingSurfaceCache = RenderingSurfaceCache()

  /// Creates a view over `storage` with its own layout manager.
  /// - Parameters:
  ///   - storage: The storage to show; pass the same storage to two views to edit it in both.
  ///   - viewportSize: The visible size; its width is the container width.
  ///   - glyphMeasurer: The measurer for line breaking.
  ///   - instrumentation: The counters to report to (a new one by default).
  ///   - animationClock: The attachments' animation clock (a new `ManualClock` by default).
  ///
  /// No layout pass runs here: call ``layoutViewport()`` (or make any edit, scroll or selection
  /// change) before reading providers or counters. TextKit's views lay out when first displayed.
  public init(
    storage: TextContentManager, viewportSize: CGSize, glyphMeasurer: any GlyphMeasuring,
    instrumentation: Instrumentation = Instrumentation(), animationClock: any AnimationClock = ManualClock()
  ) {
    let viewportSize = Self.usableSize(viewportSize)
    self.textContentManager = storage
    self.viewportSize = viewportSize
    self.instrumentation = instrumentation
    self.animationClock = animationClock
    self.textLayoutManager = TextLayoutManager(
      lazilyIndexing: storage, textContainer: TextContainer(size: CGSize(width: viewportSize.width, height: 0)),
      glyphMeasurer: glyphMeasurer)
    reuseController = TextAttachmentReuseController(
      storage: storage, layoutManager: textLayoutManager, instrumentation: instrumentation)
    textLayoutManager.instrumentation = instrumentation
    textLayoutManager.reuseController = reuseController
    textLayoutManager.standardDelegate = self
    textLayoutManager.renderingAttributeObserver = self
    textLayoutManager.textViewportLayoutController.delegate = self
    textLayoutManager.textViewportLayoutController.instrumentation = instrumentation
    storage.addObserver(self)  // after the layout manager, which observes its edits
  }

  /// The viewport controller of this view's layout manager.
  public var textViewportLayoutController: TextViewportLayoutController {
    textLayoutManager.textViewportLayoutController
  }

  // MARK: Layout and scrolling

  /// The visible rectangle in container coordinates.
  public var viewportBounds: CGRect {
    CGRect(x: 0, y: scrollOffset, width: viewportSize.width, height: viewportSize.height)
  }

  /// The largest valid scroll offset with the current (partly estimated) heights.
  public var maximumScrollOffset: Double { max(0, textLayoutManager.documentHeight - viewportSize.height) }

  /// Marks the viewport as needing a pass and runs it now if ``laysOutImmediately`` (during an edit
  /// of the view's own, once the edit's transaction ended).
  public func setNeedsLayout() {
    needsLayout = true
    if laysOutImmediately, !isPerformingEdit { layoutIfNeeded() }
  }

  /// Runs a viewport pass if one is needed.
  public func layoutIfNeeded() {
    guard needsLayout else { return }
    needsLayout = false
    layoutViewport()
  }

  /// Runs a viewport pass now. When anchored to the bottom it repeats (at most 4 times)
  /// until measured heights put the last paragraph's bottom at the viewport's bottom.
  /// - Complexity: O(log n + fragments in the viewport).
  public func layoutViewport() {
    if isAnchoredToBottom { scrollOffset = maximumScrollOffset }
    textViewportLayoutController.layoutViewport()
    var rounds = 0
    while isAnchoredToBottom, scrollOffset != maximumScrollOffset, rounds < 4 {
      scrollOffset = maximumScrollOffset
      textViewportLayoutController.layoutViewport()
      rounds += 1
    }
  }

  /// Scrolls so that the viewport's top is at `y` (clamped).
  public func scroll(toY y: Double) {
    let y = y.isNaN ? scrollOffset : y
    scrollOffset = min(max(0, y), maximumScrollOffset)
    isAnchoredToBottom = false
    setNeedsLayout()
  }

  /// Scrolls by `dy` points (positive moves down the document).
  public func scroll(by dy: Double) {
    let target = scrollOffset + dy
    scroll(toY: target)
    if dy > 0, target >= maximumScrollOffset { isAnchoredToBottom = wantsBottomAnchoring }
  }

  /// The largest viewport side, in points.
  public static let maximumViewportSide = 1_000_000.0

  /// `size` with each side made finite and kept in 1…``maximumViewportSide`` (NaN becomes 1).
  static func usableSize(_ size: CGSize) -> CGSize {
    func side(_ value: Double) -> Double { value.isNaN ? 1 : min(max(value, 1), maximumViewportSide) }
    return CGSize(width: side(size.width), height: side(size.height))
  }

  /// Whether scrolling to the very bottom re-anchors the view there (default false; the chat turns it on).
  public var wantsBottomAnchoring = false

  /// Where a paragraph lands when scrolling to it.
  public enum ScrollPosition: String, Sendable {
    /// The paragraph's top at the viewport's top.
    case top
    /// The paragraph's middle at the viewport's middle.
    case center
    /// The paragraph's bottom at the viewport's bottom.
    case bottom
  }

  /// Scrolls paragraph `index` to the top, centre or bottom of the viewport.
  /// - Complexity: O(log n) plus one pass.
  public func scroll(toParagraphAt index: Int, position: ScrollPosition = .top) throws(TextEditError) {
    guard index >= 0, index < textContentManager.paragraphCount else {
      throw .paragraphIndexOutOfRange(index: index, count: textContentManager.paragraphCount)
    }
    let height = textLayoutManager.ensureLayout(forParagraphAt: index)?.height ?? 0
    let top = textLayoutManager.yOffset(ofParagraphAt: index) ?? 0
    switch position {
    case .top: scroll(toY: top)
    case .center: scroll(toY: top + height / 2 - viewportSize.height / 2)
    case .bottom: scroll(toY: top + height - viewportSize.height)
    }
  }

  /// Scrolls to the end of the document and, if ``wantsBottomAnchoring``, stays there.
  public func scrollToBottom() {
    scrollOffset = maximumScrollOffset
    isAnchoredToBottom = wantsBottomAnchoring
    needsLayout = true
    if !isAnchoredToBottom {
      // Converge on the measured bottom without anchoring.
      for _ in 0..<4 {
        scrollOffset = maximumScrollOffset
        textViewportLayoutController.layoutViewport()
        if scrollOffset == maximumScrollOffset { break }
      }
      needsLayout = false
    } else if laysOutImmediately {
      layoutIfNeeded()
    }
  }

  /// Changes the visible size, each side kept in 1…``maximumViewportSide`` (NaN becomes 1). A new
  /// width relays out every paragraph (lazily, as passes reach them).
  public func setViewportSize(_ size: CGSize) {
    let size = Self.usableSize(size)
    viewportSize = size
    textLayoutManager.setContainerWidth(size.width)
    scrollOffset = min(scrollOffset, maximumScrollOffset)
    setNeedsLayout()
  }

  // MARK: Editing

  /// Whether the characters in `range` (document offsets) may change: asked before every edit the
  /// view makes for its user (typing, deleting, pasting, replacing, attribute changes), not for
  /// undo and redo, which only revert edits it allowed, nor for appended paragraphs. Subclasses
  /// override it to protect parts of the document; by default it asks the storage's delegate
  /// (``TextContentManagerDelegate/textContentManager(_:shouldChangeCharactersIn:)``), so that a rule
  /// of the storage holds in every view on it. A refused edit changes nothing and throws
  /// ``TextEditError/refused(range:)`` (typing and deleting ignore it).
  /// - Parameter range: The characters that would be replaced; empty for an insertion.
  /// - Returns: `true` (the default) to let the edit happen.
  open func shouldChangeText(in range: Range<Int>) -> Bool {
    textContentManager.delegate?.textContentManager(textContentManager, shouldChangeCharactersIn: range) ?? true
  }

  // MARK: Rendering surfaces for fragments

  /// A new surface for `fragment`; subclasses override it to return their own drawable type.
  /// Called by ``textViewportLayoutController(_:renderingSurfaceFor:)`` when the fragment has no
  /// surface from the cache: once per fragment while it stays in the viewport, as the cache hooks
  /// keep it from pass to pass.
  /// - Parameter fragment: The fragment the surface draws.
  /// - Returns: The fragment's new surface (a ``PlaceholderRenderingSurface`` by default).
  open func makeRenderingSurface(for fragment: TextLayoutFragment) -> any TextViewportRenderingSurface {
    PlaceholderRenderingSurface()
  }

  // MARK: Viewport delegate (the pass and surface hooks may be overridden; call super)

  /// The visible rectangle, ``viewportBounds``.
  public func viewportBounds(for textViewportLayoutController: TextViewportLayoutController) -> CGRect {
    viewportBounds
  }

  /// Applies policies registered since the last pass, and starts tracking this pass's views.
  open func textViewportLayoutControllerWillLayout(_ textViewportLayoutController: TextViewportLayoutController) {
    instrumentation.trace?.beginPass()
    reuseController.beginPass()
  }

  /// The fragment's surface: the one the cache hook kept for it from the last pass (already
  /// registered), or a new one from ``makeRenderingSurface(for:)``. This is where a fragment's surface
  /// comes from.
  /// - Parameters:
  ///   - textViewportLayoutController: The controller running the pass.
  ///   - textLayoutFragment: The fragment about to be configured.
  /// - Returns: The fragment's surface.
  /// - Complexity: O(1) plus ``makeRenderingSurface(for:)`` for a fragment new to the viewport.
  open func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    renderingSurfaceFor textLayoutFragment: TextLayoutFragment
  ) -> (any TextViewportRenderingSurface)? {
    textViewportLayoutController.renderingSurface(for: textLayoutFragment)
      ?? makeRenderingSurface(for: textLayoutFragment)
  }

  /// Positions the fragment's surface, and gives its attachments their providers and views; each
  /// attachment view becomes a surface of its own, keyed by its provider, after the fragment's.
  open func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
  ) {
    textViewportLayoutController.renderingSurface(for: textLayoutFragment)?.frame =
      textLayoutFragment.layoutFragmentFrame
    reuseController.showAttachmentViews(in: textLayoutFragment, of: self)
    for provider in textLayoutFragment.textAttachmentViewProviders {
      guard let view = provider.view else { continue }
      textViewportLayoutController.setRenderingSurface(view, forProvider: provider)
    }
  }

  /// Keeps `renderingSurface` under `renderingSurfaceKey` until the end of the next pass, for the
  /// retrieve hook: the surfaces of fragments that stay in the viewport are kept, those of
  /// fragments that left go when the pass that no longer shows them ends (TextKit keeps a fragment's
  /// view while the fragment lives). A subclass may override it (calling `super` or not) to replace or
  /// extend this: not calling `super` means every pass makes new surfaces.
  /// - Parameters:
  ///   - textViewportLayoutController: The controller that ran the pass.
  ///   - renderingSurface: The surface to keep.
  ///   - renderingSurfaceKey: Its key: a fragment, or a key a subclass registered.
  /// - Complexity: O(1) amortised for an object key.
  open func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    cacheRenderingSurface renderingSurface: any TextViewportRenderingSurface,
    for renderingSurfaceKey: any TextViewportRenderingSurfaceKey
  ) {
    renderingSurfaceCache.cache(renderingSurface, for: renderingSurfaceKey)
  }

  /// The surface the last pass offered under `renderingSurfaceKey`, or `nil`.
  /// - Parameters:
  ///   - textViewportLayoutController: The controller asking.
  ///   - renderingSurfaceKey: The key: the fragment about to be configured, or a subclass's own.
  /// - Returns: The cached surface, or `nil` (then ``makeRenderingSurface(for:)`` makes one).
  /// - Complexity: O(1) for an object key.
  open func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    retrieveCachedRenderingSurfaceFor renderingSurfaceKey: any TextViewportRenderingSurfaceKey
  ) -> (any TextViewportRenderingSurface)? {
    renderingSurfaceCache.surface(for: renderingSurfaceKey)
  }

  /// Lets go of the surfaces this pass did not offer to the cache; caches or discards the views of
  /// attachments that left the viewport, and evicts.
  open func textViewportLayoutControllerDidLayout(_ textViewportLayoutController: TextViewportLayoutController) {
    renderingSurfaceCache.endPass()
    reuseController.endPass()
    instrumentation.trace?.endPass(
      liveProviders: instrumentation.liveProviderBalance, cachedViews: reuseController.cachedViewCount,
      cachedBytes: reuseController.cachedViewBytes)
  }

  /// The line fragments on screen in `rects` (container coordinates) show changed rendering
  /// attributes and need drawing; nothing needs layout. The headless view only counts them; a
  /// drawing view (`SDLTextView`) overrides this to redraw exactly those rectangles, calling super.
  /// - Parameter rects: Each line fragment's rectangle across its layout fragment's width.
  /// - Complexity: O(rects).
  open func setNeedsDisplay(renderingAttributeLineRects rects: [CGRect]) {
    renderingAttributeChanges += 1
    lineFragmentsMarkedForRenderingAttributes += rects.count
    lastRenderingAttributeLineRects = rects
  }

  /// Marks the view for a pass and runs it now.
  public func textViewportLayoutControllerReceivedSetNeedsLayout(
    _ textViewportLayoutController: TextViewportLayoutController
  ) {
    needsLayout = true
    layoutIfNeeded()
  }

  /// Moves the scroll offset by `dy` (not above the top). During a pass (anchoring) that is all;
  /// outside one (``TextViewportLayoutController/adjustViewport(byVerticalOffset:)`` or
  /// ``TextViewportLayoutController/relocateViewport(to:)`` called by the app) it is a scroll: the
  /// view stops sticking to the bottom and runs its pass as ``setNeedsLayout()`` does.
  public func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController, adjustViewportOriginBy dy: Double
  ) {
    scrollOffset = max(0, scrollOffset + dy)
    guard !textViewportLayoutController.isLayingOut else { return }
    isAnchoredToBottom = false
    setNeedsLayout()
  }
}
