import ChatAccessibility
import ChatDemoCore
import Foundation

extension ScenarioRunner {
  /// Runs the scenario's steps with the accessibility tree on the AT-SPI bus, then serves it:
  /// pumps GLib every millisecond, and runs each line of standard input as one more scenario
  /// step (a JSON object, as in a scenario's `steps`) until `quit` or the end of input. Prints
  /// `ready` once the tree is on the bus, and `done N` (or `error N: reason`) after each step.
  ///
  /// The hidden `chat-demo --accessibility-serve SCENARIO` test hook: a client on the bus (the
  /// pyatspi test) reads the app while this drives it through the window's input path.
  /// - Throws: ``ScenarioError`` when the app cannot start or no accessibility bus is there.
  func serveAccessibility(input: FileHandle = .standardInput) throws(ScenarioError) -> ScenarioReport {
    var tree: ChatAccessibility?
    let (app, host) = try start { app throws(ScenarioError) in
      tree = ChatAccessibility.start(for: app)
      if tree == nil { throw ScenarioError(step: nil, reason: "no accessibility bus (run under dbus-run-session)") }
    }
    try runSteps(app: app, host: host)
    Self.say("ready")
    var index = scenario.steps.count
    var lines = LineReader(handle: input)
    while true {
      tree?.update()
      guard let line = lines.next(waiting: 0.001) else { continue }
      guard let text = line.text, text != "quit" else { break }
      do {
        let step = try Self.step(fromJSON: text)
        try perform(step, index: index, app: app, host: host)
        Self.say("done \(index)")
      } catch {
        Self.say("error \(index): \(error)")
      }
      index += 1
    }
    return report(app)
  }

  /// One scenario step from its JSON object.
  static func step(fromJSON text: String) throws(ScenarioError) -> ScenarioStep {
    let wrapped = #"{"name": "serve", "transcript": {"messages": []}, "steps": ["# + text + "]}"
    let scenario = try Scenario(jsonData: Data(wrapped.utf8), baseDirectory: URL(fileURLWithPath: "/"))
    guard let step = scenario.steps.first else { throw ScenarioError(step: nil, reason: "no step") }
    return step
  }

  private static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }
}
