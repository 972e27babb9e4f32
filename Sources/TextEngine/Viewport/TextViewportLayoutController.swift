import Foundation
import Instrumentation

/// Drives viewport layout: lays out and reports only the fragments that intersect the
/// viewport plus ``overdrawMargin``.
///
/// A pass (``layoutViewport()``) clears the rendering-surface map, calls `willLayout`, asks the
/// delegate for the viewport bounds (anchoring them, see ``adjustViewport(byVerticalOffset:)``),
/// then, for each fragment intersecting the viewport extended by ``overdrawMargin`` above and
/// below, top to bottom: the retrieve cache hook, `renderingSurfaceFor` and
/// `configureRenderingSurfaceFor`; then it offers the pass's surfaces to the cache hook and calls
/// `didLayout` (see ``TextViewportLayoutControllerDelegate`` for the order and its reasons). The map
/// can be queried (or walked in order with ``enumerateRenderingSurfaces(using:)``) from `didLayout`
/// on. After `didLayout`, fragments beyond the layout manager's
/// ``TextLayoutManager/fragmentRetentionLimit`` that the pass did not use are released.
///
/// The controller counts: a pass (`viewportLayoutPasses`); a retrieve call (`surfaceCacheRequests`)
/// and a non-`nil` answer (`surfaceCacheHits`); a fragment whose surface is the one the cache
/// returned (`surfacesReused`) or another one `renderingSurfaceFor` returned (`surfacesCreated`).
/// - Complexity: O(log n + fragments in the viewport) per pass.
public final class TextViewportLayoutController {
  /// The layout manager whose fragments are reported.
  public private(set) weak var textLayoutManager: TextLayoutManager?
  /// The view side of the passes (a ``TextView`` for its own layout manager).
  public weak var delegate: (any TextViewportLayoutControllerDelegate)?
  /// Extra height laid out above and below the viewport, in points (default 200).
  public var overdrawMargin: Double = 200
  /// The document range of the fragments configured in the last pass.
  public private(set) var viewportRange: TextRange?
  /// The viewport bounds used by the last pass (after any anchoring adjustment).
  public private(set) var viewportBounds: CGRect = .zero
  /// The fragments configured in the last pass, top to bottom, with their paragraph indices.
  public private(set) var configuredFragments: [(fragment: TextLayoutFragment, paragraphIndex: Int)] = []
  /// Counts passes and the surface cache hooks' calls (see the type's documentation).
  public var instrumentation: Instrumentation?
  /// Whether a pass is running now.
  public private(set) var isLayingOut = false

  /// This pass's surfaces by key, in the order they were first assigned.
  var surfaceMap = RenderingSurfaceMap()
  /// A pass's surface events, counted as they happen and recorded at its end.
  struct SurfaceTally {
    var cacheRequests = 0
    var cacheHits = 0
    var created = 0
    var reused = 0
  }
  /// The first visible paragraph's index node after the last pass, and its top then: if heights
  /// above it change between passes (estimates replaced by measurements, edits in another view),
  /// the next pass moves the viewport by the same amount so it stays put on screen.
  private weak var lastAnchor: SequenceTree<TextLayoutManager.Entry>.Node?
  private var lastAnchorTop = 0.0
  private var lastViewportMinY = 0.0
  /// The paragraph entry ``relocateViewport(to:)`` moved the viewport to, for the next pass to start with.
  private weak var relocationTarget: SequenceTree<TextLayoutManager.Entry>.Node?

  init(textLayoutManager: TextLayoutManager) { self.textLayoutManager = textLayoutManager }

  // MARK: Moving the viewport

  /// Adjusts the viewport rect by the specified offset if needed (TextKit's one-line summary).
  ///
  /// ReuseKit's semantics: the delegate owns the viewport bounds, so the controller asks it to move
  /// them by `verticalOffset` through
  /// ``TextViewportLayoutControllerDelegate/textViewportLayoutController(_:adjustViewportOriginBy:)``.
  /// "If needed": a zero or non-finite offset changes nothing and calls nothing. The layout is not
  /// touched (Apple's header: it moves the viewport "without affecting viewport content"); during a
  /// pass (the controller's own anchoring uses it) the pass goes on with the moved bounds, and
  /// outside one ``viewportBounds`` still describes the last pass until the next (a ``TextView``
  /// runs that pass as it does after a scroll).
  /// - Parameter verticalOffset: The distance to move the viewport, in points (positive moves down).
  /// - Complexity: O(1) plus the delegate's hook.
  public func adjustViewport(byVerticalOffset verticalOffset: Double) {
    guard verticalOffset != 0, verticalOffset.isFinite, let delegate else { return }
    delegate.textViewportLayoutController(self, adjustViewportOriginBy: verticalOffset)
  }

