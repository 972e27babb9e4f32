/// The part of the chat with the keyboard focus, as the accessibility tree tells it.
package enum ChatAccessibleFocus: Equatable, Sendable {
  /// The composer.
  case composer
  /// The message list browsed message by message; `browsed` is the focused message's paragraph.
  case messageList(browsed: Int?)
  /// The transcript's text (either view of a split).
  case transcript
  /// The search bar's field.
  case search
}
