import CSDL2
import SDLSupport

/// SDL events built by hand, in the shape and order SDL delivers them, for tests of input paths.
package enum SyntheticSDLEvent {
  /// An event of `type`, zeroed except for what `configure` sets.
  package static func make(_ type: SDL_EventType, _ configure: (inout SDL_Event) -> Void = { _ in }) -> SDL_Event {
    var event = SDL_Event()
    event.type = type.rawValue
    configure(&event)
    return event
  }

  /// `SDL_KEYDOWN` for `keycode` with the modifier mask `mod`.
  package static func keyDown(_ keycode: SDL_KeyCode, _ mod: SDL_Keymod = KMOD_NONE) -> SDL_Event {
    key(SDL_KEYDOWN, SDL_Keycode(keycode.rawValue), mod)
  }

  /// `SDL_KEYUP` for `keycode` with the modifier mask `mod`.
  package static func keyUp(_ keycode: SDL_KeyCode, _ mod: SDL_Keymod = KMOD_NONE) -> SDL_Event {
    key(SDL_KEYUP, SDL_Keycode(keycode.rawValue), mod)
  }

  /// `SDL_TEXTINPUT` carrying `text` (UTF-8, at most 31 bytes).
  package static func textInput(_ text: String) -> SDL_Event {
    make(SDL_TEXTINPUT) { copy(text, into: &$0.text.text) }
  }

  /// `SDL_TEXTEDITING`: the IME's composition `text` with its cursor at `cursor`.
  package static func textEditing(_ text: String, cursor: Int = 0) -> SDL_Event {
    make(SDL_TEXTEDITING) {
      copy(text, into: &$0.edit.text)
      $0.edit.start = Int32(cursor)
      $0.edit.length = 0
    }
  }

  /// The events one keystroke of a printable ASCII character sends: `SDL_KEYDOWN` (the key's
  /// lowercase keycode, Shift for uppercase and shifted symbols), `SDL_TEXTINPUT`, `SDL_KEYUP`.
  package static func keystroke(typing character: Character, _ mod: SDL_Keymod = KMOD_NONE) -> [SDL_Event] {
    let shifted: [Character: Character] = ["!": "1", "?": "/", ":": ";", "@": "2"]
    var base = Character(character.lowercased())
    var mask = mod.rawValue
    if character.isUppercase || shifted[character] != nil {
      base = shifted[character] ?? base
      mask |= KMOD_LSHIFT.rawValue
    }
    let code = SDL_Keycode(base.unicodeScalars.first.map { Int32($0.value) } ?? 0)
    return [
      key(SDL_KEYDOWN, code, SDL_Keymod(mask)), textInput(String(character)), key(SDL_KEYUP, code, SDL_Keymod(mask)),
    ]
  }

  /// A left-button press (`clicks` 2 for a double click) or release at a window point.
  package static func mouseButton(down: Bool, x: Int32, y: Int32, clicks: UInt8 = 1) -> SDL_Event {
    make(down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP) {
      $0.button.button = UInt8(SDL_BUTTON_LEFT)
      $0.button.clicks = clicks
      $0.button.x = x
      $0.button.y = y
    }
  }

  /// A wheel turn of `notches` (positive scrolls up, as SDL reports it).
  package static func wheel(_ notches: Float) -> SDL_Event {
    make(SDL_MOUSEWHEEL) { $0.wheel.preciseY = notches }
  }

  /// `SDL_WINDOWEVENT_SIZE_CHANGED`.
  package static func windowSizeChanged() -> SDL_Event {
    make(SDL_WINDOWEVENT) { $0.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) }
  }

  private static func key(_ type: SDL_EventType, _ keycode: SDL_Keycode, _ mod: SDL_Keymod) -> SDL_Event {
    make(type) {
      $0.key.keysym.sym = keycode
      $0.key.keysym.mod = UInt16(mod.rawValue)
      $0.key.state = UInt8(type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED)
    }
  }

  /// Writes `text` as a NUL-terminated UTF-8 string into a fixed-size C character array.
  private static func copy(_ text: String, into characters: inout some Any) {
    withUnsafeMutableBytes(of: &characters) { bytes in
      let utf8 = Array(text.utf8.prefix(bytes.count - 1))
      for index in bytes.indices { bytes[index] = index < utf8.count ? utf8[index] : 0 }
    }
  }
}
