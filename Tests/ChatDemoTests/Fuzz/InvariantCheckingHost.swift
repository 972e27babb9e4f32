import ChatDemoCore
import Foundation
import TextEngine

/// The app host, whose transcript view shows every viewport pass to a ``ReuseOracle``, checking
/// after every frame what the reuse policies promise on real objects: a violation fails the frame,
/// so the runner reports the step that caused it.
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
  private let host: SDLScenarioHost
  /// Held here: a viewport controller holds its delegate weakly.
  private let observer: PassObservingDelegate
  /// The frames rendered (and checked).
  private(set) var frames = 0
  var textView: TextView { host.textView }

  /// A host for a run under `policy` (the policies the scenario registers for stickers).
  init(context: ScenarioHostContext, policy: TextAttachmentViewProviderReusePolicy) {
    oracle = ReuseOracle(policy: policy)
    host = SDLScenarioHost(context: context)
    observer = PassObservingDelegate(installingOn: host.textView, oracle: oracle)
  }

  func renderFrame() throws {
    try host.renderFrame()
    frames += 1
    let violations = oracle.frameEnded(in: host.textView)
    guard violations.isEmpty else { throw Violation(frame: frames, violations: violations) }
  }

  func writeScreenshot(to url: URL) throws { try host.writeScreenshot(to: url) }
}
