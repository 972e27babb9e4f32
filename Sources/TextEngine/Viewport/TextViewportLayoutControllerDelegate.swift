import Foundation

/// The view side of a viewport pass. The headless ``TextView`` conforms; subclasses override
/// the hooks and call `super`, as the framework text views do in TextKit.
///
/// As in TextKit, only ``viewportBounds(for:)`` and
/// ``textViewportLayoutController(_:configureRenderingSurfaceFor:)`` are required; every other
/// hook has a default implementation (TextKit's `@optional` methods). In a pass
/// (``TextViewportLayoutController/layoutViewport()``) the controller calls, in this order:
/// 1. ``textViewportLayoutControllerWillLayout(_:)`` (the surface map is empty by then);
/// 2. ``viewportBounds(for:)``, and ``textViewportLayoutController(_:adjustViewportOriginBy:)`` when
///    anchoring moves the viewport;
/// 3. for each fragment in the viewport plus the overdraw margin, top to bottom:
///    ``textViewportLayoutController(_:retrieveCachedRenderingSurfaceFor:)``, then
///    ``textViewportLayoutController(_:renderingSurfaceFor:)``, then
///    ``textViewportLayoutController(_:configureRenderingSurfaceFor:)``;
/// 4. ``textViewportLayoutController(_:cacheRenderingSurface:for:)`` once for each surface the pass
///    registered, in registration order, except attachment views;
/// 5. ``textViewportLayoutControllerDidLayout(_:)``.
///
/// Apple documents that `renderingSurfaceFor` comes "right before" configure; the place of the two
/// cache hooks is ReuseKit's choice (Apple documents no timing).
public protocol TextViewportLayoutControllerDelegate: AnyObject {
  /// The visible rectangle in container coordinates (the controller adds the overdraw margin).
  /// - Parameter textViewportLayoutController: The controller asking.
  /// - Returns: The viewport bounds, which the delegate owns.
  func viewportBounds(for textViewportLayoutController: TextViewportLayoutController) -> CGRect

