import AnimationRuntime
import ChatKit
import ReuseKitTestSupport
import Stickers
import Testing
import TextEngine

@Suite struct ParagraphAttributeCacheTests {
  private let stickers: StickerFactory

  init() throws {
    let library = try StickerLibrary(directory: RepositoryAssets.stickers)
    stickers = StickerFactory(runtime: StickerRuntime(clock: ManualClock(), library: library))
  }

  /// The storage a dictionary value points at: equal for two values that share it.
  private func storageAddress(_ attributes: [String: String]) -> UInt {
    withUnsafeBytes(of: attributes) { $0.load(as: UInt.self) }
  }

  @Test func sharedParagraphsEqualUnsharedOnes() {
    var generator = TranscriptGenerator(messages: 3_000, seed: 7, stickers: ["heart", "party"])
    generator.days = 5
    var cache = ParagraphAttributeCache()
    for message in generator.messageSequence {
      let shared = message.paragraph(stickers: stickers, sharing: &cache)
      let own = message.paragraph(stickers: stickers)
      #expect(shared.1 == own.1)
      #expect(shared.0.string == own.0.string && shared.0.length == own.0.length)
    }
  }

  @Test func oneDictionaryPerDistinctHeader() {
    // Without days a header is a sender and a time of day: at most 5 × 1,440 distinct ones.
    let generator = TranscriptGenerator(messages: 20_000, seed: 7, stickers: ["heart"])
    var cache = ParagraphAttributeCache()
    var headers: [String: UInt] = [:]
    for message in generator.messageSequence {
      let attributes = message.paragraph(stickers: stickers, sharing: &cache).1
      let header = "\(message.from)|\(message.time ?? "-")|\(message.date ?? "-")"
      let address = storageAddress(attributes)
      // Every message with this header got the very same dictionary storage.
      #expect(headers[header, default: address] == address)
      headers[header] = address
    }
    #expect(cache.count == headers.count)
    #expect(headers.count < 20_000 / 2)
  }

  @Test func memoryStaysBoundedPastTheCapacity() {
    var cache = ParagraphAttributeCache()
    let extra = 10
    for index in 0..<(ParagraphAttributeCache.capacity + extra) {
      let message = ChatMessage(from: "sender \(index)", time: "12:00", text: "hi")
      let attributes = cache.attributes(of: message)
      #expect(attributes == [ChatMessage.senderKey: "sender \(index)", ChatMessage.timeKey: "12:00"])
    }
    #expect(cache.count == ParagraphAttributeCache.capacity)
  }
}
