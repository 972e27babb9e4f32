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

/// The chat window's input path, fed SDL events in the order SDL sends them: each event reaches one
/// responder once, each character is typed once, each shortcut fires once.
@Suite @MainActor struct ChatInputRouterTests {
  /// A composer that counts the events it is handed.
  private final class CountingTextView: SDLTextView {
    var handled: [TextInputEvent] = []

    override func handle(_ event: TextInputEvent) -> Bool {
      handled.append(event)
      return super.handle(event)
    }
  }

  /// Records the commands the router hands to the app.
  private final class CommandRecorder: ChatInputRouterDelegate {
    var commands: [ChatCommand] = []
    func perform(_ command: ChatCommand) { commands.append(command) }
  }

  private let environment: SDLTestEnvironment
  private let layout = ChatWindowLayout(width: 480, height: 600)
  private let chatView: ChatTextView
  private let composer: CountingTextView
  private let recorder = CommandRecorder()
  private let router: ChatInputRouter

  init() throws {
    environment = try SDLTestEnvironment()
    let clock = ManualClock()
    let messages = (0..<30).map { index in
      (AttributedText("message \(index)"), [ChatMessage.senderKey: index % 2 == 0 ? "ana" : "me"])
    }
    chatView = try ChatTextView.offscreen(
      storage: TextContentStorage(paragraphs: messages), width: Int(layout.chatRect.width),
      height: Int(layout.chatRect.height), fonts: environment.fonts, clock: clock)
    composer = CountingTextView(
      storage: TextContentStorage(),
      renderer: try SDLRenderer.offscreen(
        width: Int(layout.composerTextRect.width), height: Int(layout.composerTextRect.height)),
      fonts: environment.fonts, clock: clock, clipboard: MemoryClipboard())
    composer.pastesNewlinesAsLineBreaks = true
    router = ChatInputRouter(chatView: chatView, composer: composer, layout: layout, paletteCount: 4)
    router.delegate = recorder
    try chatView.renderFrame()
  }

  private func text(_ view: SDLTextView) throws -> String {
    try view.textContentManager.attributedString(in: 0..<view.textContentManager.length).string
  }

  /// Routes `events` one by one and returns how many responders each reached.
  @discardableResult
  private func route(_ events: [SDL_Event]) -> [Int] {
    events.map { event in
      let before = router.deliveries
      router.route(event)
      return router.deliveries - before
    }
  }

  @Test func eachTypedCharacterIsInsertedOnceAndEachEventDeliveredOnce() throws {
    let events = "Hi! ok".flatMap { SyntheticSDLEvent.keystroke(typing: $0) }
    let deliveries = route(events)
    #expect(try text(composer) == "Hi! ok")
    // Per keystroke: the key press and the text reach the composer once each; the key release nobody.
    #expect(deliveries == Array(repeating: [1, 1, 0], count: 6).flatMap { $0 })
    #expect(composer.handled.count == 12)
    #expect(composer.handled.filter { if case .text = $0 { true } else { false } }.count == 6)
    #expect(recorder.commands.isEmpty)
  }

  /// Tab moves the keyboard focus to the message list (on the last message, with a focus ring and
  /// no caret), Up and Down move it by message, typing there reaches nobody, and Tab goes back.
  @Test func tabReachesTheMessageListWhereUpAndDownMoveByMessage() throws {
    route([SyntheticSDLEvent.keyDown(SDLK_TAB)])
    #expect(router.focus == .messageList)
    #expect(router.browsedMessage == 29 && chatView.focusedParagraph == 29)
    route([SyntheticSDLEvent.keyDown(SDLK_UP), SyntheticSDLEvent.keyDown(SDLK_UP)])
    #expect(router.browsedMessage == 27 && chatView.focusedParagraph == 27)
    route([SyntheticSDLEvent.keyDown(SDLK_DOWN)])
    #expect(router.browsedMessage == 28)
    let handled = composer.handled.count
    #expect(route(SyntheticSDLEvent.keystroke(typing: "x")) == [0, 0, 0], "the list is read, not typed into")
    #expect(try text(chatView).contains("x") == false && composer.handled.count == handled)
    route([SyntheticSDLEvent.keyDown(SDLK_TAB, KMOD_LSHIFT)])
    #expect(router.focus == .composer && router.browsedMessage == nil && chatView.focusedParagraph == nil)
    route("ok".flatMap { SyntheticSDLEvent.keystroke(typing: $0) })
    #expect(try text(composer) == "ok")
  }

