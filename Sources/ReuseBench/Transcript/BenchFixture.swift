import AnimationRuntime
import ChatKit
import Foundation
import ReuseKitSDL
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

  /// Opens a view on `storage`, shows the latest message and, for the chat view, draws that first frame.
  /// - Throws: ``SDLError`` when the chat view cannot be created or draw.
  /// - Complexity: O(n) for the height index; the first pass is O(log n + visible).
  init(environment: BenchEnvironment, storage: TextContentManager) throws {
    self.storage = storage
    if let fonts = environment.fonts {
      let chat = try ChatTextView.offscreen(
        storage: storage, width: Int(Self.viewportSize.width), height: Int(Self.viewportSize.height), fonts: fonts,
        clock: environment.clock)
      chatView = chat
      view = chat
    } else {
      let headless = TextView(storage: storage, viewportSize: Self.viewportSize, glyphMeasurer: environment.measurer)
      headless.textLayoutManager.delegate = environment.headlessLayout
      headless.wantsBottomAnchoring = true
      chatView = nil
      view = headless
    }
    view.scrollToBottom()
    try chatView?.renderFrame()
  }

  /// What the figures run on: `"ChatTextView (SDL software renderer)"` or `"headless TextView"`.
  var viewName: String { chatView == nil ? "headless TextView" : "ChatTextView (SDL software renderer)" }
}
