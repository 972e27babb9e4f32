import CSDL2
import Foundation
import SDLSupport

extension TextInputEvent {
  /// Pixels one wheel notch scrolls.
  public static let wheelStep = 48.0

  /// Translates one SDL event on its own, or returns `nil` for events a text view ignores.
  ///
  /// An event loop uses a ``TextInputTranslator`` instead, which calls this and adds the keystroke
  /// rule across events (the text of a shortcut keystroke is not typed).
  ///
  /// `SDL_TEXTINPUT` → ``text(_:)``, `SDL_TEXTEDITING` and `SDL_TEXTEDITING_EXT` →
  /// ``composition(_:cursor:)`` (the extended event's heap text is freed here, so translate each
  /// event once), `SDL_KEYDOWN` →
  /// ``key(_:_:)`` for editing keys, F-keys and shortcut letters, left-button events → mouse cases
  /// (motion only while the left button is held), `SDL_MOUSEWHEEL` → ``wheel(dy:)``.
  /// - Parameter event: An event from `SDL_PollEvent`.
  init?(_ event: SDL_Event) {
    switch SDL_EventType(event.type) {
    case SDL_TEXTINPUT:
      let text = Self.string(fromCharacters: event.text.text)
      guard !text.isEmpty else { return nil }
      self = .text(text)
    case SDL_TEXTEDITING:
      self = .composition(Self.string(fromCharacters: event.edit.text), cursor: Int(event.edit.start))
    case SDL_TEXTEDITING_EXT:
      // A composition too long for SDL_TEXTEDITING's 32 bytes (SDL_HINT_IME_SUPPORT_EXTENDED_TEXT):
      // its text is on the heap, and whoever handles the event frees it.
      guard let text = event.editExt.text else { return nil }
      defer { SDL_free(text) }
      self = .composition(String(cString: text), cursor: Int(event.editExt.start))
    case SDL_KEYDOWN:
      guard let key = Self.key(for: event.key.keysym.sym) else { return nil }
      self = .key(key, Self.modifiers(UInt32(event.key.keysym.mod)))
    case SDL_MOUSEBUTTONDOWN where Int32(event.button.button) == SDL_BUTTON_LEFT:
      self = .mouseDown(
        x: Double(event.button.x), y: Double(event.button.y), clickCount: Int(event.button.clicks),
        modifiers: Self.modifiers(UInt32(SDL_GetModState().rawValue)))
    case SDL_MOUSEBUTTONUP where Int32(event.button.button) == SDL_BUTTON_LEFT:
      self = .mouseUp(x: Double(event.button.x), y: Double(event.button.y))
    case SDL_MOUSEMOTION where event.motion.state & SDLMacros.leftButtonMask != 0:
      self = .mouseDrag(x: Double(event.motion.x), y: Double(event.motion.y))
    case SDL_MOUSEWHEEL:
      var dy = Double(event.wheel.preciseY)
      if event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { dy = -dy }
      guard dy != 0 else { return nil }
      self = .wheel(dy: -dy * Self.wheelStep)
    default:
      return nil
    }
  }

  /// The key for an SDL keycode, or `nil` for keys a text view ignores.
  static func key(for keycode: SDL_Keycode) -> Key? {
    let named: [Int32: Key] = [
      Int32(SDLK_BACKSPACE.rawValue): .backspace, Int32(SDLK_DELETE.rawValue): .delete,
      Int32(SDLK_RETURN.rawValue): .enter, Int32(SDLK_KP_ENTER.rawValue): .enter,
      Int32(SDLK_ESCAPE.rawValue): .escape, Int32(SDLK_TAB.rawValue): .tab,
      Int32(SDLK_LEFT.rawValue): .left, Int32(SDLK_RIGHT.rawValue): .right,
      Int32(SDLK_UP.rawValue): .up, Int32(SDLK_DOWN.rawValue): .down,
      Int32(SDLK_HOME.rawValue): .home, Int32(SDLK_END.rawValue): .end,
      Int32(SDLK_PAGEUP.rawValue): .pageUp, Int32(SDLK_PAGEDOWN.rawValue): .pageDown,
    ]
    if let key = named[keycode] { return key }
    let f1 = Int32(SDLK_F1.rawValue)
    if keycode >= f1, keycode <= Int32(SDLK_F12.rawValue) { return .function(Int(keycode - f1) + 1) }
    // Printable keys have their (lowercase) character as keycode.
    if keycode >= 0x20, keycode < 0x7F, let scalar = Unicode.Scalar(UInt32(keycode)) {
      return .character(Character(scalar))
    }
    return nil
  }

  /// The modifiers in an SDL `SDL_Keymod` mask.
  static func modifiers(_ mask: UInt32) -> KeyModifiers {
    var result: KeyModifiers = []
    if mask & KMOD_SHIFT.rawValue != 0 { result.insert(.shift) }
    if mask & KMOD_CTRL.rawValue != 0 { result.insert(.control) }
    if mask & KMOD_ALT.rawValue != 0 { result.insert(.alt) }
    if mask & KMOD_GUI.rawValue != 0 { result.insert(.gui) }
    return result
  }

  /// The UTF-8 string in a fixed-size, NUL-terminated C character array (imported as a tuple).
  private static func string<Characters>(fromCharacters characters: Characters) -> String {
    withUnsafeBytes(of: characters) { bytes in
      let end = bytes.firstIndex(of: 0) ?? bytes.count
      return String(decoding: bytes[..<end], as: UTF8.self)
    }
  }
}
