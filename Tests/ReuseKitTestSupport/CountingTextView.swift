import Foundation
import TextEngine

/// A headless text view that records the delegate hooks it receives and tallies real objects.
public final class CountingTextView: TextView {
  /// Real provider/view/animation objects created for this view.
  public let tally = ObjectTally()
  /// The hooks in the order they were called: "will", "configure:<paragraph serial>", "did".
  public var hookLog: [String] = []
  /// Whether `renderingSurface(for:)` answered for every configured fragment inside didLayout.
  public var surfacesAnsweredInDidLayout: [Bool] = []
  /// Whether the surface map was empty when willLayout ran.
  public var surfaceMapEmptyAtWillLayout: [Bool] = []
  /// The reuse state machine's invariant violations found after each pass (each prefixed with
  /// the pass's number); empty while every pass left the states consistent.
  public private(set) var stateViolations: [String] = []
  private var passes = 0
  private var configuredThisPass: [TextLayoutFragment] = []
  private var previousPassFragments: [TextLayoutFragment] = []

  public override func textViewportLayoutControllerWillLayout(_ controller: TextViewportLayoutController) {
    super.textViewportLayoutControllerWillLayout(controller)
    hookLog.append("will")
    surfaceMapEmptyAtWillLayout.append(previousPassFragments.allSatisfy { controller.renderingSurface(for: $0) == nil })
    configuredThisPass = []
  }

  public override func textViewportLayoutController(
    _ controller: TextViewportLayoutController, configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
  ) {
    super.textViewportLayoutController(controller, configureRenderingSurfaceFor: textLayoutFragment)
    hookLog.append("configure:\(textLayoutFragment.textParagraph.serial)")
    configuredThisPass.append(textLayoutFragment)
  }

  public override func textViewportLayoutControllerDidLayout(_ controller: TextViewportLayoutController) {
    super.textViewportLayoutControllerDidLayout(controller)
    hookLog.append("did")
    surfacesAnsweredInDidLayout.append(configuredThisPass.allSatisfy { controller.renderingSurface(for: $0) != nil })
    previousPassFragments = configuredThisPass
    passes += 1
    stateViolations += reuseController.checkInvariants().map { "pass \(passes): \($0)" }
  }
}
