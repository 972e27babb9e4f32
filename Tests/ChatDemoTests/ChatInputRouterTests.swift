import AnimationRuntime
import CSDL2
import ChatKit
import ChatModel
import Foundation
import ReuseKitSDL
import ReuseKitTestSupport
import SDLSupport
import SDLTestSupport
import Stickers
import Testing
import TextEngine

@testable import ChatDemoCore

/// The chat window's input path, fed SDL events in the order SDL sends them: each event reaches one
/// responder once, each character is typed once, each shortcut fires once. The app performs what
/// its stateless router makes of each event (``ChatApp/route(_:)`` returns those commands).
@Suite @MainActor struct ChatInputRouterTests {
  private let environment: SDLTestEnvironment
  private let layout = ChatWindowLayout(width: 480, height: 600)
  private let app: ChatApp
  private var chatView: ChatTextView { app.chatView }
  private var composer: SDLTextView { app.composer }

  init() throws {
    environment = try SDLTestEnvironment()
    app = try ChatApp.testApp(environment, width: Int(layout.width), height: Int(layout.height))
    try chatView.renderFrame()
  }

  private func text(_ view: SDLTextView) throws -> String {
    try view.textContentManager.attributedString(in: 0..<view.textContentManager.length).string
  }

  /// Routes `events` one by one through the app and returns the commands each meant.
  @discardableResult
  private func commands(_ events: [SDL_Event]) -> [[ChatCommand]] {
    events.map { app.route($0) }
  }

  /// Routes `events` one by one and returns how many responders each reached: a view the event is
  /// handed to, or an app command (a click's focus and capture go with its view's input).
  @discardableResult
  private func route(_ events: [SDL_Event]) -> [Int] {
    commands(events).map { $0.filter { !Self.movesFocusOrCapture($0) }.count }
  }

  private static func movesFocusOrCapture(_ command: ChatCommand) -> Bool {
    switch command {
    case .focus, .captureMouse: true
    default: false
    }
  }

  /// The app's own commands among `commands` (not input for a view, not focus or capture).
  private static func appCommands(_ commands: [[ChatCommand]]) -> [ChatCommand] {
    commands.joined().filter {
      if case .input = $0 { return false }
      return !movesFocusOrCapture($0)
    }
  }

  /// The input `commands` hand to `target`.
  private static func inputs(_ commands: [[ChatCommand]], to target: ChatAppState.Focus) -> [TextInputEvent] {
    commands.joined().compactMap {
      if case .input(let event, target) = $0 { event } else { nil }
    }
  }

  @Test func eachTypedCharacterIsInsertedOnceAndEachEventDeliveredOnce() throws {
    let events = "Hi! ok".flatMap { SyntheticSDLEvent.keystroke(typing: $0) }
    let routed = commands(events)
    #expect(try text(composer) == "Hi! ok")
    // Per keystroke: the key press and the text reach the composer once each; the key release nobody.
    #expect(routed.map(\.count) == Array(repeating: [1, 1, 0], count: 6).flatMap { $0 })
    let handed = Self.inputs(routed, to: .composer)
    #expect(handed.count == 12)
    #expect(handed.filter { if case .text = $0 { true } else { false } }.count == 6)
    #expect(Self.appCommands(routed).isEmpty)
  }

  /// Tab moves the keyboard focus to the message list (on the last message, with a focus ring and
  /// no caret), Up and Down move it by message, typing there reaches nobody, and Tab goes back.
  @Test func tabReachesTheMessageListWhereUpAndDownMoveByMessage() throws {
    route([SyntheticSDLEvent.keyDown(SDLK_TAB)])
    #expect(app.state.focus == .messageList)
    #expect(app.state.browsedMessage == 29 && chatView.focusedParagraph == 29)
    route([SyntheticSDLEvent.keyDown(SDLK_UP), SyntheticSDLEvent.keyDown(SDLK_UP)])
    #expect(app.state.browsedMessage == 27 && chatView.focusedParagraph == 27)
    route([SyntheticSDLEvent.keyDown(SDLK_DOWN)])
    #expect(app.state.browsedMessage == 28)
    #expect(route(SyntheticSDLEvent.keystroke(typing: "x")) == [0, 0, 0], "the list is read, not typed into")
    #expect(try text(chatView).contains("x") == false && composer.textContentManager.length == 0)
    route([SyntheticSDLEvent.keyDown(SDLK_TAB, KMOD_LSHIFT)])
    #expect(app.state.focus == .composer && app.state.browsedMessage == nil && chatView.focusedParagraph == nil)
    route("ok".flatMap { SyntheticSDLEvent.keystroke(typing: $0) })
    #expect(try text(composer) == "ok")
  }

