/// Makes the host headless runs render through: the chat view on SDL's software renderer.
@MainActor
enum HeadlessHostFactory {
  static func make(_ context: ScenarioHostContext) throws -> any ScenarioHost {
    try SDLScenarioHost(context: context)
  }
}
