import Foundation

/// An input event a text view understands, translated from an `SDL_Event` by a
/// ``TextInputTranslator`` (or built directly by tests and scripted runs).
///
/// Coordinates are view pixels, with (0, 0) at the view's top-left corner.
public enum TextInputEvent: Equatable, Sendable {
  /// Committed text from `SDL_TEXTINPUT` (typing, or an IME committing its composition).
  case text(String)
  /// The IME's composition from `SDL_TEXTEDITING`: shown inline, not yet in the document.
  /// An empty string ends the composition.
  case composition(String, cursor: Int)
  /// A key press (`SDL_KEYDOWN`, repeats included). It never inserts text: the characters a key
  /// types arrive as ``text(_:)``.
  case key(Key, KeyModifiers)
  /// The left button went down; `clickCount` is 2 for a double click, 3 for a triple click.
  case mouseDown(x: Double, y: Double, clickCount: Int, modifiers: KeyModifiers)
  /// The mouse moved with the left button held.
  case mouseDrag(x: Double, y: Double)
  /// The left button went up.
  case mouseUp(x: Double, y: Double)
  /// The wheel turned; positive `dy` moves down the document, in pixels.
  case wheel(dy: Double)

  /// The keys a text view handles. Letters and digits arrive lowercased as ``character(_:)``.
  public enum Key: Equatable, Hashable, Sendable {
    /// An editing key: Backspace, Delete, Enter (Return or the keypad's Enter), Escape or Tab.
    case backspace, delete, enter, escape, tab
    /// A movement key: an arrow (left, right, up, down), Home, End, Page Up or Page Down.
    case left, right, up, down, home, end, pageUp, pageDown
    /// F1…F12.
    case function(Int)
    /// A printable key, for shortcuts (`Ctrl+Z` is `.character("z")` with `.control`).
    case character(Character)
  }

  /// Modifier keys held during a key press or click.
  public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Either Shift key: extends the selection with movement keys and clicks.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Either Control key: the shortcut modifier (see ``hasShortcutModifier``).
    public static let control = KeyModifiers(rawValue: 1 << 1)
    /// Either Alt key; a shortcut never has it (Control+Alt is AltGr on some layouts).
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    /// The Super / Command key; treated like Control for shortcuts.
    public static let gui = KeyModifiers(rawValue: 1 << 3)

    /// Whether Control or the Super/Command key is held without Alt: the shortcut modifier.
    /// Control+Alt is AltGr on some keyboard layouts, which types characters ('@', '€').
    public var hasShortcutModifier: Bool { !isDisjoint(with: [.control, .gui]) && !contains(.alt) }
  }
}
