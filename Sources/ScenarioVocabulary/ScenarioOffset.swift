/// Where a ``ScenarioOperation/select`` starts inside its message.
public enum ScenarioOffset: Equatable, Sendable {
  /// This many characters into the message (`"offset": N` in JSON), an attachment counting one.
  case at(Int)
  /// The end of the message (`"offset": "end"` in JSON).
  case end
}
