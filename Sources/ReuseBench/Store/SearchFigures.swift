import ChatKit
import ChatModel
import ChatStore
import Foundation
import TextEngine

/// The store backend's search child: the chat store the first child wrote, searched.
///
/// - `search.first50.*` and `search.last50.*`: the first 50 hits in document order (as
///   `chat-demo --search` prints them) and the newest 50 (the app's first page), for a common word
///   ("the"), a rare word and a CJK term (each written into ``seededMessages`` messages spread over
///   the store through the store's own edit path, so the index is kept in step as an edit keeps
///   it), and a phrase ("see you at the station").
/// - `search.count`: the count of a common word's hits the app's search bar makes, up to 10,000.
/// - `search.next`: Enter in the app's search bar to the frame presented: the next hit, the jump
///   and the highlights (``SearchProbe``), on SDL's dummy video driver.
/// - `search.next.window`: the same in a real X window (an Xvfb the parent started), on the
///   renderer the app picks there: measured alone, by a second search child given the display.
/// - `search.build`: the index built for every message, as a version 3 store upgrades when it
///   opens (a copy of the store with the index dropped); `search.size`: the store's size with the
///   index over its size without.
@MainActor
struct SearchFigures {
  let options: BenchOptions
  let size: Int
  let storePath: String

  /// Messages the rare word and the CJK term are written into.
  static let seededMessages = 10
  /// The rare word.
  nonisolated static let rareWord = "xylophone"
  /// The CJK term, two characters (a word no 3-gram index finds).
  nonisolated static let cjkTerm = "東京"
  /// The queries measured, by kind.
  nonisolated static let queries = [
    ("common", "the"), ("rare", rareWord), ("cjk", cjkTerm), ("phrase", "see you at the station"),
  ]

  func run() throws -> SizeReport {
    if let display = options.windowDisplay { return try windowRun(display: display) }
    let environment = try BenchEnvironment()
    let stickers = StickerFactory(runtime: environment.runtime)
    let url = URL(fileURLWithPath: storePath)
    let store = try ChatStore(contentsOf: url, stickers: stickers)
    let manager = try StoredTextContentManager(source: store)
    try seed(manager)
    var figures: [FigureResult] = []
    let samples = options.smoke ? 5 : 100
    for (kind, text) in Self.queries {
      let query = try MessageSearchQuery(text)
      var first: [MessageSearchHit] = []
      var last: [MessageSearchHit] = []
      let forward = try Sampler(warmUp: 2, samples: samples).run { _ in
        first = try store.searchHits(for: query, startingAt: 0, limit: 50)
      }
      let backward = try Sampler(warmUp: 2, samples: samples).run { _ in
        last = try store.searchHits(for: query, before: manager.paragraphCount, limit: 50)
      }
      let expected = kind == "rare" || kind == "cjk" ? Self.seededMessages : 50
      guard first.count == expected, last.count == expected else {
        throw BenchFailure("search.\(kind): \(first.count) and \(last.count) hits, expected \(expected)")
      }
      figures.append(
        FigureResult(
          id: "search.first50.\(kind)", label: "search: first 50 hits, \(kind) (\"\(text)\")", samples: forward,
          details: ["hits": Double(first.count)]))
      figures.append(
        FigureResult(
          id: "search.last50.\(kind)", label: "search: newest 50 hits, \(kind)", samples: backward,
          details: ["hits": Double(last.count)]))
    }
    let common = try MessageSearchQuery("the")
    var counted = MessageSearchCount(count: 0, isExact: false)
    let counting = try Sampler(warmUp: 1, samples: options.smoke ? 3 : 20).run { _ in
      counted = try store.searchHitCount(for: common, upTo: 10_000)
    }
    figures.append(
      FigureResult(
        id: "search.count", label: "search: count a common word's hits up to 10,000", samples: counting,
        details: ["counted": Double(counted.count)]))
    if let next = try nextHitFigure(manager, environment: environment) { figures.append(next) }
    figures += try buildFigures(url)
    return SizeReport(size: size, measurer: "ChatStore (SQLite FTS5)", figures: figures, failures: [])
  }

