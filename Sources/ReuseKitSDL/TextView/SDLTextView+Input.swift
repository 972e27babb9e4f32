import Foundation
import TextEngine

extension SDLTextView {
  /// Handles `event`; see ``handle(_:)``.
  @MainActor
  func handleInput(_ event: TextInputEvent) -> Bool {
    switch event {
    case .text(let text):
      unmarkText()
      insertText(text)
      scrollCaretToVisible()
    case .composition(let text, let cursor):
      setMarkedText(text, cursor: cursor)  // not an edit: nothing enters storage until SDL_TEXTINPUT
      if !text.isEmpty { scrollCaretToVisible() }
    case .key(let key, let modifiers):
      return handleKey(key, modifiers)
    case .mouseDown(let x, let y, let clickCount, let modifiers):
      let offset = characterOffset(atViewPoint: CGPoint(x: x, y: y))
      isDraggingSelection = clickCount <= 1
      switch clickCount {
      case 2: selectWord(at: offset)
      case 3...: selectParagraph(at: offset)
      default: moveCaret(to: offset, extending: modifiers.contains(.shift))
      }
    case .mouseDrag(let x, let y):
      guard isDraggingSelection else { return false }
      if y < 0 { scroll(by: y) } else if y > viewportSize.height { scroll(by: y - viewportSize.height) }
      moveCaret(to: characterOffset(atViewPoint: CGPoint(x: x, y: y)), extending: true)
    case .mouseUp:
      guard isDraggingSelection else { return false }
      isDraggingSelection = false
    case .wheel(let dy):
      scroll(by: dy)
    }
    return true
  }

  /// The document offset nearest to a point in view pixels.
  public func characterOffset(atViewPoint point: CGPoint) -> Int {
    let y = min(max(point.y, 0), viewportSize.height - 1) - containerToViewY
    return characterOffset(at: CGPoint(x: point.x, y: y))
  }

  /// Selects the whole paragraph holding `offset`.
  public func selectParagraph(at offset: Int) {
    guard let location = try? textContentManager.location(at: min(max(0, offset), textContentManager.length)),
      let paragraph = textContentManager.paragraph(for: location), let index = textContentManager.index(of: paragraph),
      let start = try? textContentManager.startOffset(ofParagraphAt: index)
    else { return }
    try? setSelectedRange(start..<(start + paragraph.length))
  }

  /// Scrolls the least distance that shows the caret (with a small margin).
  public func scrollCaretToVisible() {
    guard let caret = caretRect() else { return }
    let margin = 8.0
    if caret.minY - margin < scrollOffset {
      scroll(by: caret.minY - margin - scrollOffset)
    } else if caret.maxY + margin > scrollOffset + viewportSize.height {
      scroll(by: caret.maxY + margin - scrollOffset - viewportSize.height)
    }
  }

  @MainActor
  private func handleKey(_ key: TextInputEvent.Key, _ modifiers: TextInputEvent.KeyModifiers) -> Bool {
    let shift = modifiers.contains(.shift)
    let command = modifiers.hasShortcutModifier
    if !markedText.isEmpty { return true }  // the IME owns the keys while composing
    switch key {
    case .backspace: deleteBackward()
    case .delete: deleteForward()
    case .enter: shift ? insertLineBreak() : insertParagraphBreak()
    case .left: moveLeft(extending: shift)
    case .right: moveRight(extending: shift)
    case .up: moveUp(extending: shift)
    case .down: moveDown(extending: shift)
    case .home: command ? moveCaret(to: 0, extending: shift) : moveToLineStart(extending: shift)
    case .end: command ? moveCaret(to: textContentManager.length, extending: shift) : moveToLineEnd(extending: shift)
    case .pageUp:
      scroll(by: -max(40, viewportSize.height - 40))
      return true
    case .pageDown:
      scroll(by: max(40, viewportSize.height - 40))
      return true
    case .character(let character) where command:
      return handleShortcut(character, shift: shift)
    default:
      return false
    }
    scrollCaretToVisible()
    return true
  }

  @MainActor
  private func handleShortcut(_ character: Character, shift: Bool) -> Bool {
    switch character {
    case "z": shift ? redo() : undo()
    case "y": redo()
    case "x": cutToClipboard()
    case "c": copyToClipboard()
    case "v": pasteFromClipboard()
    case "a":
      selectAll()
      return true
    default: return false
    }
    scrollCaretToVisible()
    return true
  }
}
