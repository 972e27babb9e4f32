import ChatDemoCore
import ChatKit
import ChatStore
import Foundation
import TextEngine

/// The store backend's first child process: writes the benchmark transcript straight into a chat
/// store (the one the figures then open), imports a JSON transcript into another, and opens the
/// store at the source level.
///
/// - `store.generate`: the benchmark transcript (``BenchTranscript``'s generator) written with
///   ``ChatStoreWriter/append(concurrently:progress:)``, as `chat-demo --generate … --out X.sqlite`.
/// - `store.import`: reading a JSON transcript file (1,000,000 messages, 10,000 in a smoke run) and
///   writing it into a new store, as `chat-demo --import`; messages per second in the details.
/// - `store.source`: opening the store and reading what showing the latest message needs from it
///   (the block table and the last paragraph), without a view.
@MainActor
struct StorePreparation {
  let size: Int
  let storePath: String
  let smoke: Bool

  func run() throws -> SizeReport {
    let environment = try BenchEnvironment()
    let transcript = environment.generator(count: size)
    var figures: [FigureResult] = []
    let url = URL(fileURLWithPath: storePath)
    try? FileManager.default.removeItem(at: url)
    let start = Stopwatch.now()
    let writer = try ChatStoreWriter(creating: url)
    try writer.append(concurrently: transcript.generator.messageSequence)
    try writer.finish()
    let generation = Stopwatch.now() - start
    let bytes = (try? FileManager.default.attributesOfItem(atPath: storePath)[.size] as? Int) ?? 0
    figures.append(
      FigureResult(
        id: "store.generate", label: "write the store (generate)", unit: .seconds, value: generation,
        details: ["messages/s": Double(size) / generation, "file MiB": Double(bytes) / 1_048_576]))
    figures.append(try importFigure())
    figures.append(try sourceOpenFigure(url, stickers: StickerFactory(runtime: environment.runtime)))
    return SizeReport(size: size, measurer: "ChatStore (SQLite)", figures: figures, failures: [])
  }

  /// Imports a JSON transcript file into a new store.
  private func importFigure() throws -> FigureResult {
    let messages = smoke ? 10_000 : 1_000_000
    let directory = FileManager.default.temporaryDirectory
    let json = directory.appendingPathComponent("reuse-bench-import-\(getpid()).json")
    let store = directory.appendingPathComponent("reuse-bench-import-\(getpid()).sqlite")
    try TranscriptFile.save(messages: TranscriptGenerator(messages: messages, seed: 9).messageSequence, to: json)
    defer {
      try? FileManager.default.removeItem(at: json)
      try? FileManager.default.removeItem(at: store)
    }
    let start = Stopwatch.now()
    let transcript = try TranscriptFile.load(json)
    let parsed = Stopwatch.now()
    let writer = try ChatStoreWriter(creating: store)
    try writer.append(concurrently: transcript.messages)
    try writer.finish()
    let total = Stopwatch.now() - start
    return FigureResult(
      id: "store.import", label: "import a \(Format.count(messages))-message JSON", unit: .seconds, value: total,
      details: ["messages/s": Double(messages) / total, "parse s": parsed - start])
  }

  /// Opens the store and reads the block table and the latest paragraph, five times.
  private func sourceOpenFigure(_ url: URL, stickers: StickerFactory) throws -> FigureResult {
    var blocks = 0
    var latest = ""
    let timings = try Sampler(warmUp: 1, samples: 5).run { _ in
      let store = try ChatStore(contentsOf: url, stickers: stickers)
      let summaries = try store.blockSummaries()
      guard let last = summaries.last(where: { $0.count > 0 }) else { throw BenchFailure("the store is empty") }
      latest = try store.elements(inBlock: last.block, positions: (last.count - 1)..<last.count)[0]
        .attributedString.string
      blocks = summaries.count
    }
    if latest.isEmpty { throw BenchFailure("store.source: the latest message is empty") }
    return FigureResult(
      id: "store.source", label: "store open: blocks + latest paragraph", samples: timings,
      details: ["blocks": Double(blocks)])
  }
}
