import AnimationRuntime
import Foundation
import Instrumentation
import TextEngine

/// What draws a scenario's frames: a host over the chat app the runner made and drives. Steps go
/// to the app (its router, as the window's events do), never to the host.
@MainActor
package protocol ScenarioHost: AnyObject {
  /// View 0: the transcript (the editor in the editor scene).
  var textView: TextView { get }
  /// Draws one frame of the current state.
  func renderFrame() throws
  /// Renders and writes the current frame's transcript (both views while split) as a PNG.
  func writeScreenshot(to url: URL) throws
}

/// Everything a host needs to be made: the app the scenario runs.
@MainActor
package struct ScenarioHostContext {
  /// The chat app, headless: the window's app object on offscreen surfaces.
  let app: ChatApp
  /// The content manager: in memory (a JSON or generated transcript) or over a chat store.
  package var storage: TextContentManager { app.storage }
  /// View 0's counters.
  package var instrumentation: Instrumentation { app.chatView.instrumentation }
  /// The clock the run advances.
  package let clock: ManualClock
}
