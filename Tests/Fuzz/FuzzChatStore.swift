import ChatModel
import Foundation
import TextEngine

@testable import ChatStore

/// Opening a chat store from arbitrary bytes, as a file in a fresh folder: read-only (the header,
/// schema and block-table checks), then read through the paths a viewport and an export take; then
/// read-write (upgrading, rebuilding a damaged block table, splitting). A file is refused with a
/// `ChatStoreError` (never a trap); a store that opens reports block counts that add up to its
/// message count.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChatStore(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reusekit-fuzz-store-\(getpid())")
  try? FileManager.default.removeItem(at: folder)
  try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let url = folder.appendingPathComponent("history.sqlite")
  require(FileManager.default.createFile(atPath: url.path, contents: Data(bytes: data, count: size)))
  for access in [ChatStore.Access.readOnly, .readWrite] {
    guard let store = try? ChatStore(contentsOf: url, stickers: PlainStickers(), access: access) else { continue }
    read(store)
  }
  return 0
}

/// Reads `store` the ways the app does, checking what opening promises: block summaries in range,
/// and, when the O(n) consistency check finds nothing wrong, every block read back in full. (A
/// count off by a few passes the bounded check at opening; the content manager finds it when it
/// reads the block, and shows an error there.)
private func read(_ store: ChatStore) {
  guard let summaries = try? store.blockSummaries() else { return }
  require(summaries.allSatisfy { $0.count >= 0 && $0.length >= 0 }, "a negative block summary")
  // Consistent: the block table matches the messages, and SQLite finds no damaged page.
  let consistent = (try? store.inconsistentBlocks())?.isEmpty == true && (try? store.integrityCheck()) == ["ok"]
  for summary in summaries.prefix(3) where summary.count > 0 {
    let positions = 0..<min(summary.count, 4)
    do {
      let elements = try store.elements(inBlock: summary.block, positions: positions)
      require(
        !consistent || elements.count == positions.count,
        "block \(summary.block) of a consistent store read back \(elements.count) of \(positions)")
    } catch {
      require(!consistent, "block \(summary.block) of a consistent store cannot be read: \(error)")
    }
    _ = try? store.lengths(inBlock: summary.block, positions: positions)
  }
  _ = try? store.messageCount()
  if let messages = try? store.messages() {
    for _ in messages.prefix(50) {}
  }
  _ = try? store.integrityCheck()
}

/// Makes plain attachments named after their stickers.
private struct PlainStickers: StickerAttachmentMaker {
  func makeAttachment(forSticker name: String, standalone: Bool) -> TextAttachment {
    TextAttachment(fileType: name)
  }
}

/// With `REUSEKIT_FUZZ_SEEDS=DIR`, writes small chat stores into `DIR` (one block, several blocks,
/// stickers and day separators) with `ChatStoreWriter`, and exits.
@_cdecl("LLVMFuzzerInitialize")
public func initializeChatStore(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> CInt {
  guard let directory = ProcessInfo.processInfo.environment["REUSEKIT_FUZZ_SEEDS"] else { return 0 }
  let shapes: [(messages: Int, blockCapacity: Int, days: Int)] = [(3, 64, 0), (24, 4, 0), (40, 8, 3)]
  for (index, shape) in shapes.enumerated() {
    var generator = TranscriptGenerator(messages: shape.messages, seed: UInt64(index + 1), averageLength: 24)
    generator.days = shape.days
    let url = URL(fileURLWithPath: directory).appendingPathComponent("store-\(index).sqlite")
    let writer = try! ChatStoreWriter(creating: url, blockCapacity: shape.blockCapacity)
    try! writer.append(contentsOf: generator.messageSequence)
    try! writer.finish()
  }
  exit(0)
}
