extension ReuseTestHost {
  /// The host's operations by their JSON scenario op names (`chat-demo --scenario`): the method of
  /// each is named after it (``scrollTo`` is ``ReuseTestHost/scroll(toMessage:position:)``,
  /// ``insertSticker`` is ``ReuseTestHost/insert(_:)``). The repository's tests check that every
  /// scenario op that acts on a text view is here, so the two cannot drift.
  public enum Operation: String, CaseIterable, Sendable {
    /// ``ReuseTestHost/select(message:offset:length:)``.
    case select
    /// ``ReuseTestHost/scroll(toMessage:position:)``.
    case scrollTo
    /// ``ReuseTestHost/scroll(by:)``.
    case scrollBy
    /// ``ReuseTestHost/scrollToTop()``.
    case scrollToTop
    /// ``ReuseTestHost/scrollToBottom()``.
    case scrollToBottom
    /// ``ReuseTestHost/type(_:)``.
    case type
    /// ``ReuseTestHost/key(_:repeat:)``.
    case key
    /// ``ReuseTestHost/insert(_:)``.
    case insertSticker
    /// ``ReuseTestHost/send(_:attributes:)``.
    case send
    /// ``ReuseTestHost/undo(repeat:)``.
    case undo
    /// ``ReuseTestHost/redo(repeat:)``.
    case redo
    /// ``ReuseTestHost/cut()``.
    case cut
    /// ``ReuseTestHost/copy()``.
    case copy
    /// ``ReuseTestHost/paste()``.
    case paste
    /// ``ReuseTestHost/resize(width:height:)``.
    case resize
    /// ``ReuseTestHost/advance(seconds:)``.
    case advance
    /// ``ReuseTestHost/setPolicies(_:)``.
    case setPolicies
    /// ``ReuseTestHost/collapse(messages:)``.
    case collapse
    /// ``ReuseTestHost/expand(messages:)``.
    case expand
    /// ``ReuseTestHost/split(_:)``.
    case split
    /// ``ReuseTestHost/image()`` (an offscreen host's pixels).
    case screenshot
  }

  /// The scenario ops that are not the host's: `expect` (a test uses `#expect` on
  /// ``ReuseTestHost/measure(sourceLocation:_:)``'s counters) and `scene` (the demo's editor scene).
  public static let scenarioOnlyOperations: Set<String> = ["expect", "scene", "receive", "tab"]
}
