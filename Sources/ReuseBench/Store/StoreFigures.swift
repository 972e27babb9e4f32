import ChatKit
import ChatStore
import Foundation
import ReuseKitSupport
import TextEngine

/// The store backend's second child process: opens the chat store the first one wrote with a
/// ``StoredTextContentManager`` and measures the figures of the in-memory backend on it.
///
/// - `P3.store.open`: the open call alone (the store and the manager, which reads the block table);
///   `P3.store`: that plus the chat view showing the latest message, its first frame drawn.
/// - `P8.store`: peak resident memory after scrolling through 10,000 messages (every frame drawn)
///   and jumping to 1,000 random ones (each drawn); read before the figures below run.
/// - `P1.*.store`, `P4.*.store`, `P5.store`: the keystroke, jump and anchor-drift figures on the
///   store (each keystroke is one SQLite transaction).
/// - `P3.store.process`: process start to the first frame in the headless host
///   (`chat-demo --headless` on a scenario with `{"history": …}` and no steps, to its exit).
/// - `P14.store.none`, `P14.store.both`: the last million messages scrolled down and back in a view
///   of their own, after the figures above freed theirs (``StoreProviderFigure``).
///
/// The figures' view registers both policies, and providers persist: P8.store reports
/// the providers its jumps left alive, idle, beside the resident set.
@MainActor
struct StoreFigures {
  let options: BenchOptions
  let size: Int
  let storePath: String

  /// Messages scrolled through before P8 is read.
  static let scrolledMessages = 10_000
  /// Random jumps before P8 is read.
  static let jumps = 1_000

  /// The families ``backendFigures(environment:url:stickers:)`` measures.
  static let backendFamilies = ["P1", "P3", "P4", "P5", "P8", "P12", "P15"]

  /// Whether any of `families` runs: all do unless `--only` names per-size figures beside `store`,
  /// and then only those named.
  private func runs(_ families: [String]) -> Bool {
    let named = (options.only ?? []).intersection(BenchOptions.figureNames)
    return named.isEmpty || families.contains(where: named.contains)
  }

  func run() throws -> SizeReport {
    let environment = try BenchEnvironment()
    let stickers = StickerFactory(runtime: environment.runtime)
    let url = URL(fileURLWithPath: storePath)
    var report = SizeReport(size: size, measurer: "ChatStore (SQLite)", figures: [], failures: [])
    if runs(Self.backendFamilies) {
      report = try backendFigures(environment: environment, url: url, stickers: stickers)
    }
    if runs(["P14"]) {
      // On views of their own, once the figures above freed theirs.
      let persisting = try StoreProviderFigure(environment: environment, url: url, stickers: stickers).run()
      report.figures += persisting.figures
      report.failures += persisting.failures
    }
    if runs(["P3"]), let process = try processFigure() { report.figures.append(process) }
    return report
  }

  /// P3.store, P8.store, P1.*.store, P4.*.store and P5.store, on one view.
  private func backendFigures(environment: BenchEnvironment, url: URL, stickers: StickerFactory) throws -> SizeReport {
    var figures: [FigureResult] = []
    var fixture: BenchFixture?
    var openCalls: [Double] = []
    let samples = options.smoke ? 2 : 10
    let opens = try Sampler(warmUp: 1, samples: samples).run(
      prepare: { _ in fixture = nil },
      { _ in
        let start = Stopwatch.now()
        let manager = try StoredTextContentManager(source: ChatStore(contentsOf: url, stickers: stickers))
        openCalls.append(Stopwatch.now() - start)
        fixture = try BenchFixture(environment: environment, storage: manager)
      })
    guard let fixture, let manager = fixture.storage as? StoredTextContentManager else {
      throw BenchFailure("P3.store: no store was opened")
    }
    let shown = fixture.view.textViewportLayoutController.configuredFragments.last?.paragraphIndex
    guard shown == manager.paragraphCount - 1 else {
      throw BenchFailure("P3.store: the first frame shows paragraph \(shown ?? -1), not the latest message")
    }
    figures.append(
      FigureResult(
        id: "P3.store.open", label: "store: open call alone", samples: SampleSet(samples: Array(openCalls.dropFirst())))
    )
    // The block-table check opening makes, alone: bounded by the blocks, not the messages.
    if let store = manager.source as? ChatStore {
      var checks: [Double] = []
      for _ in 0..<(options.smoke ? 2 : 10) {
        let start = Stopwatch.now()
        let problems = try store.blockTableCheck()
        checks.append(Stopwatch.now() - start)
        guard problems.isEmpty else { throw BenchFailure("P3.store.check: \(problems.prefix(3))") }
      }
      figures.append(
        FigureResult(
          id: "P3.store.check", label: "store: block-table check at open", samples: SampleSet(samples: checks),
          details: ["blocks": Double(try store.blockSummaries().count)]))
    }
    figures.append(
      FigureResult(
        id: "P3.store", label: "store: open, show latest", samples: opens,
        details: [
          "paragraphs": Double(manager.paragraphCount), "paragraphs built": Double(manager.liveParagraphCount),
        ]))
    let context = FigureContext(
      environment: environment, fixture: fixture, generator: environment.generator(count: size),
      samples: options.samples, warmUp: options.smoke ? 2 : 20)
    figures.append(try memoryFigure(context, manager: manager))
    figures += try KeystrokeFigure(context: context).run().map(Self.storeFigure)
    if let present = try KeystrokePresentFigure(context: context).run() { figures.append(Self.storeFigure(present)) }
    figures += try AccessibleReadFigure(context: context).run().map(Self.storeFigure)
    figures += try JumpFigure(context: context).run().map(Self.storeFigure)
    figures += try AnchorDriftFigure(context: context).run().map(Self.storeFigure)
    if runs(["P15"]), let chatView = context.fixture.chatView {
      figures += try FlingFigure(context: context, chatView: chatView, suffix: ".store", smoke: options.smoke).run()
    }
    return SizeReport(
      size: size, measurer: "\(fixture.viewName), \(environment.measurerName)", figures: figures,
      failures: context.failures)
  }

