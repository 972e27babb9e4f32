import ReuseKitSDL
import ScenarioVocabulary

extension ChatCommand {
  /// The speed of a fling from the keyboard, points per second.
  static let keyFlingVelocity = 5000.0

  /// The chat window's key bindings: the command a key press means, or `nil` when the key belongs to
  /// the focused text view.
  ///
  /// | key | command |
  /// |---|---|
  /// | Enter (no Shift) in the composer | ``send`` |
  /// | Ctrl+1 … Ctrl+9 | ``insertSticker(paletteIndex:)`` 0…8 (on the palette's current page) |
  /// | Ctrl+0 | ``nextStickerPage`` |
  /// | Ctrl+S / Ctrl+Q | ``save`` / ``quit`` |
  /// | F1 / F2 / F3 / F4 | ``toggleHUD`` / ``toggleStickerPolicy(_:)`` `.onEditingInlineParagraphs`, `.onScrollingOutOfViewport` / ``toggleResetFlashes`` |
  /// | Esc in the transcript | ``stopEditing`` |
  /// | F5 / F6 | ``toggleSplit`` / ``toggleScene`` |
  /// | Tab / Shift+Tab | ``cycleFocus`` (composer ↔ message list) |
  /// | Up / Down in the message list | ``browse(_:)`` −1 / +1 |
  /// | Shift+Page Down / Shift+Page Up | ``fling(velocity:friction:)`` at +5,000 / −5,000 points per second |
  /// | Ctrl+F | ``openSearch`` |
  /// | Enter / Shift+Enter in the search bar | ``stepHit(_:)`` +1 (older) / −1 (newer) |
  /// | Esc in the search bar | ``closeSearch`` |
  ///
  /// Ctrl means the shortcut modifier (Control or Super, see `TextInputEvent.KeyModifiers.hasShortcutModifier`).
  /// - Parameters:
  ///   - key: The key pressed.
  ///   - modifiers: The modifiers held.
  ///   - focus: The view with the keyboard focus.
  init?(key: TextInputEvent.Key, modifiers: TextInputEvent.KeyModifiers, focus: ChatAppState.Focus) {
    let shortcut = modifiers.hasShortcutModifier
    switch key {
    case .function(1): self = .toggleHUD
    case .function(2): self = .toggleStickerPolicy(.onEditingInlineParagraphs)
    case .function(3): self = .toggleStickerPolicy(.onScrollingOutOfViewport)
    case .function(4): self = .toggleResetFlashes
    case .function(5): self = .toggleSplit
    case .function(6): self = .toggleScene
    case .character("f") where shortcut: self = .openSearch
    case .enter where focus == .search: self = .stepHit(modifiers.contains(.shift) ? -1 : 1)
    case .escape where focus == .search: self = .closeSearch
    case .character("s") where shortcut: self = .save
    case .character("q") where shortcut: self = .quit
    case .character("0") where shortcut: self = .nextStickerPage
    case .character(let digit) where shortcut && ("1"..."9").contains(digit):
      guard let number = digit.wholeNumberValue else { return nil }
      self = .insertSticker(paletteIndex: number - 1)
    case .enter where focus == .composer && !modifiers.contains(.shift): self = .send
    case .escape where focus == .transcript: self = .stopEditing
    case .tab: self = .cycleFocus
    case .up where focus == .messageList: self = .browse(-1)
    case .down where focus == .messageList: self = .browse(1)
    case .pageDown where modifiers.contains(.shift):
      self = .fling(velocity: Self.keyFlingVelocity, friction: FlingMotion.defaultFriction)
    case .pageUp where modifiers.contains(.shift):
      self = .fling(velocity: -Self.keyFlingVelocity, friction: FlingMotion.defaultFriction)
    default: return nil
    }
  }
}
