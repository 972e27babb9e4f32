/// Makes the host headless runs render through.
enum HeadlessHostFactory {
  static func make(_ context: ScenarioHostContext) throws -> any ScenarioHost {
    EngineScenarioHost(context: context)
  }
}
