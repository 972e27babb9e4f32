import ChatDemoCore
import Foundation
import ScenarioVocabulary
import Testing

/// The JSON scenarios read the one scenario vocabulary the Swift test host (`ReuseTestHost`) uses:
/// every operation name parses as a step of that operation, and every key as a `key` step's key.
@Suite struct ScenarioVocabularyParsingTests {
  /// The fields a one-step scenario of `operation` needs besides `"op"`. Exhaustive over the
  /// vocabulary, so an operation added there does not compile until it is listed here.
  static func fields(of operation: ScenarioOperation) -> String {
    switch operation {
    case .select: #""message": 0, "offset": 0"#
    case .scrollTo: #""message": 0"#
    case .scrollBy: #""dy": 1"#
    case .fling: #""velocity": 5000, "seconds": 1"#
    case .type, .send: #""text": "hi""#
    case .key: #""key": "enter""#
    case .insertSticker: #""sticker": "s""#
    case .receive: #""from": "ana", "text": "hi""#
    case .resize: #""width": 200, "height": 200"#
    case .advance: #""seconds": 1"#
    case .setPolicies: #""policies": []"#
    case .screenshot: #""name": "s""#
    case .expect: #""counter": "providersCreated", "equals": 0"#
    case .scene: #""scene": "chat""#
    case .collapse, .expand: #""day": 0"#
    case .split: #""split": "on""#
    case .search: #""query": "hi""#
    case .nextHit: #""backward": false"#
    case .scrollToTop, .scrollToBottom, .tab, .undo, .redo, .cut, .copy, .paste: ""
    }
  }

  /// A one-step scenario: `"op"` and `fields`.
  static func parse(op: String, fields: String = "") throws -> Scenario {
    let chat = #"{"messages": [{"from": "ana", "text": "hello"}]}"#
    let step = fields.isEmpty ? #"{"op": "\#(op)"}"# : #"{"op": "\#(op)", \#(fields)}"#
    let json = #"{"name": "p", "transcript": \#(chat), "steps": [\#(step)]}"#
    return try Scenario(jsonData: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
  }

  @Test(arguments: ScenarioOperation.allCases)
  func everyOperationNameParsesAsAStepOfThatOperation(operation: ScenarioOperation) throws {
    let scenario = try Self.parse(op: operation.rawValue, fields: Self.fields(of: operation))
    #expect(scenario.steps.map(\.operation) == [operation])
    #expect(scenario.steps.first?.op == operation.rawValue)
  }

  @Test func aNameOutsideTheVocabularyIsAnUnknownOp() {
    #expect(ScenarioOperation(rawValue: "jump") == nil)
    #expect {
      _ = try Self.parse(op: "jump")
    } throws: { error in
      "\(error)".contains("unknown op \"jump\"")
    }
  }

  @Test(arguments: ScenarioKey.allCases)
  func everyKeyParsesAsAKeyStepsKey(key: ScenarioKey) throws {
    let scenario = try Self.parse(op: "key", fields: #""key": "\#(key.rawValue)""#)
    #expect(scenario.steps == [.key(key, repeat: 1)])
  }

  @Test func bothSelectOffsetsParse() throws {
    let end = try Self.parse(op: "select", fields: #""message": 0, "offset": "end""#)
    let at = try Self.parse(op: "select", fields: #""message": 0, "offset": 3"#)
    #expect(end.steps == [.select(message: 0, offset: ScenarioOffset.end, length: 0)])
    #expect(at.steps == [.select(message: 0, offset: ScenarioOffset.at(3), length: 0)])
  }
}
