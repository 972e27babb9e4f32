import ReuseKitSDL
import TextEngine

/// What an event asks the chat app to do: a key binding, a palette click, a window event, or input
/// for one view (and the focus and mouse capture a click moves).
///
/// ``ChatCommand/init(key:modifiers:focus:)`` holds the key bindings; the ``ChatInputRouter`` turns
/// each event into commands, and ``ChatApp/perform(_:)`` performs every one of them.
enum ChatCommand: Equatable, Sendable {
  /// Hands `event` to the view `target` stands for, in that view's coordinates.
  case input(TextInputEvent, to: ChatAppState.Focus)
  /// Gives a view the keyboard focus (a click into it).
  case focus(ChatAppState.Focus)
  /// The view that receives the mouse's drag and release (a press captures it, the release frees it).
  case captureMouse(ChatAppState.Focus?)
  /// Sends the composer's message (Enter in the composer).
  case send
  /// Saves the transcript (Ctrl+S).
  case save
  /// Quits (Ctrl+Q, or the window closing).
  case quit
  /// Inserts the palette's sticker at `paletteIndex` into the focused view (Ctrl+1…9, or a click).
  case insertSticker(paletteIndex: Int)
  /// Shows the sticker palette's next page of nine, wrapping to the first (Ctrl+0).
  case nextStickerPage
  /// Lays the window's views out again (the window changed size).
  case layOut
  /// Shows or hides the HUD (F1).
  case toggleHUD
  /// Turns one sticker reuse policy option on or off (F2, F3).
  case toggleStickerPolicy(TextAttachmentViewProviderReusePolicy)
  /// Turns flashing of stickers whose animation state was reset on or off (F4).
  case toggleResetFlashes
  /// Stops editing a message in place: hides its caret (Esc in the transcript).
  case stopEditing
  /// Shows or hides a second, narrower view of the transcript beside it (F5).
  case toggleSplit
  /// Switches the transcript between the chat and the line-numbered editor scene (F6).
  case toggleScene
  /// Tab / Shift+Tab: the focus moves between the composer and the message list.
  case cycleFocus
  /// Up / Down in the message list: the focus moves by `step` messages.
  case browse(Int)
  /// Flings the transcript at `velocity` points per second (Shift+Page Down / Shift+Page Up at
  /// ±5,000; a scenario's `fling`): it scrolls by itself, slowing by ``FlingMotion``'s friction,
  /// one step a frame. `friction` is per second (``FlingMotion/defaultFriction`` by default).
  case fling(velocity: Double, friction: Double)
  /// Stops a fling (any key, click or wheel turn does, as a touch stops a flicked list).
  case stopFling
  /// Opens the search bar in the composer's place and focuses its field (Ctrl+F); in an open bar,
  /// focuses the field again.
  case openSearch
  /// Closes the search bar and removes its highlights (Esc in the bar).
  case closeSearch
  /// Moves to the hit `step` places older (+1, Enter in the bar) or newer (−1, Shift+Enter), jumps
  /// the transcript there and highlights it.
  case stepHit(Int)

  /// Whether the command changes the focused text or its editing (send, a sticker, stop
  /// editing): while an IME composes, the key that would make it belongs to the composition.
  var editsFocusedText: Bool {
    switch self {
    case .send, .insertSticker, .stopEditing: true
    case .input, .focus, .captureMouse, .save, .quit, .layOut, .toggleHUD, .toggleStickerPolicy, .toggleResetFlashes,
      .toggleSplit, .toggleScene,
      .nextStickerPage, .cycleFocus, .browse, .fling, .stopFling, .openSearch, .closeSearch, .stepHit:
      false
    }
  }
}
