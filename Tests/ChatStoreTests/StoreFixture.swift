import AnimationRuntime
import ChatKit
import ChatModel
import ChatStore
import Foundation
import ReuseKitTestSupport
import Stickers
import TextEngine

/// Stores written from generated transcripts, in a fresh folder, with the real sticker library.
struct StoreFixture {
  let directory = RepositoryAssets.temporaryDirectory()
  let stickers: StickerFactory

  init() throws {
    let library = try StickerLibrary(directory: RepositoryAssets.stickers)
    stickers = StickerFactory(runtime: StickerRuntime(clock: ManualClock(), library: library))
  }

  /// A generated transcript with stickers (inline and alone) spread over `days` days.
  static func transcript(messages: Int, days: Int = 3) -> Transcript {
    var generator = TranscriptGenerator(messages: messages, seed: 5, stickerEvery: 3, stickerOnlyEvery: 4)
    generator.days = days
    return generator.generate()
  }

  /// A new store at `name` holding `transcript`.
  func store(_ transcript: Transcript, name: String = "chat.sqlite", blockCapacity: Int = 64) throws -> ChatStore {
    let url = directory.appendingPathComponent(name)
    let writer = try ChatStoreWriter(creating: url, blockCapacity: blockCapacity)
    try writer.append(contentsOf: transcript.messages)
    try writer.finish()
    return try ChatStore(contentsOf: url, stickers: stickers)
  }

  /// Every paragraph of `store`, in order, with its block and position.
  static func paragraphs(of store: ChatStore) throws -> [StoredTextElement] {
    try store.blockSummaries().flatMap { try store.elements(inBlock: $0.block, positions: 0..<$0.count) }
  }
}

/// A paragraph as plain values, to compare the store's paragraphs with the JSON path's.
struct ParagraphValue: Equatable {
  var string: String
  var attributes: [String: String]
  /// Each attachment's sticker name and bounds.
  var stickers: [String]

  init(_ text: AttributedText, _ attributes: [String: String]) {
    string = text.string
    self.attributes = attributes
    stickers = text.attachments.map { attachment in
      "\((attachment as? StickerAttachment)?.stickerName ?? "?") \(attachment.bounds.width)"
    }
  }
}
