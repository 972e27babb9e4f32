import ChatModel
import Testing

/// A transcript searched by scanning: paragraph indexes count day separators, forwards and
/// backwards from a paragraph, and the count, exact or bounded.
@Suite struct TranscriptSearchTests {
  /// Paragraphs: 0 separator, 1 "Good morning", 2 sticker message, 3 separator, 4 "morning again",
  /// 5 "more mornings".
  private let transcript = Transcript(messages: [
    ChatMessage(from: "ana", date: "2024-01-01", text: "Good morning"),
    ChatMessage(from: "bo", date: "2024-01-01", parts: [.sticker("heart"), .text(" morning")]),
    ChatMessage(from: "ana", date: "2024-01-02", text: "morning again"),
    ChatMessage(from: "bo", date: "2024-01-02", text: "more mornings, Morning!"),
  ])

  @Test func hitsCountDaySeparatorsInTheirParagraphIndexes() throws {
    let hits = transcript.searchHits(for: try MessageSearchQuery("morn"), startingAt: 0, limit: 10)
    #expect(
      hits.map(\.description) == ["1:5+4", "2:2+4", "4:0+4", "5:5+4", "5:15+4"])
  }

  @Test func searchingStartsAtAParagraphAndStopsAtTheLimit() throws {
    let query = try MessageSearchQuery("morning")
    #expect(transcript.searchHits(for: query, startingAt: 3, limit: 2).map(\.description) == ["4:0+7", "5:5+7"])
    #expect(transcript.searchHits(for: query, startingAt: 6, limit: 2).isEmpty)
    #expect(transcript.searchHits(for: query, before: 4, limit: 2).map(\.description) == ["2:2+7", "1:5+7"])
    #expect(
      transcript.searchHits(for: query, before: 99, limit: 3).map(\.description) == ["5:15+7", "5:5+7", "4:0+7"])
    #expect(transcript.searchHits(for: query, before: 0, limit: 3).isEmpty)
  }

  @Test func theCountIsExactUpToItsBound() throws {
    let query = try MessageSearchQuery("morning")
    #expect(transcript.searchHitCount(for: query, upTo: 10) == MessageSearchCount(count: 5, isExact: true))
    #expect(transcript.searchHitCount(for: query, upTo: 5) == MessageSearchCount(count: 5, isExact: true))
    #expect(transcript.searchHitCount(for: query, upTo: 3) == MessageSearchCount(count: 3, isExact: false))
    #expect(transcript.searchHitCount(for: query, upTo: 3).description == "3+")
  }
}