  /// Presents one fragment: called once per fragment that intersects the viewport plus the
  /// overdraw margin, top to bottom, with the fragment's surface already registered (see
  /// ``textViewportLayoutController(_:renderingSurfaceFor:)``).
  /// - Parameters:
  ///   - textViewportLayoutController: The controller running the pass.
  ///   - textLayoutFragment: The fragment to present.
  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment)

  /// A pass begins: reset per-pass state. Optional (the default does nothing).
  /// - Parameter textViewportLayoutController: The controller running the pass.
  func textViewportLayoutControllerWillLayout(_ textViewportLayoutController: TextViewportLayoutController)

  /// The pass ended; ``TextViewportLayoutController/renderingSurface(for:)`` answers for this pass.
  /// Optional (the default does nothing).
  /// - Parameter textViewportLayoutController: The controller that ran the pass.
  func textViewportLayoutControllerDidLayout(_ textViewportLayoutController: TextViewportLayoutController)

  /// Something asked for a new pass (collapsing a section, for example). Optional: the default
  /// runs ``TextViewportLayoutController/layoutViewport()``.
  /// - Parameter textViewportLayoutController: The controller to lay out.
  func textViewportLayoutControllerReceivedSetNeedsLayout(_ textViewportLayoutController: TextViewportLayoutController)

  /// The rendering surface of `textLayoutFragment` for this pass. Called right before
  /// ``textViewportLayoutController(_:configureRenderingSurfaceFor:)``, for every fragment; a
  /// non-`nil` result is registered under the fragment, so
  /// ``TextViewportLayoutController/renderingSurface(for:)`` answers it. A surface the cache hook
  /// returned for the fragment is registered already: return it (or `nil`) to keep it, another one
  /// to replace it. Optional (the default returns `nil`).
  /// - Parameters:
  ///   - textViewportLayoutController: The controller running the pass.
  ///   - textLayoutFragment: The fragment about to be configured.
  /// - Returns: The fragment's surface, or `nil` to leave the map as it is.
  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    renderingSurfaceFor textLayoutFragment: TextLayoutFragment
  ) -> (any TextViewportRenderingSurface)?

  /// Asks the delegate to cache a rendering surface for later retrieval.
  ///
  /// ReuseKit's timing (Apple documents none): at the end of every pass, after the last configure
  /// and before `didLayout`, once for each surface registered in the pass, under its key, in
  /// registration order: the fragments' surfaces and those registered with
  /// ``TextViewportLayoutController/setRenderingSurface(_:for:)`` (string keys included). Surfaces
  /// under attachment view providers' keys are never offered: the reuse controller owns attachment
  /// views through the reuse policies. A surface not offered again is one the delegate may let go.
  /// Optional (the default keeps nothing).
  /// - Parameters:
  ///   - textViewportLayoutController: The controller that ran the pass.
  ///   - renderingSurface: The surface to cache.
  ///   - renderingSurfaceKey: The key it was registered under.
  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    cacheRenderingSurface renderingSurface: any TextViewportRenderingSurface,
    for renderingSurfaceKey: any TextViewportRenderingSurfaceKey)

  /// Asks the delegate to return a previously cached rendering surface, or `nil`.
  ///
  /// ReuseKit's timing (Apple documents none): once per fragment of every pass, right before
  /// ``textViewportLayoutController(_:renderingSurfaceFor:)``, keyed by the fragment (a non-`nil`
  /// answer is registered under it at once), and whenever a delegate asks through
  /// ``TextViewportLayoutController/retrieveCachedRenderingSurface(for:)`` (its own keys). The
  /// controller counts each call (`surfaceCacheRequests`) and each non-`nil` answer
  /// (`surfaceCacheHits`). `nil` lets `renderingSurfaceFor` provide a new surface. Optional (the
  /// default returns `nil`).
  /// - Parameters:
  ///   - textViewportLayoutController: The controller asking.
  ///   - renderingSurfaceKey: The key identifying the surface.
  /// - Returns: The cached surface, or `nil`.
  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    retrieveCachedRenderingSurfaceFor renderingSurfaceKey: any TextViewportRenderingSurfaceKey
  ) -> (any TextViewportRenderingSurface)?

  /// Moves the viewport origin by `dy` (ReuseKit's extension: TextKit has no such hook). The
  /// delegate owns the viewport bounds, so this is how the controller moves them: from
  /// ``TextViewportLayoutController/adjustViewport(byVerticalOffset:)``, which its anchoring uses
  /// (measured heights above the viewport changed by `dy`, so the first visible fragment stays put
  /// on screen) and ``TextViewportLayoutController/relocateViewport(to:)`` too. Optional: the
  /// default does nothing, so the viewport of a delegate without it never moves.
  /// - Parameters:
  ///   - textViewportLayoutController: The controller asking.
  ///   - dy: The vertical distance, in points (positive moves down the document).
  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController, adjustViewportOriginBy dy: Double)
}

extension TextViewportLayoutControllerDelegate {
  /// Does nothing.
  public func textViewportLayoutControllerWillLayout(_ textViewportLayoutController: TextViewportLayoutController) {}

  /// Does nothing.
  public func textViewportLayoutControllerDidLayout(_ textViewportLayoutController: TextViewportLayoutController) {}

  /// Runs a pass now.
  public func textViewportLayoutControllerReceivedSetNeedsLayout(
    _ textViewportLayoutController: TextViewportLayoutController
  ) {
    textViewportLayoutController.layoutViewport()
  }

  /// Returns `nil`: the fragment keeps the surface the cache hook gave it, if any.
  public func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    renderingSurfaceFor textLayoutFragment: TextLayoutFragment
  ) -> (any TextViewportRenderingSurface)? {
    nil
  }

  /// Keeps nothing.
  public func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    cacheRenderingSurface renderingSurface: any TextViewportRenderingSurface,
    for renderingSurfaceKey: any TextViewportRenderingSurfaceKey
  ) {}

  /// Returns `nil`.
  public func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    retrieveCachedRenderingSurfaceFor renderingSurfaceKey: any TextViewportRenderingSurfaceKey
  ) -> (any TextViewportRenderingSurface)? {
    nil
  }

  /// Does nothing: the delegate's viewport stays where it is.
  public func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController, adjustViewportOriginBy dy: Double
  ) {}
}
