import Foundation
import TextEngine

/// Stands between a text view's viewport controller and the view (its delegate), forwarding every
/// call, and shows ``ReuseOracle`` every fragment each pass configures (with the providers and
/// views the pass gave its attachments: real objects) and the end of each pass.
///
/// The app's own views run the passes, so the oracle watches the window's code, not a stand-in.
final class PassObservingDelegate: TextViewportLayoutControllerDelegate {
  /// The view's own delegate (the view).
  private weak var view: TextView?
  private let oracle: ReuseOracle

  /// Puts itself between `view`'s viewport controller and `view`. The caller keeps it alive.
  /// The fragments of the view's last pass, if any, are shown to the oracle first, so it knows the
  /// objects made before it watched.
  init(installingOn view: TextView, oracle: ReuseOracle) {
    self.view = view
    self.oracle = oracle
    let controller = view.textLayoutManager.textViewportLayoutController
    for (fragment, _) in controller.configuredFragments { oracle.configured(fragment) }
    oracle.passEnded(in: view)
    controller.delegate = self
  }

  func viewportBounds(for textViewportLayoutController: TextViewportLayoutController) -> CGRect {
    view?.viewportBounds(for: textViewportLayoutController) ?? .zero
  }

  func textViewportLayoutControllerWillLayout(_ textViewportLayoutController: TextViewportLayoutController) {
    view?.textViewportLayoutControllerWillLayout(textViewportLayoutController)
  }

  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
  ) {
    view?.textViewportLayoutController(textViewportLayoutController, configureRenderingSurfaceFor: textLayoutFragment)
    oracle.configured(textLayoutFragment)
  }

  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    renderingSurfaceFor textLayoutFragment: TextLayoutFragment
  ) -> (any TextViewportRenderingSurface)? {
    view?.textViewportLayoutController(textViewportLayoutController, renderingSurfaceFor: textLayoutFragment)
  }

  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    cacheRenderingSurface renderingSurface: any TextViewportRenderingSurface,
    for renderingSurfaceKey: any TextViewportRenderingSurfaceKey
  ) {
    view?.textViewportLayoutController(
      textViewportLayoutController, cacheRenderingSurface: renderingSurface, for: renderingSurfaceKey)
  }

  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    retrieveCachedRenderingSurfaceFor renderingSurfaceKey: any TextViewportRenderingSurfaceKey
  ) -> (any TextViewportRenderingSurface)? {
    view?.textViewportLayoutController(
      textViewportLayoutController, retrieveCachedRenderingSurfaceFor: renderingSurfaceKey)
  }

  func textViewportLayoutControllerDidLayout(_ textViewportLayoutController: TextViewportLayoutController) {
    view?.textViewportLayoutControllerDidLayout(textViewportLayoutController)
    if let view { oracle.passEnded(in: view) }
  }

  func textViewportLayoutControllerReceivedSetNeedsLayout(
    _ textViewportLayoutController: TextViewportLayoutController
  ) {
    view?.textViewportLayoutControllerReceivedSetNeedsLayout(textViewportLayoutController)
  }

  func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController, adjustViewportOriginBy dy: Double
  ) {
    view?.textViewportLayoutController(textViewportLayoutController, adjustViewportOriginBy: dy)
  }
}
