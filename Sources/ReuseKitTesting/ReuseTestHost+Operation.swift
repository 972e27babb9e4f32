import ScenarioVocabulary

extension ReuseTestHost {
  /// The host's operations by their JSON scenario op names (`chat-demo --scenario`), from the one
  /// vocabulary the scenario parser reads too: the method of each is named after it (`scrollTo` is
  /// ``ReuseTestHost/scroll(toMessage:position:)``, `insertSticker` is ``ReuseTestHost/insert(_:)``).
  public typealias Operation = ScenarioOperation

  /// The scenario ops that are not the host's: `expect` (a test uses `#expect` on
  /// ``ReuseTestHost/measure(includingFirstPass:sourceLocation:_:)``'s counters), and `scene`, `receive` and `tab`
  /// (the demo's editor scene, network side and keyboard focus).
  public static let scenarioOnlyOperations: Set<Operation> = [.expect, .scene, .receive, .tab]

  /// The operations the host runs: every scenario op but ``scenarioOnlyOperations``.
  public static var operations: [Operation] {
    Operation.allCases.filter { !scenarioOnlyOperations.contains($0) }
  }
}
