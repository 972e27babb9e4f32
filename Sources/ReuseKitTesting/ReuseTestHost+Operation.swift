import ScenarioVocabulary

extension ReuseTestHost {
  /// The host's operations by their JSON scenario op names (`chat-demo --scenario`), from the one
  /// vocabulary the scenario parser reads too: the method of each is named after it (`scrollTo` is
  /// ``ReuseTestHost/scroll(toMessage:position:)``, `insertSticker` is ``ReuseTestHost/insert(_:)``).
  public typealias Operation = ScenarioOperation

  /// The scenario ops that are not the host's: `expect` (a test uses `#expect` on
  /// ``ReuseTestHost/measure(includingFirstPass:sourceLocation:_:)``'s counters), and `scene`, `receive`, `tab`,
  /// `search` and `nextHit` (the demo's editor scene, network side, keyboard focus and search bar; a
  /// test highlights text itself with the layout manager's rendering attributes).
  public static let scenarioOnlyOperations: Set<Operation> = [.expect, .scene, .receive, .tab, .search, .nextHit]

  /// The operations the host runs: every scenario op but ``scenarioOnlyOperations``.
  public static var operations: [Operation] {
    Operation.allCases.filter { !scenarioOnlyOperations.contains($0) }
  }
}