  /// Relocates the viewport to the location you specify (TextKit's one-line summary).
  ///
  /// ReuseKit's semantics, after Apple's header ("Relocates the viewport to start with the specified
  /// location … used to programmatically scroll"): the viewport's top moves to the top of the
  /// paragraph holding `textLocation` (through ``adjustViewport(byVerticalOffset:)``), and the next
  /// pass starts with that paragraph: it is the pass's first configured fragment, the overdraw margin
  /// above being left out of that one pass (the ones after it lay the margin out as usual). A
  /// delegate that does not move (one without the adjust hook) gets an ordinary next pass.
  /// - Parameter textLocation: A location in the paragraph to show at the top.
  /// - Returns: The new viewport origin (the top of the delegate's bounds after the move), in
  ///   points; the current one when the location is not in the document.
  /// - Complexity: O(log n + the paragraph's length) plus the delegate's hook.
  @discardableResult
  public func relocateViewport(to textLocation: TextLocation) -> Double {
    guard let delegate else { return viewportBounds.minY }
    guard let layoutManager = textLayoutManager, let index = layoutManager.textContentManager?.index(of: textLocation),
      let node = layoutManager.entryNode(at: index)
    else { return delegate.viewportBounds(for: self).minY }
    _ = layoutManager.ensureLayout(node, index: index)  // its own height, measured
    relocationTarget = node
    let top = layoutManager.entries.position(of: node).y
    adjustViewport(byVerticalOffset: top - delegate.viewportBounds(for: self).minY)
    return delegate.viewportBounds(for: self).minY
  }

  // MARK: The pass

  /// Runs one viewport pass. See the type's documentation for the order of the hooks.
  public func layoutViewport() {
    guard let layoutManager = textLayoutManager, let delegate, !isLayingOut else { return }
    isLayingOut = true
    defer { isLayingOut = false }
    surfaceMap.removeAll()
    layoutManager.beginUsePeriod()
    instrumentation?.record(.viewportLayoutPass)
    delegate.textViewportLayoutControllerWillLayout(self)

    var bounds = delegate.viewportBounds(for: self)
    let start = relocatedStart(layoutManager, bounds: bounds)
    relocationTarget = nil
    let marginAbove = start == nil ? overdrawMargin : 0
    if start == nil {
      bounds = moveViewport(by: driftSinceLastPass(layoutManager, bounds: bounds), delegate, bounds)
    }
    let dy = anchorAndLayOut(layoutManager, bounds: bounds, anchor: start, marginAbove: marginAbove)
    bounds = moveViewport(by: dy, delegate, bounds)
    viewportBounds = bounds
    rememberAnchor(layoutManager, bounds: bounds)
    configuredFragments = fragments(layoutManager, in: bounds, from: start, marginAbove: marginAbove)
    if let first = configuredFragments.first, let last = configuredFragments.last {
      viewportRange = TextRange(
        location: TextLocation(paragraph: first.fragment.textParagraph, offset: 0),
        end: TextLocation(paragraph: last.fragment.textParagraph, offset: last.fragment.textParagraph.length))
    } else {
      viewportRange = nil
    }
    var tally = SurfaceTally()
    for (fragment, _) in configuredFragments {
      layoutManager.validateRenderingAttributes(of: fragment)
      settleRenderingSurface(of: fragment, delegate, tally: &tally)
      delegate.textViewportLayoutController(self, configureRenderingSurfaceFor: fragment)
    }
    record(tally)
    offerRenderingSurfacesToCache(delegate)
    delegate.textViewportLayoutControllerDidLayout(self)
    layoutManager.releaseFragmentsOverLimit()
  }

  /// Moves the viewport by `dy` (if needed) and returns the delegate's bounds after the move.
  private func moveViewport(by dy: Double, _ delegate: any TextViewportLayoutControllerDelegate, _ bounds: CGRect)
    -> CGRect
  {
    guard dy != 0, dy.isFinite else { return bounds }
    adjustViewport(byVerticalOffset: dy)
    return delegate.viewportBounds(for: self)
  }

