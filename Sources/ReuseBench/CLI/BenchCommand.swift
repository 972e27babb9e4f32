import ChatDemoCore
import CommandLineSupport
import Foundation
import ReuseKitTestSupport
import SDLSupport

/// The whole `reuse-bench` run: a parent that starts one child per size, or a child measuring one size.
@MainActor
enum BenchCommand {
  /// Runs with `arguments` (the executable's name first).
  /// - Returns: The exit status: 0 unless something broke (missed timing goals never fail the run).
  static func run(arguments: [String]) -> Int32 {
    let options: BenchOptions
    do {
      options = try BenchOptions(arguments: Array(arguments.dropFirst()))
    } catch {
      printError("reuse-bench: \(error)")
      return CommandLineError.exitStatus
    }
    if options.showsHelp {
      print(BenchOptions.helpText)
      return 0
    }
    if options.probesRenderer { SDLRendererProbe.runAndExit() }
    if let phase = options.storePhase { return storeChild(options, phase: phase) }
    if let mode = options.idleMode { return IdleFigure.child(mode: mode, options: options) }
    if let size = options.singleSize { return child(options, size: size) }
    return parent(options)
  }

  /// Finds SDL's accelerated renderer in a child process (`--probe-renderer`), as the window does.
  static func probeRenderer() -> Result<SDLRendererProbe.Finding, SDLRendererProbe.Failure> {
    SDLRendererProbe.probe(
      executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(), arguments: ["--probe-renderer"])
  }

  private static func child(_ options: BenchOptions, size: Int) -> Int32 {
    emit(options, label: "\(size)") { try SizeRun(options: options, size: size).run() }
  }

  private static func storeChild(_ options: BenchOptions, phase: String) -> Int32 {
    guard let path = options.storePath else {
      printError("reuse-bench: --store-phase needs --store-path")
      return 2
    }
    return emit(options, label: "store \(phase)") {
      switch phase {
      case "prepare": return try StorePreparation(size: options.storeSize, storePath: path, smoke: options.smoke).run()
      case "figures": return try StoreFigures(options: options, size: options.storeSize, storePath: path).run()
      case "search": return try SearchFigures(options: options, size: options.storeSize, storePath: path).run()
      default: throw BenchFailure("unknown store phase '\(phase)'")
      }
    }
  }

  /// Runs a child's measurement and writes its report to `--emit` (or standard output).
  private static func emit(_ options: BenchOptions, label: String, _ measure: () throws -> SizeReport) -> Int32 {
    do {
      let report = try measure()
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      let data = try encoder.encode(report)
      if let path = options.emitPath {
        try data.write(to: URL(fileURLWithPath: path))
      } else {
        print(String(decoding: data, as: UTF8.self))
      }
      return 0
    } catch {
      printError("reuse-bench [\(label)]: \(error)")
      return 1
    }
  }

  private static func parent(_ options: BenchOptions) -> Int32 {
    let started = Stopwatch.now()
    if let banner = BuildWarning.banner { printError(banner) }
    print(header(options))
    var reports: [SizeReport] = []
    var failures: [String] = []
    // P2.window, P13.window and search.next.window draw in a real X window: an Xvfb of their own.
    let drawsWindows = ["P2", BenchOptions.idleName, BenchOptions.searchName].contains { options.runs($0) }
    let xserver = drawsWindows ? VirtualXServer.start() : nil
    if xserver == nil, drawsWindows {
      printError(
        "reuse-bench: P2.window, P13.window and search.next.window skipped: Xvfb could not start"
          + " (make deps installs xvfb)")
    }
    if options.runsFigures {
      for size in options.sizes {
        printError("reuse-bench: \(Format.count(size)) messages (own process)")
        do {
          var report = try ChildRunner(options: options).run(size: size)
          if let xserver, options.runs("P2") {
            printError("reuse-bench: \(Format.count(size)) messages, P2 in an X window (own process)")
            report.add(windowFigures: try ChildRunner(options: options).runWindow(size: size, display: xserver.display))
          }
          reports.append(report)
        } catch {
          failures.append(error.description)
        }
      }
    }
    failures += reports.flatMap { report in report.failures.map { "[\(Format.count(report.size))] \($0)" } }
    if !reports.isEmpty {
      let table = ResultTable(reports: reports)
      print("view: \(reports[0].measurer)")
      print("")
      print(table.render())
      print("")
      print("Goals:")
      print(table.renderGoals())
    }
    var store: SizeReport?
    if options.runs(BenchOptions.storeName) || options.runs(BenchOptions.searchName) {
      let backend = storeBackend(options, display: xserver?.display)
      store = backend.report
      failures += backend.failures
    }
    var idle: [IdleProbe.Result] = []
    if options.runs(BenchOptions.idleName) {
      let measured = IdleFigure(options: options, display: xserver?.display).run()
      idle = measured.results
      failures += measured.failures
    }
    failures += extraTables(options)
    if let path = options.jsonPath { failures += writeJSON(reports, store: store, idle: idle, to: path) }
    if let banner = BuildWarning.banner { printError(banner) }
    for failure in failures { print("BROKEN: \(failure)") }
    let seconds = String(format: "%.1f s", Stopwatch.now() - started)
    let mode = options.smoke ? "smoke run" : "run"
    if failures.isEmpty {
      print(
        "reuse-bench \(mode): OK — \(reports.count) size(s) measured in \(seconds) (timing goals are reported, not enforced)"
      )
      return 0
    }
    print("reuse-bench \(mode): FAILED — \(failures.count) problem(s) in \(seconds)")
    return 1
  }

