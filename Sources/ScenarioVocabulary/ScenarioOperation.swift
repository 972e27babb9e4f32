/// The operations a reuse scenario is written in, by the names a JSON scenario's `"op"` field
/// holds (`chat-demo --scenario`). `ReuseTestHost` (in `ReuseKitTesting`) has a method for each
/// operation it runs, named after it; the demo's scenario parser reads every one.
public enum ScenarioOperation: String, CaseIterable, Sendable {
  /// Selects characters of a message, or puts the caret in it.
  case select
  /// Scrolls a message to the top, centre or bottom of the viewport.
  case scrollTo
  /// Scrolls by a distance, positive down.
  case scrollBy
  /// Flings: scrolls by itself from a velocity, slowing by friction (``FlingMotion``), a frame at a time.
  case fling
  /// Scrolls to the top of the document.
  case scrollToTop
  /// Scrolls to the bottom of the document.
  case scrollToBottom
  /// Types text at the selection, one character at a time.
  case type
  /// Presses a ``ScenarioKey``, some number of times.
  case key
  /// Inserts a sticker (any attachment, for the test host) at the selection.
  case insertSticker
  /// Sends a message: appends it as the last one.
  case send
  /// A message from someone else arrives (the demo's network side).
  case receive
  /// Moves the keyboard focus between the demo's composer and message list.
  case tab
  /// Undoes edit groups.
  case undo
  /// Redoes undone edit groups.
  case redo
  /// Cuts the selection.
  case cut
  /// Copies the selection.
  case copy
  /// Pastes at the selection.
  case paste
  /// Resizes the viewport.
  case resize
  /// Advances the animation clock, in frames of 1/60 s.
  case advance
  /// Sets the reuse policies.
  case setPolicies
  /// Takes a picture of what is drawn.
  case screenshot
  /// Checks a counter (a Swift test uses `#expect` on the counters instead).
  case expect
  /// Shows the demo's chat or editor scene.
  case scene
  /// Hides the messages of a day.
  case collapse
  /// Shows a collapsed day's messages again.
  case expand
  /// Turns a second view on the same document on or off.
  case split
  /// Searches the messages: the demo's search bar (Ctrl+F) with a query typed into it.
  case search
  /// Steps to the next (older) or previous (newer) hit of the demo's search bar (Enter, Shift+Enter).
  case nextHit
}