  /// The same figure, named for the store backend.
  private static func storeFigure(_ figure: FigureResult) -> FigureResult {
    var renamed = figure
    renamed.id += ".store"
    renamed.label = "store: " + figure.label
    return renamed
  }

  /// Scrolls up through ``scrolledMessages`` messages a viewport at a time, then jumps to
  /// ``jumps`` random messages, drawing every frame, and reads the peak resident set. Every sticker
  /// shown keeps its provider (idle once scrolled out), so the details give live providers and views.
  private func memoryFigure(_ context: FigureContext, manager: StoredTextContentManager) throws -> FigureResult {
    let view = context.view
    let renderer = context.fixture.chatView.map(ChatFrameRenderer.init)
    context.register([.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    let count = manager.paragraphCount
    let target = max(0, count - 1 - (options.smoke ? 500 : Self.scrolledMessages))
    var frames = 0
    while let first = view.textViewportLayoutController.configuredFragments.first?.paragraphIndex, first > target,
      view.scrollOffset > 0
    {
      view.scroll(by: -view.viewportSize.height)
      context.advanceOneFrame()
      try renderer?.renderFrame(of: view)
      frames += 1
    }
    var random = SplitMix64(seed: 0x8_5702)
    for _ in 0..<(options.smoke ? 50 : Self.jumps) {
      try view.scroll(toParagraphAt: random.next(below: count), position: .center)
      context.advanceOneFrame()
      try renderer?.renderFrame(of: view)
    }
    context.checkInvariants("P8.store")
    return FigureResult(
      id: "P8.store", label: "store: peak RSS after scrolling + jumps", unit: .bytes,
      value: Double(PeakMemory.peakResidentBytes() ?? 0),
      details: [
        "scroll frames": Double(frames), "paragraphs live": Double(manager.liveParagraphCount),
        "paragraphs built": Double(manager.paragraphsBuilt), "paragraphs released": Double(manager.paragraphsReleased),
        "tree nodes": Double(manager.paragraphTreeNodeCount), "live providers": Double(view.liveObjects.providers),
        "live views": Double(view.liveObjects.views),
        "providers created": Double(view.instrumentation.totals.providersCreated),
      ])
  }

  /// Runs `chat-demo --headless` on a scenario over the store with no steps, from start to exit.
  /// - Returns: `nil` when `chat-demo` was not built beside `reuse-bench`.
  private func processFigure() throws -> FigureResult? {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("chat-demo")
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      FileHandle.standardError.write(Data("  P3.store.process skipped: build chat-demo beside reuse-bench\n".utf8))
      return nil
    }
    let scenario = FileManager.default.temporaryDirectory.appendingPathComponent(
      "reuse-bench-\(getpid())-history.json")
    let json = #"{"name": "open", "transcript": {"history": "\#(storePath)"}, "steps": []}"#
    try Data(json.utf8).write(to: scenario)
    defer { try? FileManager.default.removeItem(at: scenario) }
    let timings = try Sampler(warmUp: 1, samples: options.smoke ? 2 : 5).run { _ in
      let process = Process()
      process.executableURL = executable
      process.arguments = ["--headless", "--scenario", scenario.path]
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw BenchFailure("P3.store.process: chat-demo exited with status \(process.terminationStatus)")
      }
    }
    return FigureResult(
      id: "P3.store.process", label: "store: process start → first frame, exit", samples: timings)
  }
}
