import ChatModel
import ChatStore
import Foundation
import ReuseKitSupport
import Testing
import TextEngine

/// A store searched through its full-text index finds exactly what a scan of the same messages
/// finds (`Transcript`'s search): forwards and backwards from any paragraph, on both of the
/// store's paths (the index's whole answer sorted, and the block walk of a common query), after
/// random edits, and after an upgrade from version 3; the index always equals a fresh build.
@Suite struct ChatStoreSearchTests {
  /// Words of several scripts, with accents, emoji and characters of unspaced scripts.
  static let vocabulary = [
    "Café", "cafe", "résumé", "naïve", "morning", "more", "Mor", "hello", "Hello,", "world!", "привет", "мир",
    "Мировой", "йод", "مرحبا", "بالعالم", "שלום", "עולם", "東京", "東京都", "京都", "我们", "见面", "カタカナ", "ひらがな",
    "서울", "สวัสดี", "ครับ", "😀", "🍕", "❤️", "𠀀𠀁", "a", "aa", "the", "İstanbul", "e\u{301}te\u{301}",
  ]
  /// The queries compared.
  static let queries = [
    "cafe", "CAFÉ", "resume", "mor", "morning", "hello world", "hello wor", "привет м", "мир", "иод", "مرحبا",
    "עול", "京", "東京", "東京都", "京都 見", "我们见", "カ", "서", "ครับ", "ส", "𠀁", "a", "aa", "the", "istanbul",
    "ete", "e", "hello 東",
  ]

  /// A message of 1 to 8 random words, separated by spaces or nothing, sometimes with a sticker.
  static func message(_ random: inout SplitMix64, date: String) -> ChatMessage {
    var parts: [ChatMessage.Part] = []
    var text = ""
    for _ in 0..<(1 + Int(random.next() % 8)) {
      text += vocabulary[Int(random.next() % UInt64(vocabulary.count))]
      text += random.next() % 4 == 0 ? "" : (random.next() % 5 == 0 ? "\n" : " ")
      if random.next() % 12 == 0 {
        parts.append(.text(text))
        parts.append(.sticker("heart"))
        text = ""
      }
    }
    parts.append(.text(text))
    return ChatMessage(from: random.next() % 2 == 0 ? "ana" : "bo", date: date, parts: parts)
  }

  /// `count` random messages over a few days.
  static func transcript(messages count: Int, seed: UInt64) -> Transcript {
    var random = SplitMix64(seed: seed)
    return Transcript(
      messages: (0..<count).map { index in message(&random, date: "2024-03-\(10 + index * 5 / count)") })
  }

