import ChatDemoCore
import Foundation
import TextEngine

/// A headless host whose view shows every viewport pass to a ``ReuseOracle``, checking after
/// every frame what the reuse policies promise on real objects: a violation fails the frame, so
/// the runner reports the step that caused it.
@MainActor
final class InvariantCheckingHost: ScenarioHost {
  /// The promises that did not hold after a frame.
  struct Violation: Error, CustomStringConvertible {
    var frame: Int
    var violations: [String]
    var description: String { "reuse invariants broken after frame \(frame): \(violations.joined(separator: "; "))" }
  }

  /// The model and its checks.
  let oracle: ReuseOracle
  private let view: PassObservingTextView
  /// The frames rendered (and checked).
  private(set) var frames = 0
  var textView: TextView { view }

  /// A host for a run under `policy` (the policies the scenario registers for stickers).
  init(context: ScenarioHostContext, policy: TextAttachmentViewProviderReusePolicy) {
    oracle = ReuseOracle(policy: policy)
    view = PassObservingTextView(context: context, oracle: oracle)
  }

  func renderFrame() throws {
    frames += 1
    let violations = oracle.frameEnded(in: view)
    guard violations.isEmpty else { throw Violation(frame: frames, violations: violations) }
  }

  func writeScreenshot(to url: URL) throws {
    throw ScenarioError(step: nil, reason: "the fuzz host cannot take screenshots")
  }

  func resize(width: Int, height: Int) throws { view.setViewportSize(CGSize(width: width, height: height)) }
}
