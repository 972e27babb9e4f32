import ChatDemoCore
import Foundation
import TextEngine

/// A headless text view that shows ``ReuseOracle`` every fragment each viewport pass configures
/// (with the providers and views the pass gave its attachments: real objects) and the end of
/// each pass.
final class PassObservingTextView: TextView {
  /// Told of each configured fragment and of each pass's end.
  let oracle: ReuseOracle

  init(context: ScenarioHostContext, oracle: ReuseOracle) {
    self.oracle = oracle
    super.init(
      storage: context.storage, viewportSize: CGSize(width: context.width, height: context.height),
      glyphMeasurer: FixedAdvanceGlyphMeasurer(), instrumentation: context.instrumentation)
  }

  override func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
  ) {
    super.textViewportLayoutController(textViewportLayoutController, configureRenderingSurfaceFor: textLayoutFragment)
    oracle.configured(textLayoutFragment)
  }

  override func textViewportLayoutControllerDidLayout(_ textViewportLayoutController: TextViewportLayoutController) {
    super.textViewportLayoutControllerDidLayout(textViewportLayoutController)
    oracle.passEnded(in: self)
  }
}
