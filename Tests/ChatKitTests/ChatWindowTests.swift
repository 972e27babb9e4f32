import AnimationRuntime
import CSDL2
import ChatKit
import ChatModel
import Foundation
import SDLSupport
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
    let output = renderer.outputSize
    #expect(output.width == 300 && output.height == 200)
    try view.resize(width: output.width, height: output.height)  // what the app does on SDL_WINDOWEVENT_SIZE_CHANGED
    #expect(view.viewportSize == CGSize(width: 300, height: 200))
    try view.renderFrame()
  }

  @Test func theIMEBoxIsPlacedInWindowPixelsWhenTheViewDrawsIntoPartOfTheWindow() throws {
    setenv("SDL_VIDEODRIVER", "dummy", 0)
    let context = try SDLContext(video: true)
    let fonts = try SDLFontSet(context: context)
    let window = try SDLWindow(context: context, title: "composer", width: 320, height: 240)
    let renderer = try SDLRenderer(window: window, software: true, vsync: false)
    let storage = TextContentStorage(paragraphs: [(AttributedText("hello there"), [:])])
    let view = SDLTextView(storage: storage, renderer: renderer, fonts: fonts, clock: ManualClock())
    view.targetRect = CGRect(x: 60, y: 120, width: 240, height: 100)
    view.presentsFrames = false
    view.caretBlinkInterval = 0
    renderer.clear(TextColor(red: 0, green: 0, blue: 0))
    view.setCaret(5)
    try view.renderFrame()
    let box = try #require(view.lastTextInputRect)
    #expect(Double(box.minX) >= 60 && Double(box.minY) >= 120, "the box lies inside the view's part of the window")
    let caret = view.colors.caret
    let pixel = try renderer.readPixels()[Int(box.minX), Int(box.midY)]
    #expect(
      (pixel >> 16) & 0xFF == UInt32(caret.red) && (pixel >> 8) & 0xFF == UInt32(caret.green)
        && pixel & 0xFF == UInt32(caret.blue), "the caret is drawn where SDL is told it is")
  }
}
