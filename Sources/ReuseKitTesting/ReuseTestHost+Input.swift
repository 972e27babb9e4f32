import ReuseKit
import ReuseKitSDL

/// Typing and keys: an offscreen host's view gets them as `TextInputEvent`s through
/// `SDLTextView.handle(_:)`, the path the window's events take; a headless view gets the editing
/// and caret calls that path makes.
extension ReuseTestHost {
  /// Types `text` at the selection.
  func deliver(text: String) {
    if let inputHandler {
      inputHandler(.text(text))
    } else {
      textView.insertText(text)
    }
  }

  /// Presses `key`, with no modifier.
  func deliver(_ key: Key) {
    if let inputHandler {
      inputHandler(.key(Self.inputKey(key), []))
      return
    }
    switch key {
    case .backspace: textView.deleteBackward()
    case .delete: textView.deleteForward()
    case .enter: textView.insertParagraphBreak()
    case .left: textView.moveLeft()
    case .right: textView.moveRight()
    case .up: textView.moveUp()
    case .down: textView.moveDown()
    case .home: textView.moveToLineStart()
    case .end: textView.moveToLineEnd()
    }
  }

  private static func inputKey(_ key: Key) -> TextInputEvent.Key {
    switch key {
    case .backspace: .backspace
    case .delete: .delete
    case .enter: .enter
    case .left: .left
    case .right: .right
    case .up: .up
    case .down: .down
    case .home: .home
    case .end: .end
    }
  }
}
