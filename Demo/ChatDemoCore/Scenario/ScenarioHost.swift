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
}

/// Everything a host needs to be made.
public struct ScenarioHostContext {
  public let storage: TextContentStorage
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

  public init(context: ScenarioHostContext) {
    textView = TextView(
      storage: context.storage, viewportSize: CGSize(width: context.width, height: context.height),
      glyphMeasurer: FixedAdvanceGlyphMeasurer(), instrumentation: context.instrumentation)
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
