import ChatModel
import ChatStore
import Foundation
import ReuseKitTestSupport
import Testing
import TextEngine

/// Issue 23: several processes, one store. The rule (README "Chat stores"): one process edits a
/// store at a time; any number may read it meanwhile. A second editor is refused before anything
/// is written, with the editor's process id; a killed editor locks nobody out.
@Suite struct StoreLockTests {
  private func makeStore(messages: Int) throws -> URL {
    let url = RepositoryAssets.temporaryDirectory().appendingPathComponent("chat.sqlite")
    let writer = try ChatStoreWriter(creating: url, blockCapacity: 32)
    try writer.append(contentsOf: TranscriptGenerator(messages: messages, seed: 6).generate().messages)
    try writer.finish()
    return url
  }

  @Test func aSecondEditorInTheSameProcessIsRefusedAndReadersAreNot() throws {
    let url = try makeStore(messages: 60)
    do {
      let editor = try ChatStore(contentsOf: url)
      let error = try #require(throws: ChatStoreError.self) { _ = try ChatStore(contentsOf: url) }
      #expect(error.kind == .locked)
      #expect(error.reason.contains("already open for editing by process \(getpid())"), "\(error)")
      // A reader sees what the editor committed (through the log, not the file alone).
      let block = try #require(try editor.blockSummaries().last)
      _ = try editor.replaceElements(
        inBlock: block.block, positions: block.count..<block.count,
        with: [
          StoredTextElement(identifier: 0, attributedString: AttributedText("committed"), paragraphAttributes: [:])
        ])
      let reader = try ChatStore(contentsOf: url, access: .readOnly)
      #expect(try Array(reader.messages()).last?.parts == [.text("committed")])
    }
    // A reader that opened first sees what an editor that opened after it commits and checkpoints.
    do {
      let reader = try ChatStore(contentsOf: url, access: .readOnly)
      let before = try Array(reader.messages()).count
      let editor = try ChatStore(contentsOf: url)
      let block = try #require(try editor.blockSummaries().last)
      _ = try editor.replaceElements(
        inBlock: block.block, positions: block.count..<block.count,
        with: [StoredTextElement(identifier: 0, attributedString: AttributedText("later"), paragraphAttributes: [:])])
      try editor.checkpoint()
      let after = try Array(reader.messages())
      #expect(after.count == before + 1 && after.last?.parts == [.text("later")])
      #expect(try reader.integrityCheck() == ["ok"])
    }
    // Closed, the store takes an editor again; closed again, no lock file is left.
    do { _ = try ChatStore(contentsOf: url) }
    #expect(!FileManager.default.fileExists(atPath: url.path + "-lock"))
  }

  @Test func anEditorInAnotherProcessLocksEditingOutUntilItDiesEvenByKill9() throws {
    let chatDemo = try #require(StoreKillTests.chatDemo, "\(BuiltProducts.missing("chat-demo"))")
    let url = try makeStore(messages: 200)
    let process = Process()
    process.executableURL = chatDemo
    process.arguments = ["--store-edit-loop", url.path, "--seed", "7"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    var output = ""
    while !output.contains("committed ") {
      let data = pipe.fileHandleForReading.availableData
      if data.isEmpty { break }
      output += String(decoding: data, as: UTF8.self)
    }
    #expect(output.contains("committed "), "the editor started")
    let error = try #require(throws: ChatStoreError.self) { _ = try ChatStore(contentsOf: url) }
    #expect(error.kind == .locked)
    #expect(error.description.contains("already open for editing by process \(process.processIdentifier)"), "\(error)")
    // Exports read while it edits.
    let reader = try ChatStore(contentsOf: url, access: .readOnly)
    #expect(try Array(reader.messages()).count >= 200)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    // Its lock file is still there, but the lock died with it.
    #expect(FileManager.default.fileExists(atPath: url.path + "-lock"))
    let store = try ChatStore(contentsOf: url)
    #expect(try store.integrityCheck() == ["ok"])
  }
}