  @Test func shortcutsFireOnceAndTheirTextIsNeverTyped() throws {
    route("abc".flatMap { SyntheticSDLEvent.keystroke(typing: $0) })
    var routed: [[ChatCommand]] = []
    func expectOneResponder(_ events: [SDL_Event]) {
      let each = commands(events)
      routed += each
      #expect(each.map(\.count) == [1, 0, 0], "\(each)")
    }
    // X11 follows Ctrl+1 with the text "1": the sticker command fires once and nothing is typed.
    expectOneResponder(SyntheticSDLEvent.keystroke(typing: "1", KMOD_LCTRL))
    expectOneResponder(SyntheticSDLEvent.keystroke(typing: "9", KMOD_RCTRL))
    expectOneResponder(SyntheticSDLEvent.keystroke(typing: "s", KMOD_LCTRL))
    expectOneResponder(SyntheticSDLEvent.keystroke(typing: "q", KMOD_LGUI))
    #expect(
      Self.appCommands(routed) == [.insertSticker(paletteIndex: 0), .insertSticker(paletteIndex: 8), .save, .quit])
    #expect(Self.inputs(routed, to: .composer).isEmpty, "app shortcuts do not reach the composer")
    // The app performed them: a sticker after "abc" for each button the palette has (no "1" or "9"
    // typed), and the app stops.
    let stickers = [0, 8].filter { app.palette.name(at: $0) != nil }.count
    #expect(stickers >= 1)
    let length = 3 + stickers
    #expect(try composer.textContentManager.length == length && !text(composer).contains("1"))
    #expect(!app.state.isRunning)
    // The text view's own shortcuts reach it once: one Ctrl+Z undoes one typing group, not two.
    #expect(route(SyntheticSDLEvent.keystroke(typing: "a", KMOD_LCTRL)) == [1, 0, 0])
    #expect(composer.selectedRange == 0..<length)
    route([SyntheticSDLEvent.keyDown(SDLK_RIGHT)])  // a caret move ends the typing group
    route("de".flatMap { SyntheticSDLEvent.keystroke(typing: $0) })
    #expect(try text(composer).hasSuffix("de") && composer.textContentManager.length == length + 2)
    #expect(route(SyntheticSDLEvent.keystroke(typing: "z", KMOD_LCTRL)) == [1, 0, 0])
    #expect(try composer.textContentManager.length == length && !text(composer).contains("d"))
    #expect(
      route(SyntheticSDLEvent.keystroke(typing: "z", SDL_Keymod(KMOD_LCTRL.rawValue | KMOD_LSHIFT.rawValue))) == [
        1, 0, 0,
      ])
    #expect(try text(composer).hasSuffix("de") && composer.textContentManager.length == length + 2)
  }

  @Test func enterSendsFromTheComposerAndShiftEnterBreaksTheLine() throws {
    route(SyntheticSDLEvent.keystroke(typing: "a"))
    #expect(route([SyntheticSDLEvent.keyDown(SDLK_RETURN, KMOD_LSHIFT)]) == [1])
    #expect(try text(composer) == "a\u{2028}")
    let sent = commands([SyntheticSDLEvent.keyDown(SDLK_RETURN), SyntheticSDLEvent.keyUp(SDLK_RETURN)])
    #expect(sent == [[.send], []])
    // The app sent it: today's separator (the messages had no day), then the message, end the
    // transcript, and the composer is empty again.
    let storage = chatView.textContentManager
    #expect(storage.paragraphCount == 32)
    #expect(storage.paragraph(at: 30)?.paragraphAttributes[ChatDay.separatorKey] == "2026-11-30")
    #expect(storage.paragraph(at: 31)?.attributedString.string == "a\u{2028}")
    #expect(composer.textContentManager.length == 0)
  }

  @Test func functionKeysToggleOncePerPress() throws {
    var routed: [[ChatCommand]] = []
    func press(_ key: SDL_KeyCode) {
      let each = commands([SyntheticSDLEvent.keyDown(key), SyntheticSDLEvent.keyUp(key)])
      routed += each
      #expect(each.map(\.count) == [1, 0])
    }
    #expect(!chatView.isHUDVisible)
    press(SDLK_F1)
    #expect(chatView.isHUDVisible && app.state.isHUDVisible)
    press(SDLK_F1)
    #expect(!chatView.isHUDVisible)
    press(SDLK_F2)
    #expect(chatView.requestedStickerPolicy == [.onScrollingOutOfViewport])
    press(SDLK_F3)
    #expect(chatView.requestedStickerPolicy == [])
    press(SDLK_F2)
    #expect(chatView.requestedStickerPolicy == [.onEditingInlineParagraphs])
    #expect(app.state.stickerPolicy == [.onEditingInlineParagraphs])
    try chatView.renderFrame()
    #expect(chatView.stickerPolicy == [.onEditingInlineParagraphs])
    press(SDLK_F4)
    #expect(chatView.flashesResets)
    press(SDLK_F4)
    #expect(!chatView.flashesResets)
    #expect(
      Self.appCommands(routed) == [
        .toggleHUD, .toggleHUD, .toggleStickerPolicy(.onEditingInlineParagraphs),
        .toggleStickerPolicy(.onScrollingOutOfViewport), .toggleStickerPolicy(.onEditingInlineParagraphs),
        .toggleResetFlashes, .toggleResetFlashes,
      ])
    #expect(Self.inputs(routed, to: .composer).isEmpty, "the toggles act on the chat views only")
  }

  @Test func anIMECompositionDoesNotEditTheDocumentAndOwnsTheEditingKeys() throws {
    let storage = composer.textContentManager
    #expect(route([SyntheticSDLEvent.textEditing("ni", cursor: 2)]) == [1])
    #expect(composer.markedText == "ni")
    #expect(storage.length == 0)
    // While composing, the editing bindings' keys are the IME's: Enter does not send and Ctrl+1
    // inserts no sticker. F1 and Ctrl+S work as without a composition.
    let keys = [
      SyntheticSDLEvent.keyDown(SDLK_RETURN), SyntheticSDLEvent.keyDown(SDLK_1, KMOD_LCTRL),
      SyntheticSDLEvent.keyDown(SDLK_F1), SyntheticSDLEvent.keyDown(SDLK_s, KMOD_LCTRL),
    ]
    let routed = commands(keys)
    #expect(routed.map(\.count) == [1, 1, 1, 1])
    #expect(Self.appCommands(routed) == [.toggleHUD, .save] && chatView.isHUDVisible)
    #expect(Self.inputs(routed, to: .composer).count == 2, "Enter and Ctrl+1 go to the composition")
    #expect(storage.length == 0)
    #expect(route([SyntheticSDLEvent.textEditing("nihao", cursor: 5)]) == [1])
    #expect(storage.length == 0)
    #expect(route([SyntheticSDLEvent.textEditing(""), SyntheticSDLEvent.textInput("你好")]) == [1, 1])
    #expect(try text(composer) == "你好")
    #expect(composer.markedText.isEmpty)
  }

  @Test func controlAltIsAltGrAndTypes() throws {
    // Some layouts report AltGr as Control+Alt: AltGr+Q types "@" and is neither quit nor a sticker.
    let altGr = SDL_Keymod(KMOD_LCTRL.rawValue | KMOD_RALT.rawValue)
    let events = [SyntheticSDLEvent.keyDown(SDLK_q, altGr), SyntheticSDLEvent.textInput("@")]
    let digit = [SyntheticSDLEvent.keyDown(SDLK_1, altGr), SyntheticSDLEvent.textInput("¡")]
    let routed = commands(events + digit)
    #expect(routed.map(\.count) == [1, 1, 1, 1])
    #expect(Self.appCommands(routed).isEmpty && app.state.isRunning)
    #expect(try text(composer) == "@¡")
  }

  @Test func clicksFocusOneViewAndTheWindowsEventsBecomeCommands() throws {
    // A click in the transcript focuses it: typing edits the message in place, Esc stops editing.
    let chat = layout.chatRect
    let click = commands([SyntheticSDLEvent.mouseButton(down: true, x: 40, y: Int32(chat.maxY) - 30)])
    #expect(click.map(\.count) == [3])
    #expect(click[0].prefix(2) == [.focus(.transcript), .captureMouse(.transcript)])
    #expect(app.state.focus == .transcript && app.state.mouseCapture == .transcript && chatView.showsCaret)
    #expect(route([SyntheticSDLEvent.mouseButton(down: false, x: 40, y: Int32(chat.maxY) - 30)]) == [1])
    #expect(app.state.mouseCapture == nil, "the release frees the capture")
    let before = chatView.textContentManager.length
    route(SyntheticSDLEvent.keystroke(typing: "x"))
    #expect(chatView.textContentManager.length == before + 1)
    #expect(commands([SyntheticSDLEvent.keyDown(SDLK_ESCAPE)]) == [[.stopEditing]])
    #expect(!chatView.showsCaret)
    // The wheel scrolls the transcript whatever has the focus; the composer sees none of it.
    let offset = chatView.scrollOffset
    let wheel = commands([SyntheticSDLEvent.wheel(1)])
    #expect(wheel.map(\.count) == [1] && Self.inputs(wheel, to: .transcript).count == 1)
    #expect(chatView.scrollOffset < offset)
    // A click in the composer's strip focuses it, in the composer's own coordinates.
    let field = layout.composerFrame
    let press = commands([SyntheticSDLEvent.mouseButton(down: true, x: 100, y: Int32(field.midY))])
    #expect(app.state.focus == .composer)
    #expect(route([SyntheticSDLEvent.mouseButton(down: false, x: 100, y: Int32(field.midY))]) == [1])
    guard case .mouseDown(_, let y, _, _) = Self.inputs(press, to: .composer).first else {
      Issue.record("the composer got \(press)")
      return
    }
    #expect(y == Double(Int32(field.midY)) - Double(layout.composerTextRect.minY))
    // A palette button inserts its sticker; closing and resizing the window are commands.
    let count = app.palette.buttonCount
    let button = try #require(StickerPalette.buttonFrames(count: count, in: layout.paletteRect).last)
    let routed = commands([
      SyntheticSDLEvent.mouseButton(down: true, x: Int32(button.midX), y: Int32(button.midY)),
      SyntheticSDLEvent.make(SDL_QUIT), SyntheticSDLEvent.windowSizeChanged(),
    ])
    #expect(routed == [[.insertSticker(paletteIndex: count - 1)], [.quit], [.layOut]])
    #expect(composer.textContentManager.length == 1, "the sticker went into the focused composer")
  }

  /// The router is a function of the event and the state: asked twice, it answers the same, and
  /// asking changes nothing (the app's state, its views); another state gives another answer.
  @Test func theRouterIsAPureFunctionOfTheEventAndTheState() throws {
    let router = app.router
    let chat = layout.chatRect
    let inputs: [TextInputEvent] = [
      .key(.function(1), []), .key(.enter, []), .key(.tab, []), .text("x"), .composition("ni", cursor: 2),
      .wheel(dy: 1), .mouseDown(x: 40, y: chat.maxY - 30, clickCount: 1, modifiers: []), .mouseUp(x: 40, y: 40),
    ]
    let state = app.state
    let composerText = composer.textContentManager.length
    let focusedParagraph = chatView.focusedParagraph
    for input in inputs {
      for composing in [false, true] {
        let first = router.commands(for: input, in: state, isComposing: composing)
        let second = router.commands(for: input, in: state, isComposing: composing)
        #expect(first == second, "\(input)")
      }
    }
    #expect(app.state == state, "asking the router changes no state")
    #expect(composer.textContentManager.length == composerText && chatView.focusedParagraph == focusedParagraph)
    // The answer depends on the state: the list has no text input, a captured release goes to its view.
    #expect(router.commands(for: .text("x"), in: state, isComposing: false) == [.input(.text("x"), to: .composer)])
    var browsing = state
    browsing.enterMessageList(messageCount: 3)
    #expect(router.commands(for: .text("x"), in: browsing, isComposing: false).isEmpty)
    #expect(router.commands(for: .key(.down, []), in: browsing, isComposing: false) == [.browse(1)])
    #expect(router.commands(for: .mouseUp(x: 40, y: 40), in: state, isComposing: false).isEmpty)
    var captured = state
    captured.mouseCapture = .transcript
    #expect(
      router.commands(for: .mouseUp(x: 40, y: 40), in: captured, isComposing: false) == [
        .captureMouse(nil), .input(.mouseUp(x: 40, y: 40), to: .transcript),
      ])
    // Composing, Enter belongs to the IME; not composing, it sends.
    #expect(router.commands(for: .key(.enter, []), in: state, isComposing: false) == [.send])
    #expect(
      router.commands(for: .key(.enter, []), in: state, isComposing: true) == [.input(.key(.enter, []), to: .composer)])
  }

  @Test func keyBindingsBelongToTheApp() {
    #expect(ChatCommand(key: .enter, modifiers: [], focus: .composer) == .send)
    #expect(ChatCommand(key: .enter, modifiers: [], focus: .transcript) == nil, "Enter splits a message in place")
    #expect(ChatCommand(key: .enter, modifiers: .shift, focus: .composer) == nil)
    #expect(ChatCommand(key: .escape, modifiers: [], focus: .transcript) == .stopEditing)
    #expect(ChatCommand(key: .character("s"), modifiers: [], focus: .composer) == nil, "plain s types")
    #expect(ChatCommand(key: .character("z"), modifiers: .control, focus: .composer) == nil, "undo is the view's")
    #expect(ChatCommand(key: .function(7), modifiers: [], focus: .composer) == nil)
  }
}
