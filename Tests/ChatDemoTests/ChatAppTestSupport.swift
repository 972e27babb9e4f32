import AnimationRuntime
import ChatKit
import ChatModel
import Foundation
import ReuseKitSDL
import ReuseKitTestSupport
import SDLSupport
import SDLTestSupport
import Stickers
import TextEngine

@testable import ChatDemoCore

extension ChatApp {
  /// A headless app over `messages` plain messages (alternately from "ana" and "me"), on an
  /// offscreen `width × height` window, today fixed at 2026-11-30.
  @MainActor
  static func testApp(
    _ environment: SDLTestEnvironment, messages: Int = 30, width: Int = 480, height: Int = 600
  ) throws -> ChatApp {
    let clock = ManualClock()
    let paragraphs = (0..<messages).map { index in
      (AttributedText("message \(index)"), [ChatMessage.senderKey: index % 2 == 0 ? "ana" : "me"])
    }
    let runtime = StickerRuntime(clock: clock, library: try StickerLibrary(directory: RepositoryAssets.stickers))
    let configuration = ChatApp.Configuration(
      storage: TextContentStorage(paragraphs: paragraphs), stickers: StickerFactory(runtime: runtime),
      sdl: environment.context, fonts: environment.fonts, clock: clock,
      today: { ChatDay(year: 2026, month: 11, day: 30) }, timeOfDay: { "12:00" }, clipboard: MemoryClipboard())
    return try ChatApp(configuration, surface: .offscreen(width: width, height: height))
  }
}