  /// Expects `store` to find what `reference` finds for every query, from several paragraphs.
  private func expectAgreement(_ store: ChatStore, _ reference: some MessageSearching, paragraphs: Int) throws {
    let starts = [0, 1, paragraphs / 3, paragraphs / 2 + 1, paragraphs - 1, paragraphs, paragraphs + 5]
    for text in Self.queries {
      let query = try MessageSearchQuery(text)
      for start in starts {
        for limit in [1, 7, 10_000] {
          #expect(
            try store.searchHits(for: query, startingAt: start, limit: limit)
              == reference.searchHits(for: query, startingAt: start, limit: limit), "\(text) from \(start)")
          #expect(
            try store.searchHits(for: query, before: start, limit: limit)
              == reference.searchHits(for: query, before: start, limit: limit), "\(text) before \(start)")
        }
      }
      for bound in [0, 3, 10_000] {
        #expect(
          try store.searchHitCount(for: query, upTo: bound) == reference.searchHitCount(for: query, upTo: bound))
      }
    }
  }

  /// The paragraphs of `store`, scanned: what its search must find.
  private func reference(_ store: ChatStore) throws -> (ScannedParagraphs, Int) {
    let paragraphs = try StoreFixture.paragraphs(of: store).map { paragraph -> String? in
      paragraph.paragraphAttributes[ChatDay.separatorKey] != nil ? nil : paragraph.attributedString.string
    }
    return (ScannedParagraphs(texts: paragraphs), paragraphs.count)
  }

  @Test func theStoreFindsWhatAScanOfTheSameMessagesFindsOnBothPaths() throws {
    let fixture = try StoreFixture()
    let transcript = Self.transcript(messages: 400, seed: 44)
    let store = try fixture.store(transcript, blockCapacity: 16)
    let paragraphs = try StoreFixture.paragraphs(of: store).count
    #expect(paragraphs > transcript.messages.count, "the transcript has day separators")
    #expect(try store.searchIndexProblems().isEmpty)
    try expectAgreement(store, transcript, paragraphs: paragraphs)
    // A candidate limit this low sends every common query through the block walk.
    store.searchCandidateLimit = 3
    try expectAgreement(store, transcript, paragraphs: paragraphs)
  }

  /// A count reads at most `searchCountCandidateLimit` candidates: within it the count is the
  /// scan's, exactly; beyond it a lower bound, never more than the scan's and said not to be exact.
  @Test func aCountIsExactWithinItsCandidateLimitAndALowerBoundBeyond() throws {
    let fixture = try StoreFixture()
    let transcript = Self.transcript(messages: 400, seed: 44)
    let store = try fixture.store(transcript, blockCapacity: 16)
    for text in ["the", "a", "東", "mor"] {
      let query = try MessageSearchQuery(text)
      let scanned = transcript.searchHitCount(for: query, upTo: .max)
      store.searchCountCandidateLimit = 20_000
      #expect(try store.searchHitCount(for: query, upTo: .max) == scanned, "\(text)")
      store.searchCountCandidateLimit = 2
      let capped = try store.searchHitCount(for: query, upTo: .max)
      #expect(capped.count <= scanned.count, "\(text)")
      if scanned.count > 2 * 8 { #expect(!capped.isExact, "\(text): 2 candidates hold no more than a few hits") }
    }
  }

  @Test func randomEditsKeepTheIndexInStepWithTheMessages() throws {
    let fixture = try StoreFixture()
    let store = try fixture.store(Self.transcript(messages: 200, seed: 7), blockCapacity: 16)
    var random = SplitMix64(seed: 4_404)
    for round in 0..<6 {
      try store.beginTransaction()
      for _ in 0..<25 {
        let summaries = try store.blockSummaries()
        let summary = summaries[Int(random.next() % UInt64(summaries.count))]
        let message = Self.message(&random, date: "2024-03-10")
        let text = message.searchableText.replacingOccurrences(of: "\u{FFFC}", with: " ")
        let element = StoredTextElement(
          identifier: 0, attributedString: AttributedText(text), paragraphAttributes: ["from": "ana"])
        let position = summary.count == 0 ? 0 : Int(random.next() % UInt64(summary.count))
        let existing = try store.elements(
          inBlock: summary.block, positions: position..<min(position + 1, summary.count))
        switch random.next() % 3 {
        case 0 where !existing.isEmpty && existing[0].paragraphAttributes[ChatDay.separatorKey] == nil:
          // An edit: the message keeps its id.
          var edited = element
          edited.identifier = existing[0].identifier
          _ = try store.replaceElements(inBlock: summary.block, positions: position..<position + 1, with: [edited])
        case 1 where !existing.isEmpty && existing[0].paragraphAttributes[ChatDay.separatorKey] == nil:
          _ = try store.replaceElements(inBlock: summary.block, positions: position..<position + 1, with: [])
        default:
          _ = try store.replaceElements(inBlock: summary.block, positions: position..<position, with: [element])
        }
      }
      if round == 3 {
        store.rollbackTransaction()
      } else {
        try store.commitTransaction()
      }
      #expect(try store.searchIndexProblems().isEmpty, "round \(round)")
      let (reference, paragraphs) = try reference(store)
      try expectAgreement(store, reference, paragraphs: paragraphs)
    }
  }

  @Test func theIndexCheckFindsAnIndexOutOfStepWithTheMessages() throws {
    let fixture = try StoreFixture()
    _ = try fixture.store(Self.transcript(messages: 40, seed: 2), name: "damaged.sqlite")
    let url = fixture.directory.appendingPathComponent("damaged.sqlite")
    let connection = try SQLiteConnection(path: url.path, mode: .readWrite)
    // A message whose body changed behind the index's back: its old tokens stay, the new are missing.
    let id = try #require(try connection.integer("SELECT min(id) FROM messages WHERE separator IS NULL"))
    try connection.execute("UPDATE messages SET body = 'zebra crossing' WHERE id = \(id)")
    // And a row for no message at all.
    try connection.execute("INSERT INTO message_search (rowid, text) VALUES (999999, 'ghost')")
    let store = try ChatStore(contentsOf: url, stickers: fixture.stickers)
    let problems = try store.searchIndexProblems()
    #expect(problems.count == 2, "\(problems)")
    #expect(
      problems.contains { $0.hasPrefix("the index holds") } && problems.contains { $0.hasPrefix("the index lacks") })
  }

  /// A version 3 store: a new store without its index.
  private func versionThreeStore(_ fixture: StoreFixture, _ transcript: Transcript) throws -> URL {
    let url = fixture.directory.appendingPathComponent("v3.sqlite")
    let writer = try ChatStoreWriter(creating: url, blockCapacity: 16)
    try writer.append(contentsOf: transcript.messages)
    try writer.finish()
    try SQLiteConnection(path: url.path, mode: .readWrite).execute(
      "DROP TABLE message_search; PRAGMA user_version = 3;")
    return url
  }

  @Test func aVersionThreeStoreIsScannedReadOnlyAndIndexedInChunksWhenItOpensForWriting() throws {
    let fixture = try StoreFixture()
    let transcript = Self.transcript(messages: 300, seed: 3)
    let url = try versionThreeStore(fixture, transcript)
    do {
      let store = try ChatStore(contentsOf: url, stickers: fixture.stickers, access: .readOnly)
      let paragraphs = try StoreFixture.paragraphs(of: store).count
      try expectAgreement(store, transcript, paragraphs: paragraphs)
    }
    var reports: [[Int]] = []
    let store = try ChatStore(
      contentsOf: url, stickers: fixture.stickers, access: .readWrite, vfs: nil,
      upgradeProgress: { reports.append([$0, $1]) }, searchUpgradeChunk: 64)
    #expect(try SQLiteConnection(path: url.path, mode: .readOnly).integer("PRAGMA user_version") == 4)
    #expect(reports == [[64, 300], [128, 300], [192, 300], [256, 300], [300, 300]])
    #expect(try store.searchIndexProblems().isEmpty)
    try expectAgreement(store, transcript, paragraphs: try StoreFixture.paragraphs(of: store).count)
  }

  /// FTS5's `hashsize` of a store's index, as the store keeps it (`nil` when never set).
  private func hashSize(_ url: URL) throws -> Int64? {
    try SQLiteConnection(path: url.path, mode: .readOnly).integer(
      "SELECT v FROM message_search_config WHERE k = 'hashsize'")
  }

  /// The segments of the store's FTS5 index (each has its rows in the `_idx` shadow table).
  private func indexSegments(_ url: URL) throws -> Int64? {
    try SQLiteConnection(path: url.path, mode: .readOnly).integer(
      "SELECT count(DISTINCT segid) FROM message_search_idx")
  }

  @Test func anUpgradeWhoseMessagesFillItsLastChunkEndsWithAnEmptyOneAndLeavesFTS5sBuffer() throws {
    let fixture = try StoreFixture()
    let transcript = Self.transcript(messages: 300, seed: 5)
    let url = try versionThreeStore(fixture, transcript)
    var reports: [[Int]] = []
    let store = try ChatStore(
      contentsOf: url, stickers: fixture.stickers, access: .readWrite, vfs: nil,
      upgradeProgress: { reports.append([$0, $1]) }, searchUpgradeChunk: 100)
    #expect(reports == [[100, 300], [200, 300], [300, 300], [300, 300]])
    #expect(try store.searchIndexProblems().isEmpty)
    try expectAgreement(store, transcript, paragraphs: try StoreFixture.paragraphs(of: store).count)
    // The larger buffer of the build is not left to the store's later edits, nor are the
    // chunks' segments: the index is one.
    #expect(try hashSize(url) == 1 << 20)
    #expect(try indexSegments(url) == 1)
    let written = fixture.directory.appendingPathComponent("written.sqlite")
    let writer = try ChatStoreWriter(creating: written, blockCapacity: 16)
    try writer.append(contentsOf: transcript.messages)
    try writer.finish()
    #expect(try hashSize(written) == 1 << 20)
    #expect(try indexSegments(written) == 1)
  }

  @Test func aNewStoreIsIndexedAfterItsMessagesAChunkAtATimeWithProgress() throws {
    let fixture = try StoreFixture()
    let transcript = Self.transcript(messages: 250, seed: 7)
    let url = fixture.directory.appendingPathComponent("chunked.sqlite")
    let writer = try ChatStoreWriter(creating: url, blockCapacity: 16)
    writer.searchIndexChunk = 100
    try writer.append(concurrently: transcript.messages)
    var reports: [[Int]] = []
    try writer.finish { reports.append([$0, $1]) }
    #expect(reports == [[100, 250], [200, 250], [250, 250]])
    let store = try ChatStore(contentsOf: url, stickers: fixture.stickers)
    #expect(try store.searchIndexProblems().isEmpty)
    try expectAgreement(store, transcript, paragraphs: try StoreFixture.paragraphs(of: store).count)
    #expect(try hashSize(url) == 1 << 20)
  }
}

