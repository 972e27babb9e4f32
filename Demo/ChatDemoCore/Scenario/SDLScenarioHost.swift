import AnimationRuntime
import ChatKit
import ChatModel
import Foundation
import Instrumentation
import ReuseKitSDL
import ReuseKitSupport
import SDLSupport
import TextEngine

/// The headless runner's host: the real chat view, drawn offscreen by SDL's software renderer.
///
/// `scene` steps replace view 0 by a chat or an editor view (``LineNumberTextView``) on the same
/// storage; `split` steps add a second, narrower chat view beside it. A screenshot of a split host
/// holds both views side by side.
@MainActor
public final class SDLScenarioHost: ScenarioHost {
  private let sdl: SDLContext
  private let fonts: SDLFontSet
  private let context: ScenarioHostContext
  /// View 0: the chat view, or the editor in the editor scene.
  public private(set) var primaryView: SDLTextView
  /// The chat view, when view 0 shows the chat scene.
  public var chatView: ChatTextView? { primaryView as? ChatTextView }
  /// The second view while split.
  public private(set) var secondaryView: ChatTextView?
  public var textView: TextView { primaryView }

  /// Creates an offscreen chat view of the scenario's size.
  public init(context: ScenarioHostContext) throws {
    sdl = try SDLContext()
    fonts = try SDLFontSet(context: sdl)
    self.context = context
    primaryView = try Self.makeChatView(
      context.storage, width: context.width, height: context.height, fonts: fonts, context: context,
      instrumentation: context.instrumentation)
  }

  private static func makeChatView(
    _ storage: TextContentManager, width: Int, height: Int, fonts: SDLFontSet, context: ScenarioHostContext,
    instrumentation: Instrumentation
  ) throws -> ChatTextView {
    let view = try ChatTextView.offscreen(
      storage: storage, width: width, height: height, fonts: fonts, clock: context.clock,
      instrumentation: instrumentation)
    view.showsCaret = true  // scenarios edit in place: show where
    view.today = ChatDay(year: 2026, month: 11, day: 30)  // the generator's last day: a fixed "now"
    return view
  }

  public func textView(at index: Int) -> TextView? { index == 0 ? primaryView : (index == 1 ? secondaryView : nil) }

  public func setSplit(_ on: Bool, instrumentation: Instrumentation) throws {
    guard on else {
      secondaryView = nil
      return
    }
    guard secondaryView == nil else { return }
    let size = primaryView.viewportSize
    let view = try Self.makeChatView(
      primaryView.textContentStorage, width: max(100, Int((size.width * 0.45).rounded())), height: Int(size.height),
      fonts: fonts, context: context, instrumentation: instrumentation)
    view.scrollToBottom()
    secondaryView = view
  }

  public func setScene(_ scene: ScenarioStep.Scene) throws {
    let storage = primaryView.textContentStorage
    let size = primaryView.viewportSize
    switch scene {
    case .chat where !(primaryView is ChatTextView):
      primaryView = try Self.makeChatView(
        storage, width: Int(size.width), height: Int(size.height), fonts: fonts, context: context,
        instrumentation: context.instrumentation)
      primaryView.scrollToBottom()
    case .editor where !(primaryView is LineNumberTextView):
      let editor = LineNumberTextView(
        storage: storage, renderer: try SDLRenderer.offscreen(width: Int(size.width), height: Int(size.height)),
        fonts: fonts, clock: context.clock, instrumentation: context.instrumentation)
      editor.showsCaret = true
      primaryView = editor
    default:
      return
    }
  }

  public func renderFrame() throws {
    try primaryView.renderFrame()
    try secondaryView?.renderFrame()
  }

  public func writeScreenshot(to url: URL) throws {
    try renderFrame()
    var image = try primaryView.screenshot()
    if let secondaryView {
      image = Self.sideBySide(image, try secondaryView.screenshot())
    }
    try image.writePNG(to: url)
  }

  public func resize(width: Int, height: Int) throws { try primaryView.resize(width: width, height: height) }

  /// `left` and `right` side by side, separated by a 2-pixel rule, on the taller one's height.
  private static func sideBySide(_ left: RGBAImage, _ right: RGBAImage) -> RGBAImage {
    let gap = 2
    let width = left.width + gap + right.width
    let height = max(left.height, right.height)
    var pixels = [UInt32](repeating: 0xFFB0_B4BC, count: width * height)
    for y in 0..<left.height {
      for x in 0..<left.width { pixels[y * width + x] = left[x, y] }
    }
    for y in 0..<right.height {
      for x in 0..<right.width { pixels[y * width + left.width + gap + x] = right[x, y] }
    }
    return RGBAImage(width: width, height: height, argb: pixels)
  }
}
