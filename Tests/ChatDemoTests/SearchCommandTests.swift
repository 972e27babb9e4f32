import ChatModel
import ChatStore
import Foundation
import ReuseKitTestSupport
import Testing

@testable import ChatDemo

/// `chat-demo --history HISTORY.sqlite --search QUERY [--limit N]`, run as a process: JSON lines
/// in document order, exit 0 with or without hits, exit 2 for a bad query or store.
@Suite struct SearchCommandTests {
  static let chatDemo = BuiltProducts.executable(named: "chat-demo")

  /// One printed line.
  private struct Line: Decodable, Equatable {
    var paragraph: Int
    var offset: Int
    var length: Int
    var text: String
  }

  /// Runs chat-demo with `arguments`: its exit status, standard output and standard error.
  private func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    let executable: URL = try #require(Self.chatDemo, "\(BuiltProducts.missing("chat-demo"))")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let complaint = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: printed, as: UTF8.self), String(decoding: complaint, as: UTF8.self)
    )
  }

  /// A store of a small transcript over two days: paragraphs 0 and 3 are day separators.
  private func store() throws -> (URL, Transcript) {
    let transcript = Transcript(messages: [
      ChatMessage(from: "ana", date: "2024-01-01", text: "Good morning, Café!"),
      ChatMessage(from: "bo", date: "2024-01-01", parts: [.sticker("heart"), .text(" 😀 morning 東京")]),
      ChatMessage(from: "ana", date: "2024-01-02", text: "more\nmornings"),
    ])
    let url = RepositoryAssets.temporaryDirectory().appendingPathComponent("history.sqlite")
    let writer = try ChatStoreWriter(creating: url)
    try writer.append(contentsOf: transcript.messages)
    try writer.finish()
    return (url, transcript)
  }

  @Test func printsEachHitAsAJSONLineInDocumentOrder() throws {
    let (url, transcript) = try store()
    let result = try run(["--history", url.path, "--search", "MOR"])
    #expect(result.status == 0, "\(result.error)")
    let lines = try result.output.split(separator: "\n").map {
      try JSONDecoder().decode(Line.self, from: Data($0.utf8))
    }
    #expect(
      lines == [
        Line(paragraph: 1, offset: 5, length: 3, text: "Good morning, Café!"),
        Line(paragraph: 2, offset: 5, length: 3, text: "\u{FFFC} 😀 morning 東京"),
        Line(paragraph: 4, offset: 0, length: 3, text: "more\nmornings"),
        Line(paragraph: 4, offset: 5, length: 3, text: "more\nmornings"),
      ])
    // The same hits as the transcript's scan.
    let hits = transcript.searchHits(for: try MessageSearchQuery("MOR"), startingAt: 0, limit: 100)
    #expect(lines.map { MessageSearchHit(paragraphIndex: $0.paragraph, offset: $0.offset, length: $0.length) } == hits)
    let limited = try run(["--history", url.path, "--search", "京", "--limit", "1"])
    #expect(limited.output == "{\"length\":1,\"offset\":14,\"paragraph\":2,\"text\":\"\u{FFFC} 😀 morning 東京\"}\n")
    let accent = try run(["--history", url.path, "--search", "cafe", "--limit", "1"])
    #expect(accent.output.hasPrefix("{\"length\":4,\"offset\":14,\"paragraph\":1,"))
  }

  @Test func noHitsPrintNothingAndBadQueriesOrStoresExitTwo() throws {
    let (url, _) = try store()
    let none = try run(["--history", url.path, "--search", "evening"])
    #expect(none.status == 0 && none.output.isEmpty)
    let bad = try run(["--history", url.path, "--search", "😀 !"])
    #expect(bad.status == 2 && bad.output.isEmpty)
    #expect(bad.error.contains("bad --search query: the query \"😀 !\" has no letter or digit to search for"))
    let missing = try run(["--history", url.path + ".missing", "--search", "morning"])
    #expect(missing.status == 2 && missing.output.isEmpty)
    #expect(missing.error.contains("cannot search"))
  }
}
