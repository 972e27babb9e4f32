import ChatDemoCore
import ChatKit
import ChatModel
import Foundation

/// P3 from a file, as the demo opens one: read and parse the JSON transcript (`TranscriptFile`),
/// build the storage (`Transcript.storage(stickers:)`), open it like every figure (``BenchFixture``: the chat view at
/// the latest message, drawn).
///
/// The file is written by the demo's own generator (`chat-demo --generate`), every third message
/// holding a sticker. It runs after the peak resident memory is read, so parsing does not inflate the peak-memory figure.
@MainActor
struct OpenFileFigure {
  let environment: BenchEnvironment
  let size: Int
  let samples: Int

  func run() throws -> FigureResult {
    let transcript = TranscriptGenerator(messages: size, seed: 7, stickerEvery: 3).generate()
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("reuse-bench-\(ProcessInfo.processInfo.processIdentifier)-\(size).json")
    try TranscriptFile.save(transcript, to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let fileBytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    let stickers = StickerFactory(runtime: environment.runtime)
    var shown = -1
    let timings = try Sampler(warmUp: 1, samples: samples).run { _ in
      let loaded = try TranscriptFile.load(url)
      let fixture = try BenchFixture(
        environment: environment, storage: loaded.storage(stickers: stickers))
      shown = fixture.view.textViewportLayoutController.configuredFragments.last?.paragraphIndex ?? -1
    }
    guard shown == size - 1 else { throw BenchFailure("P3.file: the first frame shows paragraph \(shown)") }
    return FigureResult(
      id: "P3.file", label: "open transcript file, show latest", samples: timings,
      details: ["file MiB": Double(fileBytes) / 1_048_576])
  }
}
