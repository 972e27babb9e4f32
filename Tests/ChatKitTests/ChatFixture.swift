import AnimationRuntime
import ChatKit
import ChatModel
import Foundation
import Instrumentation
import ReuseKitTestSupport
import SDLTestSupport
import Stickers
import TextEngine

@testable import ReuseKitSDL

/// Chat transcripts with the real sticker library, a manual clock and offscreen chat views.
@MainActor
struct ChatFixture {
  let environment: SDLTestEnvironment
  let clock = ManualClock()
  let runtime: StickerRuntime

  /// `Assets/Stickers` in this checkout.
  static let stickerDirectory = RepositoryAssets.stickers

  init() throws {
    environment = try SDLTestEnvironment()
    runtime = StickerRuntime(clock: clock, library: try StickerLibrary(directory: Self.stickerDirectory))
  }

  /// One message: its text and its paragraph attributes (the chat's own conversion, so a lone
  /// sticker gets the sticker-only size).
  func message(_ from: String, _ time: String, _ parts: [ChatMessage.Part]) -> (AttributedText, [String: String]) {
    ChatMessage(from: from, time: time, parts: parts).paragraph(stickers: StickerFactory(runtime: runtime))
  }

  /// A short conversation between "ana" and "me" with an inline sticker and a sticker-only message.
  func conversation() -> TextContentStorage {
    TextContentStorage(paragraphs: [
      message("ana", "14:02", [.text("Hey! Are you coming to the party tonight?")]),
      message("me", "14:03", [.text("Of course! What time does it start?")]),
      message("ana", "14:03", [.text("Around eight. Bring your dancing shoes "), .sticker("party")]),
      message("me", "14:05", [.sticker("heart")]),
      message("ben", "14:06", [.text("Count me in too.\u{2028}I'll bring snacks.")]),
      message("me", "14:07", [.text("Perfect, see you all there!")]),
    ])
  }

  /// An offscreen chat view over `storage`.
  func view(
    _ storage: TextContentStorage, width: Int = 360, height: Int = 560, scale: Double = 1,
    instrumentation: Instrumentation? = nil
  ) throws -> ChatTextView {
    let view = try ChatTextView.offscreen(
      storage: storage, width: width, height: height, scale: scale, fonts: environment.fonts, clock: clock,
      instrumentation: instrumentation ?? Instrumentation(timeSource: { [clock] in clock.now }))
    view.clipboard = MemoryClipboard()
    return view
  }

  /// `count` messages alternating senders; every message holds an inline sticker.
  func stickerTranscript(count: Int) -> TextContentStorage {
    let names = runtime.library.names
    return TextContentStorage(
      paragraphs: (0..<count).map { index in
        message(
          index % 2 == 0 ? "ana" : "me", "10:\(10 + index % 50)",
          [.text("message \(index) "), .sticker(names[index % names.count]), .text(" end")])
      })
  }
}
