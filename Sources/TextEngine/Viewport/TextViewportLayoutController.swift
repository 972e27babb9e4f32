import Foundation
import Instrumentation

/// Drives viewport layout: lays out and reports only the fragments that intersect the
/// viewport plus ``overdrawMargin``.
///
/// A pass (``layoutViewport()``) clears the rendering-surface map, calls `willLayout`, asks the
/// delegate for the viewport bounds (anchoring them), then, for each fragment intersecting the viewport extended by ``overdrawMargin`` above and
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

  typealias SurfaceEntry = (
    identity: TextViewportRenderingSurfaceKeyIdentity, key: any TextViewportRenderingSurfaceKey,
    surface: any TextViewportRenderingSurface
  )
  /// This pass's surfaces in the order they were first assigned; a removed one leaves a `nil`.
  var surfaceEntries: [SurfaceEntry?] = []
  /// Where each key's surface sits in ``surfaceEntries``.
  var surfaceSlots: [TextViewportRenderingSurfaceKeyIdentity: Int] = [:]
  /// The first visible paragraph's index node after the last pass, and its top then: if heights
  /// above it change between passes (estimates replaced by measurements, edits in another view),
  /// the next pass moves the viewport by the same amount so it stays put on screen.
  private weak var lastAnchor: SequenceTree<TextLayoutManager.Entry>.Node?
  private var lastAnchorTop = 0.0
  private var lastViewportMinY = 0.0
  init(textLayoutManager: TextLayoutManager) { self.textLayoutManager = textLayoutManager }

  /// Runs one viewport pass. See the type's documentation for the order of the hooks.
  public func layoutViewport() {
    guard let layoutManager = textLayoutManager, let delegate, !isLayingOut else { return }
    isLayingOut = true
    defer { isLayingOut = false }
    surfaceEntries.removeAll(keepingCapacity: true)
    surfaceSlots.removeAll(keepingCapacity: true)
    layoutManager.beginUsePeriod()
    instrumentation?.record(.viewportLayoutPass)
    delegate.textViewportLayoutControllerWillLayout(self)

    var bounds = delegate.viewportBounds(for: self)
    let drift = driftSinceLastPass(layoutManager, bounds: bounds)
    if drift != 0 {
      delegate.textViewportLayoutController(self, adjustViewportOriginBy: drift)
      bounds = delegate.viewportBounds(for: self)
    }
    let dy = anchorAndLayOut(layoutManager, bounds: bounds)
    if dy != 0 {
      delegate.textViewportLayoutController(self, adjustViewportOriginBy: dy)
      bounds = delegate.viewportBounds(for: self)
    }
    viewportBounds = bounds
    rememberAnchor(layoutManager, bounds: bounds)
    configuredFragments = fragments(layoutManager, in: bounds)
    if let first = configuredFragments.first, let last = configuredFragments.last {
      viewportRange = TextRange(
        location: TextLocation(paragraph: first.fragment.textParagraph, offset: 0),
        end: TextLocation(paragraph: last.fragment.textParagraph, offset: last.fragment.textParagraph.length))
    } else {
      viewportRange = nil
    }
    for (fragment, _) in configuredFragments {
      settleRenderingSurface(of: fragment, delegate)
      delegate.textViewportLayoutController(self, configureRenderingSurfaceFor: fragment)
    }
    offerRenderingSurfacesToCache(delegate)
    delegate.textViewportLayoutControllerDidLayout(self)
    layoutManager.releaseFragmentsOverLimit()
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
  /// fixed on screen while estimates above it become measurements.
  /// - Returns: How far the anchor moved: the scroll adjustment.
  private func anchorAndLayOut(_ layoutManager: TextLayoutManager, bounds: CGRect) -> Double {
    let entries = layoutManager.entries
    guard let anchor = layoutManager.entryNode(containingY: bounds.minY) else { return 0 }
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
    let above = overdrawMargin - anchorOffset
    while let current = node, y < above {
      _ = layoutManager.ensureLayout(current, index: index)
      y += current.height
      node = layoutManager.node(before: current)
      index -= 1
    }
    return entries.position(of: anchor.node).y - anchorTopBefore
  }

  private func fragments(_ layoutManager: TextLayoutManager, in bounds: CGRect)
    -> [(fragment: TextLayoutFragment, paragraphIndex: Int)]
  {
    let top = max(0, bounds.minY - overdrawMargin)
    let bottom = bounds.maxY + overdrawMargin
    guard let start = layoutManager.entryNode(containingY: top) else { return [] }
    var result: [(fragment: TextLayoutFragment, paragraphIndex: Int)] = []
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
