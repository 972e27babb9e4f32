import ChatKit
import ChatModel
import ChatStore
import Foundation
import ReuseKitSupport
import ReuseKitTestSupport
import Testing

/// kill -9 while a child process edits a chat store (`chat-demo --store-edit-loop`).
@Suite struct StoreKillTests {
  static let chatDemo = BuiltProducts.executable(named: "chat-demo")

  /// Runs the edit loop tagged `tag` on `url`, kills it with SIGKILL `delay` microseconds after its
  /// first commit (or at once, before any, when `delay` is `nil`), and returns the edits it reported
  /// committed.
  private func editAndKill(_ url: URL, tag: Int, delay: UInt32?) throws -> [String] {
    let process = Process()
    process.executableURL = Self.chatDemo
    process.arguments = ["--store-edit-loop", url.path, "--seed", "\(tag)"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    var output = ""
    if let delay {
      while !output.contains("\n") {
        let data = pipe.fileHandleForReading.availableData
        if data.isEmpty { break }
        output += String(decoding: data, as: UTF8.self)
      }
      usleep(delay)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal, "the loop ended on its own: \(output)")
    output += String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    // Only whole lines: a line cut by the kill was not fully reported.
    return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { line in
      line.hasPrefix("committed ") ? String(line.dropFirst("committed ".count)) : nil
    }
  }

  @Test func killedEditsNeverCorruptTheStoreOrLoseACommittedEdit() throws {
    try #require(Self.chatDemo != nil, "\(BuiltProducts.missing("chat-demo"))")
    let directory = RepositoryAssets.temporaryDirectory()
    let url = directory.appendingPathComponent("chat.sqlite")
    let writer = try ChatStoreWriter(creating: url, blockCapacity: 16)
    try writer.append(contentsOf: TranscriptGenerator(messages: 40, seed: 3).generate().messages)
    try writer.finish()
    var random = SplitMix64(seed: 11)
    var committed: Set<String> = []
    var kills = 0
    var killedBeforeAnyCommit = 0
    for tag in 0..<60 {
      let delay: UInt32? = tag % 10 == 9 ? nil : UInt32(random.next() % 20_000)
      let reported = try editAndKill(url, tag: tag, delay: delay)
      kills += 1
      if reported.isEmpty { killedBeforeAnyCommit += 1 }
      committed.formUnion(reported)
      let store = try ChatStore(contentsOf: url)
      #expect(try store.integrityCheck() == ["ok"], "kill \(tag)")
      #expect(try store.inconsistentBlocks() == [], "kill \(tag): a block's count or length disagrees")
      let edits = Set(
        try Array(store.messages()).compactMap { message -> String? in
          guard case .text(let text)? = message.parts.first, text.hasPrefix("edit ") else { return nil }
          return String(text.dropFirst(5))
        })
      let lost = committed.subtracting(edits)
      #expect(lost.isEmpty, "kill \(tag): committed edits lost: \(lost.sorted().prefix(5))")
      #expect(edits.count <= committed.count + tag + 1, "at most one unreported edit per run survives")
    }
    #expect(kills >= 50)
    #expect(committed.count > kills, "the children committed edits between the kills")
    print("kill -9 while editing a store: \(kills) kills, \(committed.count) committed edits kept, 0 corrupt stores")
  }
}
