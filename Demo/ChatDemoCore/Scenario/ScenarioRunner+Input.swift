import CSDL2
import ChatKit
import ChatModel
import Foundation
import TextEngine

/// The user's input a step stands for, as SDL events into the app's router.
///
/// Keyboard steps (`type`, `key`, `insertSticker`, `undo`, `redo`, `cut`, `copy`, `paste`) go where
/// the keyboard focus is, as in the window: the transcript after a `select`, the composer at the
/// start and after a `send`; a step with `"view": 1` needs view 1 focused (a `select` in it).
extension ScenarioRunner {
  /// Hands `events` to the app's router in order, as the window's loop does with `SDL_PollEvent`'s.
  func route(_ events: [SDL_Event], _ app: ChatApp) {
    for event in events { app.route(event) }
  }

  /// Throws unless the keyboard focus can type into view `index`.
  func requireFocus(on index: Int, app: ChatApp, fail: (String) -> ScenarioError) throws(ScenarioError) {
    guard (index == 1) == (app.state.focus == .secondary) else {
      throw fail("view \(index) has no keyboard focus (select in it first)")
    }
  }

  /// Types one character: Enter for `\n` (Shift+Enter, a line break, when `lineBreaks`), else its
  /// keystroke and text.
  func type(_ character: Character, app: ChatApp, lineBreaks: Bool) {
    if character == "\n" {
      route(ScenarioEvents.press(SDLK_RETURN, lineBreaks ? KMOD_LSHIFT : KMOD_NONE), app)
    } else {
      route(ScenarioEvents.typing(character), app)
    }
  }

  /// The keycode of a `key` step's key.
  static func keycode(_ key: ScenarioStep.Key) -> SDL_KeyCode {
    switch key {
    case .backspace: SDLK_BACKSPACE
    case .delete: SDLK_DELETE
    case .enter: SDLK_RETURN
    case .left: SDLK_LEFT
    case .right: SDLK_RIGHT
    case .up: SDLK_UP
    case .down: SDLK_DOWN
    case .home: SDLK_HOME
    case .end: SDLK_END
    }
  }

  /// Inserts sticker `name` into the focused view as the palette does: Ctrl+0 until its page shows,
  /// then Ctrl+1…9 for its button.
  func pressPaletteButton(of name: String, app: ChatApp) {
    guard let position = app.palette.names.firstIndex(of: name) else { return }
    let page = position / StickerPalette.pageSize
    for _ in 0..<app.palette.pageCount where app.palette.page != page {
      route(ScenarioEvents.press(character: "0", KMOD_LCTRL), app)
    }
    let button = Character(String(position % StickerPalette.pageSize + 1))
    route(ScenarioEvents.press(character: button, KMOD_LCTRL), app)
  }

  /// Sends a message as a user does: a click at the end of the composer, the parts typed (text, with
  /// Shift+Enter for a line break) or pressed on the palette (stickers), then Enter.
  func send(_ parts: [ChatMessage.Part], app: ChatApp) {
    let field = app.state.layout.composerTextRect
    route(ScenarioEvents.click(x: field.maxX - 1, y: field.maxY - 1), app)
    for part in parts {
      switch part {
      case .text(let text): for character in text { type(character, app: app, lineBreaks: true) }
      case .sticker(let name): pressPaletteButton(of: name, app: app)
      }
    }
    route(ScenarioEvents.press(SDLK_RETURN), app)
  }

  /// Sets the sticker policies with F2 (`onEditingInlineParagraphs`) and F3
  /// (`onScrollingOutOfViewport`), pressing each whose option differs.
  func setPolicies(_ policy: TextAttachmentViewProviderReusePolicy, app: ChatApp) {
    let keys: [(TextAttachmentViewProviderReusePolicy, SDL_KeyCode)] = [
      (.onEditingInlineParagraphs, SDLK_F2), (.onScrollingOutOfViewport, SDLK_F3),
    ]
    for (option, key) in keys where app.state.stickerPolicy.contains(option) != policy.contains(option) {
      route(ScenarioEvents.press(key), app)
    }
  }
}