  /// The entry ``relocateViewport(to:)`` chose, with its index and top, if the viewport's top is
  /// still inside it (the delegate moved there and nothing moved it since).
  /// - Complexity: O(log n).
  private func relocatedStart(_ layoutManager: TextLayoutManager, bounds: CGRect)
    -> (node: SequenceTree<TextLayoutManager.Entry>.Node, index: Int, top: Double)?
  {
    let entries = layoutManager.entries
    guard let node = relocationTarget, entries.contains(node) else { return nil }
    let position = entries.position(of: node)
    guard bounds.minY >= position.y - 0.5, bounds.minY < position.y + max(node.height, 1) else { return nil }
    return (node, position.index, position.y)
  }

  /// How far the last pass's anchor moved in the document since then, when the viewport did not
  /// scroll meanwhile (a scroll is relative to the current heights, so it needs no correction).
  /// - Complexity: O(log n).
  private func driftSinceLastPass(_ layoutManager: TextLayoutManager, bounds: CGRect) -> Double {
    let entries = layoutManager.entries
    guard let anchor = lastAnchor, bounds.minY == lastViewportMinY, entries.contains(anchor) else { return 0 }
    return entries.position(of: anchor).y - lastAnchorTop
  }

  private func rememberAnchor(_ layoutManager: TextLayoutManager, bounds: CGRect) {
    let anchor = layoutManager.entryNode(containingY: bounds.minY)
    lastAnchor = anchor?.node
    lastAnchorTop = anchor?.top ?? 0
    lastViewportMinY = bounds.minY
  }

  /// Lays out everything the viewport plus margin needs, keeping the first visible fragment
  /// (`anchor`, or the one at the viewport's top) fixed on screen while estimates above it become
  /// measurements.
  /// - Returns: How far the anchor moved: the scroll adjustment.
  private func anchorAndLayOut(
    _ layoutManager: TextLayoutManager, bounds: CGRect,
    anchor chosen: (node: SequenceTree<TextLayoutManager.Entry>.Node, index: Int, top: Double)?, marginAbove: Double
  ) -> Double {
    let entries = layoutManager.entries
    guard let anchor = chosen ?? layoutManager.entryNode(containingY: bounds.minY) else { return 0 }
    let anchorTopBefore = anchor.top
    let anchorOffset = bounds.minY - anchorTopBefore  // viewport top relative to the anchor's top
    // Downwards from the anchor until the viewport bottom plus margin is covered.
    var node: SequenceTree<TextLayoutManager.Entry>.Node? = anchor.node
    var index = anchor.index
    var y = 0.0  // relative to the anchor's top
    let below = bounds.height + overdrawMargin + anchorOffset
    while let current = node, y < below {
      _ = layoutManager.ensureLayout(current, index: index)
      y += current.height
      node = layoutManager.node(after: current)
      index += 1
    }
    // Upwards until the margin above the viewport is covered.
    node = layoutManager.node(before: anchor.node)
    index = anchor.index - 1
    y = 0
    let above = marginAbove - anchorOffset
    while let current = node, y < above {
      _ = layoutManager.ensureLayout(current, index: index)
      y += current.height
      node = layoutManager.node(before: current)
      index -= 1
    }
    return entries.position(of: anchor.node).y - anchorTopBefore
  }

  /// The fragments from `start` (or the one at the viewport's top minus `marginAbove`) down to the
  /// viewport's bottom plus the margin.
  private func fragments(
    _ layoutManager: TextLayoutManager, in bounds: CGRect,
    from chosen: (node: SequenceTree<TextLayoutManager.Entry>.Node, index: Int, top: Double)?, marginAbove: Double
  ) -> [(fragment: TextLayoutFragment, paragraphIndex: Int)] {
    let bottom = bounds.maxY + overdrawMargin
    let start: (node: SequenceTree<TextLayoutManager.Entry>.Node, index: Int, top: Double)?
    if let chosen {
      start = (chosen.node, chosen.index, layoutManager.entries.position(of: chosen.node).y)
    } else {
      start = layoutManager.entryNode(containingY: max(0, bounds.minY - marginAbove))
    }
    guard let start else { return [] }
    var result: [(fragment: TextLayoutFragment, paragraphIndex: Int)] = []
    result.reserveCapacity(configuredFragments.count)
    var node: SequenceTree<TextLayoutManager.Entry>.Node? = start.node
    var index = start.index
    var y = start.top
    while let current = node, y < bottom {
      if let fragment = layoutManager.ensureLayout(current, index: index), current.height > 0 {
        result.append((fragment, index))
      }
      y += current.height
      node = layoutManager.node(after: current)
      index += 1
    }
    return result
  }
}
