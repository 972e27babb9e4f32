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

  /// Runs the edit loop tagged `tag` on `url`, kills it with SIGKILL `delay` microseconds after it
  /// printed a line starting with `trigger` (or at once, before any, when `delay` is `nil`), and
  /// returns the edits it reported committed and whether the kill cut a checkpoint short.
  private func editAndKill(_ url: URL, tag: Int, delay: UInt32?, after trigger: String = "committed ") throws
    -> (committed: [String], duringCheckpoint: Bool)
  {
    let process = Process()
    process.executableURL = Self.chatDemo
    process.arguments = ["--store-edit-loop", url.path, "--seed", "\(tag)"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    var output = ""
    if let delay {
      while !output.split(separator: "\n").contains(where: { $0.hasPrefix(trigger) }) {
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
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let committed = lines.compactMap { line in
      line.hasPrefix("committed ") ? String(line.dropFirst("committed ".count)) : nil
    }
    let lastCheckpoint = lines.last { $0.hasPrefix("checkpoint") }
    return (committed, lastCheckpoint?.hasPrefix("checkpointing ") == true)
  }

  /// A new store of `messages` generated messages in a fresh folder, once `chat-demo` is built.
  private func generatedStore(messages: Int, seed: UInt64, blockCapacity: Int) throws -> URL {
    try #require(Self.chatDemo != nil, "\(BuiltProducts.missing("chat-demo"))")
    let url = RepositoryAssets.temporaryDirectory().appendingPathComponent("chat.sqlite")
    let writer = try ChatStoreWriter(creating: url, blockCapacity: blockCapacity)
    try writer.append(contentsOf: TranscriptGenerator(messages: messages, seed: seed).generate().messages)
    try writer.finish()
    return url
  }

  /// The edits `store` holds (`edit TAG.N` messages), by their names.
  private func edits(in store: ChatStore) throws -> Set<String> {
    Set(
      try Array(store.messages()).compactMap { message -> String? in
        guard case .text(let text)? = message.parts.first, text.hasPrefix("edit ") else { return nil }
        return text.dropFirst(5).split(separator: " ").first.map(String.init)
      })
  }

  /// Issue 23: kill -9 while SQLite checkpoints the write-ahead log into the file (the loop
  /// checkpoints after every 16th edit): the main file is then half old, half new, and only the
  /// log makes it whole. The store must open (reading the log), pass `integrity_check` and keep
  /// every committed edit. 10 kills in `make test`, 100 under `FUZZ_FULL=1` (`make fuzz`).
  @Test func killsDuringCheckpointsNeverLoseACommittedEditOrRefuseTheStore() throws {
    let url = try generatedStore(messages: 5_000, seed: 4, blockCapacity: 256)
    let kills = ProcessInfo.processInfo.environment["FUZZ_FULL"] == "1" ? 100 : 10
    var random = SplitMix64(seed: 23)
    var committed: Set<String> = []
    var duringCheckpoint = 0
    for tag in 0..<kills {
      let (reported, cut) = try editAndKill(
        url, tag: 1_000 + tag, delay: UInt32(random.next() % 1_500), after: "checkpointing ")
      committed.formUnion(reported)
      if cut { duringCheckpoint += 1 }
      let store = try ChatStore(contentsOf: url)
      #expect(try store.integrityCheck() == ["ok"], "kill \(tag)")
      #expect(try store.inconsistentBlocks() == [], "kill \(tag)")
      let lost = committed.subtracting(try edits(in: store))
      #expect(lost.isEmpty, "kill \(tag): committed edits lost: \(lost.sorted().prefix(5))")
    }
    #expect(committed.count >= kills * 16, "each run committed its edits up to a checkpoint")
    #expect(duringCheckpoint > 0, "some kill landed inside a checkpoint")
    print(
      "kill -9 during checkpoints: \(kills) kills, \(duringCheckpoint) inside a checkpoint, "
        + "\(committed.count) committed edits kept, 0 stores refused")
  }

  @Test func killedEditsNeverCorruptTheStoreOrLoseACommittedEdit() throws {
    let url = try generatedStore(messages: 40, seed: 3, blockCapacity: 16)
    var random = SplitMix64(seed: 11)
    var committed: Set<String> = []
    var kills = 0
    var killedBeforeAnyCommit = 0
    for tag in 0..<60 {
      let delay: UInt32? = tag % 10 == 9 ? nil : UInt32(random.next() % 20_000)
      let reported = try editAndKill(url, tag: tag, delay: delay).committed
      kills += 1
      if reported.isEmpty { killedBeforeAnyCommit += 1 }
      committed.formUnion(reported)
      let store = try ChatStore(contentsOf: url)
      #expect(try store.integrityCheck() == ["ok"], "kill \(tag)")
      #expect(try store.inconsistentBlocks() == [], "kill \(tag): a block's count or length disagrees")
      let edits = try edits(in: store)
      let lost = committed.subtracting(edits)
      #expect(lost.isEmpty, "kill \(tag): committed edits lost: \(lost.sorted().prefix(5))")
      #expect(edits.count <= committed.count + tag + 1, "at most one unreported edit per run survives")
    }
    #expect(kills >= 50)
    #expect(committed.count > kills, "the children committed edits between the kills")
    print("kill -9 while editing a store: \(kills) kills, \(committed.count) committed edits kept, 0 corrupt stores")
  }
}
