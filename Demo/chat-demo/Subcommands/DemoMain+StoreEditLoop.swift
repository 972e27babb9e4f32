import ChatDemoCore
import ChatStore
import Foundation
import TextEngine

extension DemoMain {
  /// The hidden `--store-edit-loop` test hook: edits the chat store at `url` until killed. Each
  /// transaction appends a message `edit TAG.N` to the last block and rewrites the first message
  /// as `rewrite TAG.N`; once the commit has returned it prints `committed TAG.N` (written
  /// straight to the file descriptor, unbuffered), so a test that kills the process knows which
  /// edits must have survived. Every 16th edit also appends a 2 KB message, and is followed by a
  /// checkpoint of the write-ahead log into the file, between `checkpointing TAG.N` and
  /// `checkpointed TAG.N`, so that a test can kill the process while SQLite writes the file.
  static func storeEditLoop(_ url: URL, tag: UInt64) -> Int32 {
    do {
      let store = try ChatStore(contentsOf: url)
      var edit = 0
      while true {
        let blocks = try store.blockSummaries()
        guard let first = blocks.first, let last = blocks.last else { return fail("\(url.path): no blocks") }
        let name = "\(tag).\(edit)"
        try store.beginTransaction()
        let padding = edit % 16 == 15 ? " " + String(repeating: "checkpoint ", count: 190) : ""
        _ = try store.replaceElements(
          inBlock: last.block, positions: last.count..<last.count,
          with: [
            StoredTextElement(
              identifier: 0, attributedString: AttributedText("edit \(name)\(padding)"),
              paragraphAttributes: ["from": "me"])
          ])
        _ = try store.replaceElements(
          inBlock: first.block, positions: 0..<min(1, first.count),
          with: [
            StoredTextElement(
              identifier: 0, attributedString: AttributedText("rewrite \(name)"), paragraphAttributes: ["from": "me"])
          ])
        try store.commitTransaction()
        FileHandle.standardOutput.write(Data("committed \(name)\n".utf8))
        if edit % 16 == 15 {
          FileHandle.standardOutput.write(Data("checkpointing \(name)\n".utf8))
          try store.checkpoint()
          FileHandle.standardOutput.write(Data("checkpointed \(name)\n".utf8))
        }
        edit += 1
      }
    } catch {
      return fail("\(error)")
    }
  }
}

extension DemoMain {
  /// The hidden `--store-upgrade` test hook: opens the chat store at `url` for writing, which
  /// upgrades an older store; while a version 3 store gets its full-text index, prints
  /// `indexed DONE/TOTAL` after each chunk of `chunk` messages (default: the store's own), written
  /// straight to the file descriptor, so a test can kill the process between chunks or inside one.
  static func storeUpgrade(_ url: URL, chunk: Int?) -> Int32 {
    do {
      _ = try ChatStore(
        contentsOf: url, stickers: nil, access: .readWrite, vfs: nil,
        upgradeProgress: { done, total in FileHandle.standardOutput.write(Data("indexed \(done)/\(total)\n".utf8)) },
        searchUpgradeChunk: chunk ?? ChatStore.searchUpgradeChunk)
      FileHandle.standardOutput.write(Data("opened\n".utf8))
      return 0
    } catch {
      return fail("cannot open \(url.path): \(error)")
    }
  }
}