/// Paragraph texts (`nil` for a day separator) searched by the simplest scan.
struct ScannedParagraphs: MessageSearching {
  var texts: [String?]

  private func hits(_ query: MessageSearchQuery, _ indexes: some Sequence<Int>, reversed: Bool, limit: Int)
    -> [MessageSearchHit]
  {
    var hits: [MessageSearchHit] = []
    for index in indexes {
      guard let text = texts[index] else { continue }
      let matches = query.matches(in: text).map {
        MessageSearchHit(paragraphIndex: index, offset: $0.offset, length: $0.length)
      }
      hits += reversed ? matches.reversed() : matches
    }
    return Array(hits.prefix(max(0, limit)))
  }

  func searchHits(for query: MessageSearchQuery, startingAt paragraph: Int, limit: Int) -> [MessageSearchHit] {
    hits(query, max(0, paragraph)..<max(texts.count, max(0, paragraph)), reversed: false, limit: limit)
  }

  func searchHits(for query: MessageSearchQuery, before paragraph: Int, limit: Int) -> [MessageSearchHit] {
    hits(query, (0..<max(0, min(paragraph, texts.count))).reversed(), reversed: true, limit: limit)
  }

  func searchHitCount(for query: MessageSearchQuery, upTo bound: Int) -> MessageSearchCount {
    let count = hits(query, texts.indices, reversed: false, limit: Int.max).count
    return MessageSearchCount(count: min(count, bound), isExact: count <= bound)
  }
}