  /// Writes the rare word and the CJK term at the end of ``seededMessages`` messages spread evenly
  /// over the document, each one edit (one transaction) of the content manager.
  private func seed(_ manager: StoredTextContentManager) throws {
    let count = manager.paragraphCount
    for index in 0..<Self.seededMessages {
      var paragraph = (count - 1) * (index + 1) / Self.seededMessages
      // Day separators have no text: take the message before one.
      while let found = manager.paragraph(at: paragraph), found.paragraphAttributes[ChatDay.separatorKey] != nil {
        paragraph -= 1
      }
      guard let found = manager.paragraph(at: paragraph) else {
        throw BenchFailure("search: no paragraph \(paragraph)")
      }
      let end = try manager.startOffset(ofParagraphAt: paragraph) + found.length
      try manager.replaceCharacters(
        in: end..<end, with: AttributedText(" \(Self.rareWord) \(Self.cjkTerm)タワーに行きました"))
    }
  }

  /// `search.next.window` alone: the store (seeded by the first search child) in a real window on
  /// `display`.
  private func windowRun(display: String) throws -> SizeReport {
    let environment = try BenchEnvironment()
    let store = try ChatStore(
      contentsOf: URL(fileURLWithPath: storePath), stickers: StickerFactory(runtime: environment.runtime))
    let manager = try StoredTextContentManager(source: store)
    let figures = [try nextHitFigure(manager, environment: environment, display: display)].compactMap { $0 }
    return SizeReport(size: size, measurer: "ChatStore (SQLite FTS5)", figures: figures, failures: [])
  }

  /// `search.next` (or `search.next.window` with `display`): Enter in the search bar to the frame
  /// presented, stepping through a common word's hits (a page loaded each 50 hits).
  private func nextHitFigure(
    _ manager: StoredTextContentManager, environment: BenchEnvironment, display: String? = nil
  ) throws -> FigureResult? {
    guard environment.fonts != nil else { return nil }
    let probe = try SearchProbe(
      storage: manager, runtime: environment.runtime, clock: environment.clock, display: display)
    try probe.search("the")
    let timings = try Sampler(warmUp: 5, samples: options.smoke ? 10 : 200).run { _ in try probe.nextHit() }
    return FigureResult(
      id: display == nil ? "search.next" : "search.next.window",
      label: "search: Enter → next hit jumped to, highlighted, presented (\(probe.rendererSummary))",
      samples: timings,
      details: [
        "highlighted paragraphs": Double(probe.highlightedParagraphs), "hit": Double(probe.currentHitNumber),
      ])
  }

  /// `search.build` and `search.size`: a copy of the store with its index dropped (a version 3
  /// store) opened for writing, which builds the index; the copy's size with and without it.
  private func buildFigures(_ url: URL) throws -> [FigureResult] {
    let copy = url.deletingLastPathComponent().appendingPathComponent(
      "reuse-bench-\(getpid())-search-build.sqlite")
    defer {
      for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy.path + suffix) }
    }
    for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: url.path + suffix) {
      try? FileManager.default.removeItem(atPath: copy.path + suffix)
      try FileManager.default.copyItem(atPath: url.path + suffix, toPath: copy.path + suffix)
    }
    /// The bytes of the pages in use (free pages left out), every write checkpointed first.
    func bytesInUse() throws -> Double {
      let connection = try SQLiteConnection(path: copy.path, mode: .readWrite)
      try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
      let pages = try connection.integer("PRAGMA page_count") ?? 0
      let free = try connection.integer("PRAGMA freelist_count") ?? 0
      return Double((pages - free) * (try connection.integer("PRAGMA page_size") ?? 0))
    }
    do {
      let connection = try SQLiteConnection(path: copy.path, mode: .readWrite)
      try connection.execute("DROP TABLE message_search; PRAGMA user_version = 3;")
    }
    let withoutIndex = try bytesInUse()
    var chunks = 0
    var messages = 0
    let start = Stopwatch.now()
    var build = 0.0
    do {
      let upgraded = try ChatStore(contentsOf: copy, upgradeProgress: { _, _ in chunks += 1 })
      build = Stopwatch.now() - start
      messages = try upgraded.messageCount()
    }
    let withIndex = try bytesInUse()
    return [
      FigureResult(
        id: "search.build", label: "search: build the index for every message (v3 → v4)", unit: .seconds,
        value: build, details: ["messages": Double(messages), "chunks": Double(chunks)]),
      FigureResult(
        id: "search.size", label: "search: store size with the index / without", unit: .ratio,
        value: withoutIndex > 0 ? withIndex / withoutIndex : 0,
        details: ["with MiB": withIndex / 1_048_576, "without MiB": withoutIndex / 1_048_576]),
    ]
  }
}
