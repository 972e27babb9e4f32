import ChatModel
import Testing
import TextEngine

/// Messages with the same sender, time and date share one attributes dictionary (one buffer),
/// which is what keeps a million messages in memory small; the attributes are still each
/// message's own.
@Suite struct ParagraphAttributeTableTests {
  /// The dictionary's storage (a `Dictionary` is one reference to its buffer).
  private func buffer(_ dictionary: [String: String]) -> UnsafeRawPointer {
    unsafeBitCast(dictionary, to: UnsafeRawPointer.self)
  }

  @Test func equalHeadersShareOneDictionaryAndOthersGetTheirOwn() {
    var table = ParagraphAttributeTable()
    let messages = [
      ChatMessage(from: "ana", time: "10:31", text: "hi"),
      ChatMessage(from: "ana", time: "10:31", text: "again"),
      ChatMessage(from: "ben", time: "10:31", text: "hey"),
      ChatMessage(from: "ana", time: "10:31", date: "2026-11-30", text: "dated"),
      ChatMessage(from: "ana", text: "no time"),
    ]
    let attributes = messages.map { table.attributes(of: $0) }
    for (message, given) in zip(messages, attributes) { #expect(given == message.paragraphAttributes) }
    #expect(buffer(attributes[0]) == buffer(attributes[1]))
    for other in attributes[2...] { #expect(buffer(other) != buffer(attributes[0])) }
  }

  @Test func theTableStartsOverAtItsCapacity() {
    var table = ParagraphAttributeTable()
    let first = table.attributes(of: ChatMessage(from: "ana", time: "00:00", text: "x"))
    for index in 1..<ParagraphAttributeTable.capacity {
      _ = table.attributes(of: ChatMessage(from: "ana", time: "\(index)", text: "x"))
    }
    // Still remembered at capacity; forgotten once one more entry arrives.
    #expect(buffer(table.attributes(of: ChatMessage(from: "ana", time: "00:00", text: "y"))) == buffer(first))
    _ = table.attributes(of: ChatMessage(from: "ana", time: "new", text: "x"))
    let again = table.attributes(of: ChatMessage(from: "ana", time: "00:00", text: "z"))
    #expect(again == first)
    #expect(buffer(again) != buffer(first))
  }

  @Test func aTranscriptOpenedInMemorySharesItsAttributes() {
    let transcript = TranscriptGenerator(messages: 20_000, seed: 7, stickerEvery: 0, stickers: []).generate()
    // No stickers (`stickerEvery: 0`): the test's own maker is never asked.
    let storage = transcript.storage(stickers: ChatModelStandaloneTests.PlainStickers())
    var buffers = Set<UnsafeRawPointer>()
    storage.enumerateTextElements { element in
      if let paragraph = element as? TextParagraph { buffers.insert(buffer(paragraph.paragraphAttributes)) }
      return true
    }
    // A time is a minute of the day (1,440) and there are five senders: at most 7,200 dictionaries.
    #expect(buffers.count <= 7_200, "\(buffers.count) dictionaries for 20,000 messages")
  }
}
