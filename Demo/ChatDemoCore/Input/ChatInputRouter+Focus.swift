import ChatModel
import TextEngine

extension ChatInputRouter {
  /// Tab or Shift+Tab: the composer and the message list take the focus in turn (two stops, so
  /// both keys go the same way; from a message being edited or the second view, to the composer).
  /// In the list the focus is on the last message, with no caret.
  func cycleFocus() {
    if focus == .composer {
      enterMessageList()
    } else {
      focus(on: .composer)
    }
  }

  /// Up / Down in the message list: the focus moves `step` messages (day separators count as
  /// messages: a screen reader reads them as headings), and the list scrolls to show it.
  func browse(by step: Int) {
    let count = chatView.textContentManager.paragraphCount
    guard focus == .messageList, count > 0 else { return }
    let index = min(max(0, (browsedMessage ?? count - 1) + step), count - 1)
    setBrowsedMessage(index)
    showBrowsedMessage()
  }

  /// Shows the focus ring on the browsed message (none outside the list).
  func updateFocusRing() {
    let focused = focus == .messageList ? browsedMessage : nil
    if chatView.focusedParagraph != focused { chatView.focusedParagraph = focused }
  }

  private func enterMessageList() {
    chatView.stopEditing()
    focus(on: .messageList)
    let count = chatView.textContentManager.paragraphCount
    setBrowsedMessage(count > 0 ? count - 1 : nil)
    showBrowsedMessage()
  }

  /// Scrolls the browsed message into view when it is not (wholly) there.
  private func showBrowsedMessage() {
    guard let index = browsedMessage else { return }
    let manager = chatView.textLayoutManager
    guard let top = manager.yOffset(ofParagraphAt: index) else { return }
    let bottom = manager.yOffset(ofParagraphAt: index + 1) ?? manager.documentHeight
    let visible = chatView.viewportBounds
    if top < visible.minY {
      try? chatView.scroll(toParagraphAt: index, position: .top)
    } else if bottom > visible.maxY {
      try? chatView.scroll(toParagraphAt: index, position: .bottom)
    }
  }
}
