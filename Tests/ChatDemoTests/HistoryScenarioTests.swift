import ChatDemoCore
import ChatKit
import ChatModel
import ChatStore
import Foundation
import ReuseKitTestSupport
import Testing

/// Scenarios over a chat store (`"transcript": {"history": …}`) against the same transcript as JSON.
@MainActor @Suite struct HistoryScenarioTests {
  private let steps = """
    [
      {"op": "scrollTo", "message": 40, "position": "center"},
      {"op": "select", "message": 40, "offset": 3},
      {"op": "type", "text": "hello"},
      {"op": "scrollToTop"},
      {"op": "scrollToBottom"},
      {"op": "key", "key": "backspace", "repeat": 2},
      {"op": "undo"},
      {"op": "send", "parts": ["bye ", {"sticker": "party"}]}
    ]
    """

  private func run(_ transcript: String, in directory: URL) throws -> ScenarioReport {
    let json = """
      {"name": "history", "viewport": {"width": 480, "height": 800}, "transcript": \(transcript), "steps": \(steps)}
      """
    let base = URL(fileURLWithPath: directory.path, isDirectory: true)
    let scenario = try Scenario(jsonData: Data(json.utf8), baseDirectory: base)
    let options = ScenarioRunner.Options(
      policyOverride: nil, stickerDirectory: RepositoryAssets.stickers)
    return try ScenarioRunner(scenario: scenario, options: options).run()
  }

  /// 300 generated messages over 4 days written into `directory` twice: as a JSON transcript
  /// (`chat.json`) and as a chat store (`chat.sqlite`).
  /// - Returns: The transcript written.
  static func writeTranscriptAndStore(in directory: URL) throws -> Transcript {
    var generator = TranscriptGenerator(messages: 300, seed: 8)
    generator.days = 4
    let transcript = generator.generate()
    try TranscriptFile.save(transcript, to: directory.appendingPathComponent("chat.json"))
    let writer = try ChatStoreWriter(creating: directory.appendingPathComponent("chat.sqlite"))
    try writer.append(contentsOf: transcript.messages)
    try writer.finish()
    return transcript
  }

  @Test func aHistoryScenarioCountsWhatTheSameJSONTranscriptCounts() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let transcript = try Self.writeTranscriptAndStore(in: directory)
    let fromJSON = try run(#"{"file": "chat.json"}"#, in: directory)
    let fromStore = try run(#"{"history": "chat.sqlite"}"#, in: directory)
    #expect(fromStore.errors.isEmpty, "\(fromStore.errors)")
    #expect(fromStore.framesRendered == fromJSON.framesRendered && fromStore.framesRendered > 0)
    #expect(fromStore.counters == fromJSON.counters)
    // The edits were saved into the store as they happened.
    let saved = try Array(ChatStore(contentsOf: directory.appendingPathComponent("chat.sqlite")).messages())
    #expect(saved.count == transcript.messages.count + 1)
    let edited = zip(saved, transcript.messages).filter { $0.0 != $0.1 }
    #expect(edited.count == 1, "only the message typed into changed")
    #expect(edited.first.map { "\($0.0.parts)".contains("hel") } == true)
    #expect(saved.last?.parts == [.text("bye "), .sticker("party")])
    #expect(saved.last?.from == "me")
  }

  @Test func aMissingOrForeignHistoryIsBadInput() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    try Data("not sqlite".utf8).write(to: directory.appendingPathComponent("notes.sqlite"))
    for name in ["missing.sqlite", "notes.sqlite"] {
      let error = try #require(throws: ScenarioError.self) { _ = try run(#"{"history": "\#(name)"}"#, in: directory) }
      #expect(error.description.contains(name), "\(error)")
    }
    let error = try #require(throws: ScenarioError.self) { _ = try run(#"{"history": 3}"#, in: directory) }
    #expect(error.description.contains("\"history\" must be a string"))
  }

  /// A message in range that the store cannot read is said as such, not as "out of range".
  @Test func aMessageTheStoreCannotReadIsNotCalledOutOfRange() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let url = directory.appendingPathComponent("chat.sqlite")
    let writer = try ChatStoreWriter(creating: url, blockCapacity: 64)
    try writer.append(contentsOf: TranscriptGenerator(messages: 300, seed: 8).generate().messages)
    try writer.finish()
    let held = try ChatStore(contentsOf: url, access: .readOnly).blockSummaries().reduce(0) { $0 + $1.count }
    do {  // the last block claims three messages it does not hold
      let connection = try SQLiteConnection(path: url.path, mode: .readWrite)
      try connection.execute("UPDATE blocks SET count = count + 3 WHERE id = (SELECT max(id) FROM blocks)")
    }
    let json = """
      {"name": "unreadable", "transcript": {"history": "chat.sqlite"},
       "steps": [{"op": "select", "message": \(held + 1), "offset": 0}]}
      """
    let scenario = try Scenario(
      jsonData: Data(json.utf8), baseDirectory: URL(fileURLWithPath: directory.path, isDirectory: true))
    let options = ScenarioRunner.Options(policyOverride: nil, stickerDirectory: RepositoryAssets.stickers)
    let error = try #require(throws: ScenarioError.self) {
      _ = try ScenarioRunner(scenario: scenario, options: options).run()
    }
    #expect(error.description.contains("message \(held + 1) cannot be read"), "\(error)")
    #expect(!error.description.contains("out of range"), "\(error)")
  }
}
