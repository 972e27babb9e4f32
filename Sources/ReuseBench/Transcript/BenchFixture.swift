import AnimationRuntime
import Foundation
import ReuseKitSDL
import TextEngine

/// A transcript opened in a 480×800 view, bottom-anchored like a chat: the SDL ``ChatTextView``
/// drawing offscreen with the software renderer when fonts are available, otherwise a headless
/// `TextView` laid out by the chat view's own `ChatLayout`.
@MainActor
final class BenchFixture {
  /// The viewport every figure uses.
  static let viewportSize = CGSize(width: 480, height: 800)

  let generator: TranscriptGenerator
  let storage: TextContentStorage
  let view: TextView
  /// The same view as a chat view, when it is one (whole frames can be drawn).
  let chatView: ChatTextView?

  /// Builds storage from `messages`, opens a view on it, shows the latest message and, for the chat
  /// view, draws that first frame.
  /// - Throws: ``SDLError`` when the chat view cannot be created or draw.
  /// - Complexity: O(n) to build the storage and the height index; the first pass is O(log n + visible).
  init(environment: BenchEnvironment, generator: TranscriptGenerator, messages: [(AttributedText, [String: String])])
    throws
  {
    self.generator = generator
    storage = TextContentStorage(paragraphs: messages)
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
