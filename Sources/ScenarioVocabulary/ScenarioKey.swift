/// A key a ``ScenarioOperation/key`` presses, by the name a JSON scenario's `"key"` field holds.
public enum ScenarioKey: String, CaseIterable, Sendable {
  /// The Backspace key: deletes backward.
  case backspace
  /// The Delete key: deletes forward.
  case delete
  /// Enter (Return): in a message it splits the message; in the demo's composer it sends.
  case enter
  /// The left arrow key.
  case left
  /// The right arrow key.
  case right
  /// The up arrow key: the caret moves up a line.
  case up
  /// The down arrow key: the caret moves down a line.
  case down
  /// The Home key: the caret moves to the start of the line.
  case home
  /// The End key: the caret moves to the end of the line.
  case end
}