  @Test func shortcutsFireOnceAndTheirTextIsNeverTyped() throws {
    route("abc".flatMap { SyntheticSDLEvent.keystroke(typing: $0) })
    let handledBefore = composer.handled.count
    // X11 follows Ctrl+1 with the text "1": the sticker command fires once and nothing is typed.
    #expect(route(SyntheticSDLEvent.keystroke(typing: "1", KMOD_LCTRL)) == [1, 0, 0])
    #expect(route(SyntheticSDLEvent.keystroke(typing: "9", KMOD_RCTRL)) == [1, 0, 0])
    #expect(route(SyntheticSDLEvent.keystroke(typing: "s", KMOD_LCTRL)) == [1, 0, 0])
    #expect(route(SyntheticSDLEvent.keystroke(typing: "q", KMOD_LGUI)) == [1, 0, 0])
    #expect(recorder.commands == [.insertSticker(paletteIndex: 0), .insertSticker(paletteIndex: 8), .save, .quit])
    #expect(composer.handled.count == handledBefore, "app shortcuts do not reach the composer")
    // The text view's own shortcuts reach it once: one Ctrl+Z undoes one typing group, not two.
    #expect(route(SyntheticSDLEvent.keystroke(typing: "a", KMOD_LCTRL)) == [1, 0, 0])
    #expect(composer.selectedRange == 0..<3)
    route([SyntheticSDLEvent.keyDown(SDLK_RIGHT)])  // a caret move ends the typing group "abc"
    route("de".flatMap { SyntheticSDLEvent.keystroke(typing: $0) })
    #expect(try text(composer) == "abcde")
    #expect(route(SyntheticSDLEvent.keystroke(typing: "z", KMOD_LCTRL)) == [1, 0, 0])
    #expect(try text(composer) == "abc")
    #expect(
      route(SyntheticSDLEvent.keystroke(typing: "z", SDL_Keymod(KMOD_LCTRL.rawValue | KMOD_LSHIFT.rawValue))) == [
        1, 0, 0,
      ])
    #expect(try text(composer) == "abcde")
    #expect(composer.handled.count == handledBefore + 8, "Ctrl+A, Right, 2 × (key, text), Ctrl+Z, Ctrl+Shift+Z")
  }

  @Test func enterSendsFromTheComposerAndShiftEnterBreaksTheLine() throws {
    route(SyntheticSDLEvent.keystroke(typing: "a"))
    #expect(route([SyntheticSDLEvent.keyDown(SDLK_RETURN, KMOD_LSHIFT)]) == [1])
    #expect(try text(composer) == "a\u{2028}")
    #expect(route([SyntheticSDLEvent.keyDown(SDLK_RETURN), SyntheticSDLEvent.keyUp(SDLK_RETURN)]) == [1, 0])
    #expect(recorder.commands == [.send])
    #expect(try text(composer) == "a\u{2028}", "sending is the app's; the composer did not split")
  }

  @Test func functionKeysToggleOncePerPress() throws {
    func press(_ key: SDL_KeyCode) {
      #expect(route([SyntheticSDLEvent.keyDown(key), SyntheticSDLEvent.keyUp(key)]) == [1, 0])
    }
    #expect(!chatView.isHUDVisible)
    press(SDLK_F1)
    #expect(chatView.isHUDVisible)
    press(SDLK_F1)
    #expect(!chatView.isHUDVisible)
    press(SDLK_F2)
    #expect(chatView.requestedStickerPolicy == [.onEditingInlineParagraphs])
    press(SDLK_F3)
    #expect(chatView.requestedStickerPolicy == [.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    press(SDLK_F2)
    #expect(chatView.requestedStickerPolicy == [.onScrollingOutOfViewport])
    try chatView.renderFrame()
    #expect(chatView.stickerPolicy == [.onScrollingOutOfViewport])
    press(SDLK_F4)
    #expect(chatView.flashesResets)
    press(SDLK_F4)
    #expect(!chatView.flashesResets)
    #expect(recorder.commands.isEmpty && composer.handled.isEmpty, "the toggles act on the chat view only")
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
    #expect(route(keys) == [1, 1, 1, 1])
    #expect(recorder.commands == [.save] && chatView.isHUDVisible)
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
    #expect(route(events) == [1, 1])
    let digit = [SyntheticSDLEvent.keyDown(SDLK_1, altGr), SyntheticSDLEvent.textInput("¡")]
    #expect(route(digit) == [1, 1])
    #expect(recorder.commands.isEmpty)
    #expect(try text(composer) == "@¡")
  }

  @Test func clicksFocusOneViewAndTheWindowsEventsBecomeCommands() throws {
    // A click in the transcript focuses it: typing edits the message in place, Esc stops editing.
    let chat = layout.chatRect
    #expect(route([SyntheticSDLEvent.mouseButton(down: true, x: 40, y: Int32(chat.maxY) - 30)]) == [1])
    #expect(router.focus == .transcript && chatView.showsCaret)
    let before = chatView.textContentManager.length
    route(SyntheticSDLEvent.keystroke(typing: "x"))
    #expect(chatView.textContentManager.length == before + 1)
    #expect(route([SyntheticSDLEvent.keyDown(SDLK_ESCAPE)]) == [1])
    #expect(!chatView.showsCaret)
    // The wheel scrolls the transcript whatever has the focus; the composer sees none of it.
    let offset = chatView.scrollOffset
    #expect(route([SyntheticSDLEvent.wheel(1)]) == [1])
    #expect(chatView.scrollOffset < offset)
    #expect(composer.handled.isEmpty)
    // A click in the composer's strip focuses it, in the composer's own coordinates.
    let field = layout.composerFrame
    #expect(route([SyntheticSDLEvent.mouseButton(down: true, x: 100, y: Int32(field.midY))]) == [1])
    #expect(router.focus == .composer)
    #expect(route([SyntheticSDLEvent.mouseButton(down: false, x: 100, y: Int32(field.midY))]) == [1])
    guard case .mouseDown(_, let y, _, _) = composer.handled.first else {
      Issue.record("the composer got \(composer.handled)")
      return
    }
    #expect(y == Double(Int32(field.midY)) - Double(layout.composerTextRect.minY))
    // A palette button inserts its sticker; closing and resizing the window are commands.
    let button = try #require(StickerPalette.buttonFrames(count: 4, in: layout.paletteRect).last)
    #expect(route([SyntheticSDLEvent.mouseButton(down: true, x: Int32(button.midX), y: Int32(button.midY))]) == [1])
    #expect(route([SyntheticSDLEvent.make(SDL_QUIT), SyntheticSDLEvent.windowSizeChanged()]) == [1, 1])
    #expect(recorder.commands == [.insertSticker(paletteIndex: 3), .quit, .layOut])
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
