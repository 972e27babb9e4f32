import ChatDemoCore
import Foundation
import TextEngine

/// The app host, checking the reuse invariants after every frame: a violation fails the frame,
/// so the runner reports the step that caused it.
@MainActor
final class InvariantCheckingHost: ScenarioHost {
  /// The invariants that did not hold after a frame.
  struct Violation: Error, CustomStringConvertible {
    var frame: Int
    var violations: [String]
    var description: String { "reuse invariants broken after frame \(frame): \(violations.joined(separator: "; "))" }
  }

  private let host: SDLScenarioHost
  /// The frames rendered (and checked).
  private(set) var frames = 0
  var textView: TextView { host.textView }

  init(context: ScenarioHostContext) { host = SDLScenarioHost(context: context) }

  func renderFrame() throws {
    try host.renderFrame()
    frames += 1
    let violations = host.textView.reuseInvariantViolations()
    guard violations.isEmpty else { throw Violation(frame: frames, violations: violations) }
  }

  func writeScreenshot(to url: URL) throws { try host.writeScreenshot(to: url) }
}