  /// The store backend: a child writes the store and imports, then a child opens it and measures,
  /// a child searches it and, with an X `display`, one more measures the search bar in a real window.
  /// - Returns: Its figures (every child's, as one report) and what broke.
  private static func storeBackend(_ options: BenchOptions, display: String?) -> (
    report: SizeReport?, failures: [String]
  ) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "reuse-bench-\(getpid())-store-\(options.storeSize).sqlite"
    ).path
    defer {
      for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
    printError("reuse-bench: store backend, \(Format.count(options.storeSize)) messages (own processes)")
    var reports: [SizeReport] = []
    do {
      reports.append(try ChildRunner(options: options).runStore(phase: "prepare", path: path))
      if options.runs(BenchOptions.storeName) {
        reports.append(try ChildRunner(options: options).runStore(phase: "figures", path: path))
      }
      if options.runs(BenchOptions.searchName) {
        reports.append(try ChildRunner(options: options).runStore(phase: "search", path: path))
        if let display {
          printError("reuse-bench: store backend, the search bar in an X window (own process)")
          reports.append(try ChildRunner(options: options).runStore(phase: "search", path: path, display: display))
        }
      }
    } catch {
      return (nil, [error.description])
    }
    let merged = SizeReport(
      size: options.storeSize, measurer: reports[0].measurer, figures: reports.flatMap(\.figures),
      failures: reports.flatMap(\.failures))
    print("\nStore backend (ChatStore over SQLite, \(Format.count(options.storeSize)) messages):")
    print(ResultTable(reports: [merged]).render())
    print("\nGoals (store backend):")
    for verdict in StoreGoals.verdicts(merged) {
      print(
        "\(Format.pad(verdict.id, 8)) \(Format.pad(verdict.status.rawValue, 12)) \(Format.pad(verdict.goal, 48)) "
          + verdict.evidence)
    }
    return (merged, merged.failures.map { "[store] \($0)" })
  }

  private static func extraTables(_ options: BenchOptions) -> [String] {
    var failures: [String] = []
    if options.runs("stickers") {
      print("\nSticker render cost (StickerBenchmark):")
      do { print(try ExtraTables.stickers(smoke: options.smoke)) } catch { failures.append("stickers table: \(error)") }
    }
    if options.runs("textcache") {
      print("\nText caching on the software renderer, 480×800 (TextCacheBenchmark):")
      do {
        print(try ExtraTables.textCache(frames: options.smoke ? 20 : 300))
      } catch {
        failures.append("textcache table: \(error)")
      }
    }
    return failures
  }

  /// Writes every figure: the in-memory sizes' reports and goals, and the store backend's report
  /// and goals when it ran.
  private static func writeJSON(_ reports: [SizeReport], store: SizeReport?, idle: [IdleProbe.Result], to path: String)
    -> [String]
  {
    struct Document: Encodable {
      var reports: [SizeReport]
      var goals: [GoalVerdict]
      var store: SizeReport?
      var storeGoals: [GoalVerdict]
      var idle: [IdleProbe.Result]
      var debugBuild: Bool
    }
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      let document = Document(
        reports: reports, goals: Goals.verdicts(reports), store: store,
        storeGoals: store.map(StoreGoals.verdicts) ?? [],
        idle: idle, debugBuild: BuildWarning.isDebugBuild)
      try encoder.encode(document).write(to: URL(fileURLWithPath: path))
      print("JSON written to \(path)")
      return []
    } catch {
      return ["writing \(path): \(error)"]
    }
  }

  private static func header(_ options: BenchOptions) -> String {
    let build = BuildWarning.isDebugBuild ? "DEBUG build (numbers meaningless)" : "release build"
    guard options.runsFigures else { return "reuse-bench — \(build); \(MachineInfo.summary)" }
    let sizes = options.sizes.map(Format.count).joined(separator: ", ")
    return "reuse-bench — \(build); \(MachineInfo.summary); sizes \(sizes); \(options.samples) samples per figure"
  }

  static func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
