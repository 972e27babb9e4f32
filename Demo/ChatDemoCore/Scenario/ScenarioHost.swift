import AnimationRuntime
import Foundation
import Instrumentation
import TextEngine

/// What the scenario runner drives: a text view plus a way to render frames.
@MainActor
public protocol ScenarioHost: AnyObject {
  /// The view steps act on.
  var textView: TextView { get }
  /// Draws one frame of the current state.
  func renderFrame() throws
  /// Renders and writes the current frame as a PNG.
  func writeScreenshot(to url: URL) throws
  /// Changes the view's size.
  func resize(width: Int, height: Int) throws
  /// View `index` (0, or 1 while split), or `nil`.
  func textView(at index: Int) -> TextView?
  /// Shows or hides a second view of the same storage beside view 0, counting into `instrumentation`.
  func setSplit(_ on: Bool, instrumentation: Instrumentation) throws
  /// Shows `scene` in view 0 (a new view on the same storage, counting into view 0's counters).
  func setScene(_ scene: ScenarioStep.Scene) throws
}

extension ScenarioHost {
  public func textView(at index: Int) -> TextView? { index == 0 ? textView : nil }

  public func setSplit(_ on: Bool, instrumentation: Instrumentation) throws {
    throw ScenarioError(step: nil, reason: "this host cannot split")
  }

  public func setScene(_ scene: ScenarioStep.Scene) throws {
    guard scene == .chat else { throw ScenarioError(step: nil, reason: "this host shows the chat scene only") }
  }
}

/// Everything a host needs to be made.
public struct ScenarioHostContext {
  /// The content manager: in memory (a JSON or generated transcript) or over a chat store.
  public let storage: TextContentManager
  public let width: Int
  public let height: Int
  public let instrumentation: Instrumentation
  public let clock: ManualClock
}

/// A host without drawing: the engine and real sticker views, measured by the fixed-advance
/// measurer. Tests use it to check counters quickly; the CLI renders through SDL.
@MainActor
public final class EngineScenarioHost: ScenarioHost {
  public let textView: TextView
  /// The second view while split (`split` steps), on the same storage.
  public private(set) var secondaryView: TextView?

  public init(context: ScenarioHostContext) {
    textView = TextView(
      storage: context.storage, viewportSize: CGSize(width: context.width, height: context.height),
      glyphMeasurer: FixedAdvanceGlyphMeasurer(), instrumentation: context.instrumentation)
  }

  public func textView(at index: Int) -> TextView? { index == 0 ? textView : (index == 1 ? secondaryView : nil) }

  /// A second headless view, 45% as wide, on the same storage.
  public func setSplit(_ on: Bool, instrumentation: Instrumentation) {
    guard on else {
      secondaryView = nil
      return
    }
    guard secondaryView == nil else { return }
    let size = textView.viewportSize
    secondaryView = TextView(
      storage: textView.textContentStorage,
      viewportSize: CGSize(width: (size.width * 0.45).rounded(), height: size.height),
      glyphMeasurer: FixedAdvanceGlyphMeasurer(), instrumentation: instrumentation)
  }

  /// Draws nothing: this host has no pixels (frames are still counted by the runner).
  public func renderFrame() {}

  public func writeScreenshot(to url: URL) throws {
    throw ScenarioError(step: nil, reason: "the engine host cannot take screenshots")
  }

  public func resize(width: Int, height: Int) {
    textView.setViewportSize(CGSize(width: width, height: height))
  }
}
