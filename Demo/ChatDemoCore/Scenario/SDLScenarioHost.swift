import AnimationRuntime
import ChatKit
import Foundation
import ReuseKitSDL
import SDLSupport
import TextEngine

/// The headless runner's host: the real chat view, drawn offscreen by SDL's software renderer.
@MainActor
public final class SDLScenarioHost: ScenarioHost {
  private let sdl: SDLContext
  private let fonts: SDLFontSet
  /// The chat view the steps act on.
  public let chatView: ChatTextView
  public var textView: TextView { chatView }

  /// Creates an offscreen chat view of the scenario's size.
  public init(context: ScenarioHostContext) throws {
    sdl = try SDLContext()
    fonts = try SDLFontSet(context: sdl)
    chatView = try ChatTextView.offscreen(
      storage: context.storage, width: context.width, height: context.height, fonts: fonts, clock: context.clock,
      instrumentation: context.instrumentation)
    chatView.showsCaret = true  // scenarios edit in place: show where
  }

  public func renderFrame() throws { try chatView.renderFrame() }

  public func writeScreenshot(to url: URL) throws {
    try chatView.renderFrame()
    try chatView.screenshot().writePNG(to: url)
  }

  public func resize(width: Int, height: Int) throws { try chatView.resize(width: width, height: height) }
}
