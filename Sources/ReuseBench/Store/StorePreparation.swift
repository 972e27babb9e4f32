import ChatDemoCore
import ChatKit
import ChatModel
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
/// - `store.edit`: the store's share of a keystroke: one transaction replacing the typing paragraph
///   (three stickers) with itself plus or minus a character, as the content manager writes it.
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
    let stickers = StickerFactory(runtime: environment.runtime)
    figures.append(try sourceOpenFigure(url, stickers: stickers))
    figures.append(try editFigure(url, paragraph: transcript.typingParagraph, stickers: stickers))
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

  /// Replaces the typing paragraph in its own transaction, adding and removing a character in turn,
  /// naming it by its identifier as the content manager does.
  private func editFigure(_ url: URL, paragraph: Int, stickers: StickerFactory) throws -> FigureResult {
    let store = try ChatStore(contentsOf: url, stickers: stickers)
    var block = Int64(0)
    var position = paragraph
    for summary in try store.blockSummaries() {
      if position < summary.count {
        block = summary.block
        break
      }
      position -= summary.count
    }
    let original = try store.elements(inBlock: block, positions: position..<(position + 1))[0]
    var typed = original.attributedString
    typed.append(AttributedText("k"))
    let versions = [typed, original.attributedString]
    let timings = try Sampler(warmUp: 20, samples: smoke ? 12 : 1_000).run { iteration in
      try store.beginTransaction()
      let element = StoredTextElement(
        identifier: original.identifier, attributedString: versions[iteration % 2],
        paragraphAttributes: original.paragraphAttributes)
      _ = try store.replaceElements(
        inBlock: block, positions: position..<(position + 1), identifiers: [original.identifier], with: [element])
      try store.commitTransaction()
    }
    return FigureResult(
      id: "store.edit", label: "store share of a keystroke (1 transaction)", samples: timings,
      details: [
        "over 1 ms": Double(timings.samples.count { $0 > 0.001 }),
        "max ms": (timings.samples.max() ?? 0) * 1_000,
        "background checkpoints": Double(store.backgroundCheckpoints),
        "WAL MiB": Double((try? FileManager.default.attributesOfItem(atPath: url.path + "-wal")[.size] as? Int) ?? 0)
          / 1_048_576,
      ])
  }
}
