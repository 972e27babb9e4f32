import AnimationRuntime
import ChatKit
import Foundation
import ReuseKitSDL
import SDLSupport
import TextEngine

/// A transcript opened in a ``viewportSize`` view, bottom-anchored like a chat: the SDL ``ChatTextView``
/// drawing offscreen with the software renderer when fonts are available, otherwise a headless
/// `TextView` laid out by the chat view's own `ChatLayout`.
@MainActor
final class BenchFixture {
  /// The viewport every figure uses.
  static let viewportSize = CGSize(width: 480, height: 800)

  let storage: TextContentManager
  let view: TextView
  /// The same view as a chat view, when it is one (whole frames can be drawn).
  let chatView: ChatTextView?
  /// The real window the chat view draws in, when the environment has a window display.
  let window: SDLWindow?

  /// Opens a view on `storage`, shows the latest message and, for the chat view, draws that first frame.
  /// - Throws: ``SDLError`` when the chat view cannot be created or draw.
  /// - Complexity: O(n) for the height index; the first pass is O(log n + visible).
  init(environment: BenchEnvironment, storage: TextContentManager) throws {
    self.storage = storage
    let (width, height) = (Int(Self.viewportSize.width), Int(Self.viewportSize.height))
    if let fonts = environment.fonts, let context = environment.context, environment.windowDisplay != nil {
      // As the app's window: the renderer it would pick, drawing into retained frames and presenting each.
      let window = try SDLWindow(context: context, title: "reuse-bench", width: width, height: height, resizable: false)
      let choice = SDLRendererChoice.automatic.resolved(environment: ProcessInfo.processInfo.environment)
      let selection = try SDLRenderer.make(
        window: window, choice: choice, vsync: false, probe: BenchCommand.probeRenderer)
      try selection.renderer.retainFrames()
      let chat = try ChatTextView(
        storage: storage, renderer: selection.renderer, fonts: fonts, clock: environment.clock)
      chat.rendererSummary = "X11 window, \(selection.renderer.name) renderer"
      self.window = window
      chatView = chat
      view = chat
    } else if let fonts = environment.fonts {
      let chat = try ChatTextView.offscreen(
        storage: storage, width: width, height: height, fonts: fonts, clock: environment.clock)
      window = nil
      chatView = chat
      view = chat
    } else {
      let headless = TextView(storage: storage, viewportSize: Self.viewportSize, glyphMeasurer: environment.measurer)
      headless.textLayoutManager.delegate = environment.headlessLayout
      headless.wantsBottomAnchoring = true
      window = nil
      chatView = nil
      view = headless
    }
    view.scrollToBottom()
    try chatView?.renderFrame()
  }

  /// What the figures run on: `"ChatTextView (SDL software renderer)"` or `"headless TextView"`.
  var viewName: String { chatView == nil ? "headless TextView" : "ChatTextView (SDL software renderer)" }
}
