import ChatModel
import ChatStore
import Foundation
import ReuseKitTestSupport
import Testing

/// kill -9 while a child process (`chat-demo --store-upgrade`) builds a version 3 store's
/// full-text index: every run resumes after the last committed chunk, the store stays a readable
/// version 3 store until the last chunk, and the finished index equals a fresh build.
@Suite struct StoreUpgradeKillTests {
  static let chatDemo = BuiltProducts.executable(named: "chat-demo")

  /// Runs the upgrade of `url` in chunks of `chunk` messages and kills it with SIGKILL `delay`
  /// microseconds after it printed `lines` progress lines (at once for 0).
  /// - Returns: The messages indexed each whole progress line reported, in order.
  private func upgradeAndKill(_ url: URL, chunk: Int, after lines: Int, delay: UInt32) throws -> [Int] {
    let executable: URL = try #require(Self.chatDemo, "\(BuiltProducts.missing("chat-demo"))")
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--store-upgrade", url.path, "--upgrade-chunk", "\(chunk)"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    var output = ""
    if lines > 0 {
      while output.split(separator: "\n").count < lines {
        let data = pipe.fileHandleForReading.availableData
        if data.isEmpty { break }
        output += String(decoding: data, as: UTF8.self)
      }
      usleep(delay)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal, "the upgrade ended before the kill: \(output)")
    output += String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { line in
      guard line.hasPrefix("indexed ") else { return nil }
      return Int(line.dropFirst("indexed ".count).split(separator: "/")[0])
    }
  }

  private func integer(_ url: URL, _ sql: String) throws -> Int64? {
    try SQLiteConnection(path: url.path, mode: .readOnly).integer(sql)
  }

  @Test func killsDuringTheIndexUpgradeResumeAndTheFinishedIndexEqualsAFreshBuild() throws {
    _ = try #require(Self.chatDemo, "\(BuiltProducts.missing("chat-demo"))")
    let transcript = TranscriptGenerator(messages: 3_000, seed: 9).generate()
    let url = RepositoryAssets.temporaryDirectory().appendingPathComponent("v3.sqlite")
    let writer = try ChatStoreWriter(creating: url, blockCapacity: 256)
    try writer.append(contentsOf: transcript.messages)
    try writer.finish()
    try SQLiteConnection(path: url.path, mode: .readWrite).execute(
      "DROP TABLE message_search; PRAGMA user_version = 3;")
    var indexed = 0
    for (lines, delay) in [(0, 0), (1, 0), (2, 300), (4, 900), (3, 1_500), (6, 50)] as [(Int, UInt32)] {
      let reported = try upgradeAndKill(url, chunk: 100, after: lines, delay: delay)
      // A run resumes where the last committed chunk left off: it never reports less than the
      // chunks the runs before reported.
      if let first = reported.first { #expect(first > indexed, "resumed at \(first) after \(indexed)") }
      #expect(reported == reported.sorted())
      indexed = max(indexed, reported.last ?? indexed)
      #expect(try integer(url, "PRAGMA user_version") == 3, "the upgrade finished before a kill")
      // The progress in the file covers every chunk reported (an id counts day separators too).
      if indexed > 0 { #expect(try integer(url, "SELECT last FROM search_progress") ?? 0 >= Int64(indexed)) }
      // Meanwhile the store reads as a version 3 store, searched by a scan.
      let reader = try ChatStore(contentsOf: url, access: .readOnly)
      let query = try MessageSearchQuery("the")
      #expect(
        try reader.searchHits(for: query, startingAt: 0, limit: 20)
          == transcript.searchHits(for: query, startingAt: 0, limit: 20))
    }
    #expect(indexed > 0 && indexed < 3_000)
    var reports: [Int] = []
    let store = try ChatStore(
      contentsOf: url, stickers: nil, access: .readWrite, vfs: nil,
      upgradeProgress: { done, _ in reports.append(done) },
      searchUpgradeChunk: 100)
    #expect((reports.first ?? 0) > indexed)
    #expect(reports.last == 3_000)
    #expect(try integer(url, "PRAGMA user_version") == 4)
    #expect(try store.searchIndexProblems().isEmpty)
    for text in ["the", "mor", "a"] {
      let query = try MessageSearchQuery(text)
      #expect(
        try store.searchHits(for: query, startingAt: 100, limit: 50)
          == transcript.searchHits(for: query, startingAt: 100, limit: 50))
      #expect(
        try store.searchHitCount(for: query, upTo: 100_000) == transcript.searchHitCount(for: query, upTo: 100_000))
    }
  }
}
