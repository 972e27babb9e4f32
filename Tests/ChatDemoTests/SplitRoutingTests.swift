import AnimationRuntime
import CSDL2
import ChatKit
import ChatModel
import Foundation
import ReuseKitSDL
import SDLSupport
import SDLTestSupport
import Testing
import TextEngine

@testable import ChatDemoCore

/// The demo's split layout (F5) and editor scene (F6): keys, geometry and routing.
@MainActor @Suite struct SplitRoutingTests {
  @Test func f5AndF6ToggleTheSplitAndTheScene() {
    #expect(ChatCommand(key: .function(5), modifiers: [], focus: .composer) == .toggleSplit)
    #expect(ChatCommand(key: .function(6), modifiers: [], focus: .transcript) == .toggleScene)
    #expect(!ChatCommand.toggleSplit.editsFocusedText)
  }

  @Test func theSplitLayoutPutsANarrowerViewBesideTheTranscript() {
    var layout = ChatWindowLayout(width: 480, height: 860)
    let whole = layout.chatRect
    layout.isSplit = true
    #expect(layout.chatRect.width == 278 && layout.chatRect.height == whole.height)
    #expect(layout.secondaryRect.minX == 280 && layout.secondaryRect.maxX == 480)
    #expect(layout.composerFrame == ChatWindowLayout(width: 480, height: 860).composerFrame)
  }

  @Test func typingIntoTheSecondViewEditsTheStorageBothViewsShow() throws {
    let environment = try SDLTestEnvironment()
    let clock = ManualClock()
    var layout = ChatWindowLayout(width: 480, height: 600)
    layout.isSplit = true
    let storage = TextContentStorage(
      paragraphs: (0..<12).map { (AttributedText("message \($0)"), [ChatMessage.senderKey: "ana"]) })
    func chat(_ rect: CGRect) throws -> ChatTextView {
      try ChatTextView.offscreen(
        storage: storage, width: Int(rect.width), height: Int(rect.height), fonts: environment.fonts, clock: clock)
    }
    let main = try chat(layout.chatRect)
    let second = try chat(layout.secondaryRect)
    var state = ChatAppState(layout: ChatWindowLayout(width: 480, height: 600), stickerPolicy: [], today: nil)
    state.setSplit(true)
    #expect(state.layout == layout)
    let router = ChatInputRouter(paletteCount: 0)
    /// Performs what the app would for the commands this test's events make: the focus moves,
    /// input goes to the second view (the only view they name).
    func perform(_ commands: [ChatCommand]) {
      for command in commands {
        switch command {
        case .focus(let target): state.focus(on: target)
        case .captureMouse(let target): state.mouseCapture = target
        case .input(let event, .secondary): second.handle(event)
        default: Issue.record("unexpected \(command)")
        }
      }
    }
    try main.renderFrame()
    try second.renderFrame()
    let target = try #require(second.visibleFragments().last)
    let y = layout.secondaryRect.minY + target.origin.y + target.fragment.height / 2
    let click = TextInputEvent.mouseDown(x: layout.secondaryRect.maxX - 30, y: y, clickCount: 1, modifiers: [])
    let clicked = router.commands(for: click, in: state, isComposing: false)
    #expect(clicked.prefix(2) == [.focus(.secondary), .captureMouse(.secondary)])
    perform(clicked)
    #expect(state.focus == .secondary)
    // Not split, the same click lands in the transcript, which then spans the window.
    var whole = state
    whole.setSplit(false)
    #expect(router.commands(for: click, in: whole, isComposing: false).first == .focus(.transcript))
    let mainPasses = main.instrumentation.totals.viewportLayoutPasses
    let typed = router.commands(for: .text("!"), in: state, isComposing: false)
    #expect(typed == [.input(.text("!"), to: .secondary)])
    perform(typed)
    #expect(storage.paragraph(at: target.paragraphIndex)?.attributedString.string.contains("!") == true)
    // The other view runs no pass inside the edit; it shows the edit on its own next frame.
    #expect(main.instrumentation.totals.viewportLayoutPasses == mainPasses)
    try main.renderFrame()
    #expect(main.instrumentation.totals.viewportLayoutPasses == mainPasses + 1)
    #expect(main.visibleFragments().contains { $0.fragment.textParagraph.attributedString.string.contains("!") })
    #expect(second.instrumentation !== main.instrumentation)
  }

  /// The split's view shows the app's settings: the HUD, sticker policy, reset flashes and today
  /// it had when it was made come from the state, and so does every change while split.
  @Test func theSecondViewsSettingsComeFromTheAppState() throws {
    let app = try ChatApp.testApp(try SDLTestEnvironment())
    func press(_ key: SDL_KeyCode) {
      for event in [SyntheticSDLEvent.keyDown(key), SyntheticSDLEvent.keyUp(key)] { app.route(event) }
    }
    press(SDLK_F1)
    press(SDLK_F2)
    #expect(app.secondaryView == nil && !app.state.hasSplit)
    press(SDLK_F5)
    let second = try #require(app.secondaryView)
    #expect(app.state.isSplit && app.state.hasSplit)
    for view in [app.chatView, second] {
      #expect(view.isHUDVisible && view.requestedStickerPolicy == [.onScrollingOutOfViewport])
      #expect(view.today == ChatDay(year: 2026, month: 11, day: 30) && !view.flashesResets)
    }
    press(SDLK_F1)
    press(SDLK_F3)
    press(SDLK_F4)
    for view in [app.chatView, second] {
      #expect(!view.isHUDVisible && view.requestedStickerPolicy == [] && view.flashesResets)
    }
    #expect(app.state.stickerPolicy == [] && app.state.flashesResets && !app.state.isHUDVisible)
    press(SDLK_F5)
    #expect(app.secondaryView == nil && !app.state.isSplit && app.state.hasSplit)
    #expect(app.state.layout.chatRect.width == 480, "unsplit, the transcript spans the window again")
  }
}
