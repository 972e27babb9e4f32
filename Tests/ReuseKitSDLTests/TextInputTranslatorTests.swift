import CSDL2
import SDLTestSupport
import Testing

@testable import ReuseKitSDL

/// The keystroke rule: a key press with the shortcut modifier never types, whatever SDL sends after it.
@Suite struct TextInputTranslatorTests {
  private func translate(_ events: [SDL_Event]) -> [TextInputEvent] {
    var translator = TextInputTranslator()
    return events.compactMap { translator.translate($0) }
  }

  @Test func aTypedKeyIsAKeyPressThenItsTextOnce() {
    let events = SyntheticSDLEvent.keystroke(typing: "a") + SyntheticSDLEvent.keystroke(typing: "B")
    #expect(translate(events) == [.key(.character("a"), []), .text("a"), .key(.character("b"), .shift), .text("B")])
  }

  @Test func theTextOfAShortcutKeystrokeIsDropped() {
    // X11 sends "1" after Ctrl+1; Super works like Control.
    let ctrl1 = SyntheticSDLEvent.keystroke(typing: "1", KMOD_LCTRL)
    #expect(translate(ctrl1) == [.key(.character("1"), .control)])
    let superS = SyntheticSDLEvent.keystroke(typing: "s", KMOD_LGUI)
    #expect(translate(superS) == [.key(.character("s"), .gui)])
    // A key the text view ignores still makes a shortcut keystroke: its text is not typed either.
    let ctrlUmlaut = [
      SyntheticSDLEvent.make(SDL_KEYDOWN) {
        $0.key.keysym.sym = 0xE4
        $0.key.keysym.mod = UInt16(KMOD_RCTRL.rawValue)
      }, SyntheticSDLEvent.textInput("ä"),
    ]
    #expect(translate(ctrlUmlaut).isEmpty)
  }

  @Test func onlyTheTextDirectlyAfterTheShortcutIsDropped() {
    var events = [SyntheticSDLEvent.keyDown(SDLK_z, KMOD_LCTRL), SyntheticSDLEvent.keyUp(SDLK_z, KMOD_LCTRL)]
    events.append(SyntheticSDLEvent.textInput("z"))  // an IME's late commit: not the shortcut's keystroke
    #expect(translate(events) == [.key(.character("z"), .control), .text("z")])
    let twice = [SyntheticSDLEvent.keyDown(SDLK_1, KMOD_LCTRL), SDL_Event(), SyntheticSDLEvent.textInput("1")]
    #expect(translate(twice) == [.key(.character("1"), .control), .text("1")], "any event in between ends it")
  }

  @Test func altTypesCharacters() {
    // Option/AltGr compose characters: Alt is not a shortcut modifier.
    let events = [SyntheticSDLEvent.keyDown(SDLK_e, KMOD_RALT), SyntheticSDLEvent.textInput("€")]
    #expect(translate(events) == [.key(.character("e"), .alt), .text("€")])
    // AltGr reported as Control+Alt (some layouts) types too.
    let altGr = [
      SyntheticSDLEvent.keyDown(SDLK_q, SDL_Keymod(KMOD_LCTRL.rawValue | KMOD_RALT.rawValue)),
      SyntheticSDLEvent.textInput("@"),
    ]
    #expect(translate(altGr) == [.key(.character("q"), [.control, .alt]), .text("@")])
  }

  @Test func compositionsAndNamedKeysPassThrough() {
    let events = [
      SyntheticSDLEvent.textEditing("ni", cursor: 2), SyntheticSDLEvent.keyDown(SDLK_F1),
      SyntheticSDLEvent.keyDown(SDLK_RETURN, KMOD_LSHIFT), SyntheticSDLEvent.textEditing(""),
      SyntheticSDLEvent.textInput("你"),
    ]
    #expect(
      translate(events) == [
        .composition("ni", cursor: 2), .key(.function(1), []), .key(.enter, .shift), .composition("", cursor: 0),
        .text("你"),
      ])
  }
}
