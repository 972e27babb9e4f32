import ChatDemoCore
import ChatModel
import Foundation
import ReuseKitTesting
import Testing

/// The Swift scenario API (`ReuseTestHost`) and the JSON scenario ops cannot drift: every op a
/// scenario file can hold is a host operation of the same name, or one of the few that belong to
/// the demo alone.
@Suite struct HostOperationParityTests {
  /// One step of each kind. `opName(of:)` switches over them exhaustively, so a new kind of step
  /// does not compile until it is listed here, and then this test asks for its host operation.
  static let everyKindOfStep: [ScenarioStep] = [
    .select(message: 0, offset: .end, length: 0), .scrollTo(message: 0, position: .top), .scrollBy(dy: 1),
    .scrollToTop, .scrollToBottom, .type("a"), .key(.enter, repeat: 1), .insertSticker("s"), .send([]),
    .undo(repeat: 1), .redo(repeat: 1), .cut, .copy, .paste, .resize(width: 1, height: 1), .advance(seconds: 1),
    .setPolicies([]), .screenshot(name: "s"), .expect(counter: .providersCreated, comparison: .equals, value: 0),
    .scene(.chat), .collapse(.day(0)), .expand(.day(0)), .split(true), .receive(ChatMessage(from: "a", text: "b")),
    .tab(backward: false),
  ]

  static func opName(of step: ScenarioStep) -> String {
    switch step {
    case .select, .scrollTo, .scrollBy, .scrollToTop, .scrollToBottom, .type, .key, .insertSticker, .send, .undo,
      .redo, .cut, .copy, .paste, .resize, .advance, .setPolicies, .screenshot, .expect, .scene, .collapse, .expand,
      .split, .receive, .tab:
      step.op
    }
  }

  @Test func everyScenarioOpIsAHostOperation() {
    let scenarioOps = Set(Self.everyKindOfStep.map(Self.opName(of:)))
    #expect(scenarioOps.count == Self.everyKindOfStep.count, "one step per kind")
    let hostOps = Set(ReuseTestHost.Operation.allCases.map(\.rawValue))
    #expect(scenarioOps.subtracting(ReuseTestHost.scenarioOnlyOperations) == hostOps)
    #expect(ReuseTestHost.scenarioOnlyOperations.isSubset(of: scenarioOps))
  }

  @Test func theKeysAreTheSame() {
    #expect(ReuseTestHost.Key.allCases.map(\.rawValue) == ScenarioStep.Key.allCases.map(\.rawValue))
  }

  /// The error parsing a one-step scenario of `op` (with no fields) gives, or `nil` when it parses.
  static func parseError(op: String) -> String? {
    let chat = #"{"messages": [{"from": "ana", "text": "hello"}]}"#
    let json = #"{"name": "p", "transcript": \#(chat), "steps": [{"op": "\#(op)"}]}"#
    do {
      _ = try Scenario(jsonData: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func everyHostOperationParsesAsAScenarioOp() throws {
    // The control: an op that does not exist is reported as unknown.
    #expect(Self.parseError(op: "jump")?.contains("unknown op") == true)
    for operation in ReuseTestHost.Operation.allCases {
      // Missing fields are fine; an unknown op is the drift this test is for.
      let error = Self.parseError(op: operation.rawValue)
      #expect(error?.contains("unknown op") != true, "\(operation.rawValue): \(error ?? "")")
    }
  }
}
