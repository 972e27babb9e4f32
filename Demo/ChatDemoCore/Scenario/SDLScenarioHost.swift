import Foundation
import SDLSupport
import TextEngine

/// The headless runner's host: the chat app drawn offscreen by SDL's software renderer, frame by
/// frame as the window draws it.
///
/// A screenshot holds the transcript: view 0, and while split (the window's layout: view 0 on 58%
/// of the width) the rule and view 1 beside it.
@MainActor
package final class SDLScenarioHost: ScenarioHost {
  private let app: ChatApp
  package var textView: TextView { app.view(at: 0) ?? app.chatView }

  /// A host over the context's app.
  package init(context: ScenarioHostContext) { app = context.app }

  package func renderFrame() throws { try app.drawFrame() }

  package func writeScreenshot(to url: URL) throws {
    try renderFrame()
    try app.transcriptScreenshot().writePNG(to: url)
  }
}
