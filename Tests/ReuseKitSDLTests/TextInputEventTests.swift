import CSDL2
import SDLSupport
import Testing

@testable import ReuseKitSDL

/// Translating SDL events into the text view's input events.
@Suite struct TextInputEventTests {
  private func event(_ type: SDL_EventType, _ configure: (inout SDL_Event) -> Void = { _ in }) -> SDL_Event {
    var event = SDL_Event()
    event.type = type.rawValue
    configure(&event)
    return event
  }

  private func setText(_ text: String, into tuple: inout some Any) {
    withUnsafeMutableBytes(of: &tuple) { bytes in
      let utf8 = Array(text.utf8)
      for index in bytes.indices { bytes[index] = index < utf8.count ? utf8[index] : 0 }
    }
  }

  @Test func textInputAndCompositionCarryUTF8() {
    let typed = event(SDL_TEXTINPUT) { setText("né你", into: &$0.text.text) }
    #expect(TextInputEvent(typed) == .text("né你"))
    let editing = event(SDL_TEXTEDITING) {
      setText("ni", into: &$0.edit.text)
      $0.edit.start = 1
    }
    #expect(TextInputEvent(editing) == .composition("ni", cursor: 1))
    let ended = event(SDL_TEXTEDITING) { setText("", into: &$0.edit.text) }
    #expect(TextInputEvent(ended) == .composition("", cursor: 0))
  }

  @Test func aLongCompositionArrivesWhole() {
    let long = "にほんごのぶんしょうをにゅうりょくしています"  // 66 bytes: more than SDL_TEXTEDITING holds
    let extended = event(SDL_TEXTEDITING_EXT) {
      $0.editExt.text = SDL_strdup(long)  // on SDL's heap, as SDL sends it; translating frees it
      $0.editExt.start = 5
    }
    #expect(TextInputEvent(extended) == .composition(long, cursor: 5))
  }

  @Test func keysAndModifiers() {
    func key(_ code: SDL_KeyCode, _ mod: SDL_Keymod = KMOD_NONE) -> TextInputEvent? {
      TextInputEvent(
        event(SDL_KEYDOWN) {
          $0.key.keysym.sym = SDL_Keycode(code.rawValue)
          $0.key.keysym.mod = UInt16(mod.rawValue)
        })
    }
    #expect(key(SDLK_z, KMOD_LCTRL) == .key(.character("z"), .control))
    #expect(
      key(SDLK_z, SDL_Keymod(KMOD_RCTRL.rawValue | KMOD_LSHIFT.rawValue)) == .key(.character("z"), [.control, .shift]))
    #expect(key(SDLK_BACKSPACE) == .key(.backspace, []))
    #expect(key(SDLK_LEFT, KMOD_RSHIFT) == .key(.left, .shift))
    #expect(key(SDLK_PAGEDOWN) == .key(.pageDown, []))
    #expect(key(SDLK_F1) == .key(.function(1), []))
    #expect(key(SDLK_F4) == .key(.function(4), []))
    #expect(key(SDLK_LCTRL) == nil, "a modifier alone is not an input event")
  }

  @Test func mouseButtonsMotionAndWheel() {
    let double = event(SDL_MOUSEBUTTONDOWN) {
      $0.button.button = UInt8(SDL_BUTTON_LEFT)
      $0.button.clicks = 2
      $0.button.x = 40
      $0.button.y = 70
    }
    #expect(TextInputEvent(double) == .mouseDown(x: 40, y: 70, clickCount: 2, modifiers: []))
    let right = event(SDL_MOUSEBUTTONDOWN) { $0.button.button = UInt8(SDL_BUTTON_RIGHT) }
    #expect(TextInputEvent(right) == nil)
    let up = event(SDL_MOUSEBUTTONUP) {
      $0.button.button = UInt8(SDL_BUTTON_LEFT)
      $0.button.x = 5
      $0.button.y = 6
    }
    #expect(TextInputEvent(up) == .mouseUp(x: 5, y: 6))
    let drag = event(SDL_MOUSEMOTION) {
      $0.motion.state = SDLMacros.leftButtonMask
      $0.motion.x = 12
      $0.motion.y = 13
    }
    #expect(TextInputEvent(drag) == .mouseDrag(x: 12, y: 13))
    let hover = event(SDL_MOUSEMOTION) { $0.motion.x = 12 }
    #expect(TextInputEvent(hover) == nil)
    let wheelUp = event(SDL_MOUSEWHEEL) { $0.wheel.preciseY = 1 }
    #expect(TextInputEvent(wheelUp) == .wheel(dy: -TextInputEvent.wheelStep))
    let flipped = event(SDL_MOUSEWHEEL) {
      $0.wheel.preciseY = 1
      $0.wheel.direction = SDL_MOUSEWHEEL_FLIPPED.rawValue
    }
    #expect(TextInputEvent(flipped) == .wheel(dy: TextInputEvent.wheelStep))
  }
}
