import AnimationRuntime
import CSDL2
import Foundation
import Testing
import TextEngine

@testable import ReuseKitSDL

/// The chat view on a window (SDL's dummy video driver), with the system clipboard.
@Suite @MainActor struct ChatWindowTests {
  @Test func windowViewRendersUsesTheSystemClipboardAndFollowsWindowResizes() throws {
    setenv("SDL_VIDEODRIVER", "dummy", 0)
    let context = try SDLContext(video: true)
    let fonts = try SDLFontSet(context: context)
    let window = try SDLWindow(context: context, title: "chat", width: 320, height: 240)
    let renderer = try SDLRenderer(window: window, software: true, vsync: false)
    let storage = TextContentStorage(paragraphs: [
      (AttributedText("copy me please"), [ChatMessage.senderKey: "ana", ChatMessage.timeKey: "8:00"])
    ])
    let view = try ChatTextView(storage: storage, renderer: renderer, fonts: fonts, clock: ManualClock())
    #expect(view.clipboard is SDLClipboard)
    try view.renderFrame()
    #expect(view.framesRendered == 1)

    try view.setSelectedRange(0..<4)
    view.handle(.key(.character("c"), .control))
    #expect(SDLClipboard().text == "copy")
    view.setCaret(storage.length)
    view.handle(.key(.character("v"), .control))
    #expect(try storage.attributedString(in: 0..<storage.length).string == "copy me pleasecopy")

    SDL_SetWindowSize(window.pointer, 300, 200)
    var event = SDL_Event()
    event.type = SDL_WINDOWEVENT.rawValue
    event.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
    #expect(view.handle(event))
    #expect(view.viewportSize == CGSize(width: 300, height: 200))
    try view.renderFrame()
  }
}
