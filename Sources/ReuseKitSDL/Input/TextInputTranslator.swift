import CSDL2

/// Turns the SDL event stream into text input events, one keystroke at a time: the one place an
/// `SDL_Event` becomes a ``TextInputEvent``.
///
/// Each event is translated by `TextInputEvent.init(_:)`, with one rule across events, the
/// *keystroke rule*: a key press with the shortcut modifier (Control or Super/Command, see
/// ``TextInputEvent/KeyModifiers/hasShortcutModifier``) is a command, never typing. SDL follows this
/// rule itself on most platforms (with Control held, `SDL_TEXTINPUT` is not sent, or carries a control
/// character that SDL drops), but some backends and versions still send the key's character, e.g.
/// `"1"` for Ctrl+1 on X11. SDL queues a keystroke's `SDL_TEXTINPUT` directly after its
/// `SDL_KEYDOWN`, so an `SDL_TEXTINPUT` that *immediately* follows a key press with the shortcut
/// modifier belongs to that keystroke, and the translator drops it. Any other event in between ends
/// the keystroke; Alt (Option, AltGr) is not a shortcut modifier, because it types characters, and a
/// key press with Control *and* Alt counts as AltGr (as some keyboard layouts report it): no
/// shortcut anywhere, neither here nor in a view's or the app's key bindings.
///
/// Key presses stay ``TextInputEvent/key(_:_:)`` events; printable text arrives only as
/// ``TextInputEvent/text(_:)``. A responder therefore handles shortcuts on the key press and inserts
/// text only from text events, and each character is inserted once.
public struct TextInputTranslator: Sendable {
  /// Whether the last event translated was a key press with the shortcut modifier.
  private var lastEventWasShortcutKeyDown = false

  /// Creates a translator at the start of an event stream.
  public init() {}

  /// Translates the next event of the stream, or returns `nil` for an event a text view ignores and
  /// for the text of a shortcut keystroke.
  /// - Parameter event: The next event from `SDL_PollEvent`, in the order SDL delivered it.
  /// - Returns: The input event, or `nil`.
  public mutating func translate(_ event: SDL_Event) -> TextInputEvent? {
    let followsShortcutKeyDown = lastEventWasShortcutKeyDown
    switch SDL_EventType(event.type) {
    case SDL_KEYDOWN:
      lastEventWasShortcutKeyDown = TextInputEvent.modifiers(UInt32(event.key.keysym.mod)).hasShortcutModifier
    case SDL_TEXTINPUT where followsShortcutKeyDown:
      lastEventWasShortcutKeyDown = false
      return nil
    default:
      lastEventWasShortcutKeyDown = false
    }
    return TextInputEvent(event)
  }
}
