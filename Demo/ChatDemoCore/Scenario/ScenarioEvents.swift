import CSDL2

/// The SDL events a scenario step stands for, in the shape and order SDL delivers them to the
/// window: a keystroke is `SDL_KEYDOWN`, its `SDL_TEXTINPUT` (printable keys), then `SDL_KEYUP`.
enum ScenarioEvents {
  /// The events of pressing and releasing `keycode` with the modifier mask `mod`.
  static func press(_ keycode: SDL_KeyCode, _ mod: SDL_Keymod = KMOD_NONE) -> [SDL_Event] {
    [key(SDL_KEYDOWN, SDL_Keycode(keycode.rawValue), mod), key(SDL_KEYUP, SDL_Keycode(keycode.rawValue), mod)]
  }

  /// The events of pressing and releasing the key of a printable ASCII `character` with `mod`
  /// (Control for shortcuts: Ctrl+Z is the `z` key with Control).
  static func press(character: Character, _ mod: SDL_Keymod) -> [SDL_Event] {
    let code = SDL_Keycode(character.unicodeScalars.first.map { Int32($0.value) } ?? 0)
    return [key(SDL_KEYDOWN, code, mod), key(SDL_KEYUP, code, mod)]
  }

  /// The events of typing `character`: the key (its lowercase keycode and Shift for a printable
  /// ASCII character, `SDLK_UNKNOWN` for any other, as an IME or a compose key sends them), the
  /// text in `SDL_TEXTINPUT` events of at most 31 bytes, then the key's release.
  static func typing(_ character: Character) -> [SDL_Event] {
    var code = SDL_Keycode(0)
    var mod = KMOD_NONE
    if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, scalar.isASCII,
      (0x20..<0x7F).contains(scalar.value)
    {
      let lower = Character(character.lowercased())
      code = SDL_Keycode(lower.unicodeScalars.first.map { Int32($0.value) } ?? 0)
      if character.isUppercase { mod = KMOD_LSHIFT }
    }
    var events = [key(SDL_KEYDOWN, code, mod)]
    var chunk = ""
    for scalar in character.unicodeScalars {
      if chunk.utf8.count + String(scalar).utf8.count > 31 {
        events.append(textInput(chunk))
        chunk = ""
      }
      chunk.unicodeScalars.append(scalar)
    }
    events.append(textInput(chunk))
    events.append(key(SDL_KEYUP, code, mod))
    return events
  }

  /// A left-button click (press and release) at a window point.
  static func click(x: Double, y: Double) -> [SDL_Event] {
    [true, false].map { down in
      make(down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP) {
        $0.button.button = UInt8(SDL_BUTTON_LEFT)
        $0.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        $0.button.clicks = 1
        $0.button.x = Int32(x.rounded(.down))
        $0.button.y = Int32(y.rounded(.down))
      }
    }
  }

  /// A wheel turn that scrolls the content by `dy` pixels (`TextInputEvent.wheelStep` a notch;
  /// positive `dy` scrolls down, which SDL reports as a negative turn).
  static func wheel(scrollingBy dy: Double, step: Double) -> SDL_Event {
    let notches = min(max(-dy / step, -1e30), 1e30)  // any scroll past the document's ends stops there
    return make(SDL_MOUSEWHEEL) {
      $0.wheel.preciseY = Float(notches)
      $0.wheel.y = Int32(min(max(notches, -1e9), 1e9).rounded(.towardZero))
    }
  }

  /// `SDL_WINDOWEVENT_SIZE_CHANGED` for a `width × height` window.
  static func windowSizeChanged(width: Int, height: Int) -> SDL_Event {
    make(SDL_WINDOWEVENT) {
      $0.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
      $0.window.data1 = Int32(width)
      $0.window.data2 = Int32(height)
    }
  }

  private static func make(_ type: SDL_EventType, _ configure: (inout SDL_Event) -> Void) -> SDL_Event {
    var event = SDL_Event()
    event.type = type.rawValue
    configure(&event)
    return event
  }

  private static func key(_ type: SDL_EventType, _ keycode: SDL_Keycode, _ mod: SDL_Keymod) -> SDL_Event {
    make(type) {
      $0.key.keysym.sym = keycode
      $0.key.keysym.mod = UInt16(mod.rawValue)
      $0.key.state = UInt8(type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED)
    }
  }

  /// `SDL_TEXTINPUT` carrying `text` (UTF-8, at most 31 bytes).
  private static func textInput(_ text: String) -> SDL_Event {
    make(SDL_TEXTINPUT) {
      withUnsafeMutableBytes(of: &$0.text.text) { bytes in
        let utf8 = Array(text.utf8.prefix(bytes.count - 1))
        for index in bytes.indices { bytes[index] = index < utf8.count ? utf8[index] : 0 }
      }
    }
  }
}
