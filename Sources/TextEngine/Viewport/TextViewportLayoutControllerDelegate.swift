import Foundation

/// The view side of a viewport pass. The headless ``TextView`` conforms; subclasses override
/// the hooks and call `super`, as the framework text views do in TextKit.
public protocol TextViewportLayoutControllerDelegate: AnyObject {
  /// The visible rectangle in container coordinates.
  func viewportBounds(for textViewportLayoutController: TextViewportLayoutController) -> CGRect
  /// A pass begins: reset per-pass state.
  func textViewportLayoutControllerWillLayout(_ textViewportLayoutController: TextViewportLayoutController)
  /// Called once per fragment that intersects the viewport plus the overdraw margin, top to bottom.
  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment)
  /// The pass ended; ``TextViewportLayoutController/renderingSurface(for:)`` answers for this pass.
  func textViewportLayoutControllerDidLayout(_ textViewportLayoutController: TextViewportLayoutController)
  /// Something asked for a new pass (collapsing a section, for example).
  func textViewportLayoutControllerReceivedSetNeedsLayout(_ textViewportLayoutController: TextViewportLayoutController)
  /// Measured heights above the viewport changed by `dy`; move the scroll offset by it so the
  /// first visible fragment stays where it was on screen.
  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController, adjustViewportOriginBy dy: Double)
}

extension TextViewportLayoutControllerDelegate {
  public func textViewportLayoutControllerReceivedSetNeedsLayout(
    _ textViewportLayoutController: TextViewportLayoutController
  ) {
    textViewportLayoutController.layoutViewport()
  }
}
