import Foundation

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
      return 2
    }
    if options.showsHelp {
      print(BenchOptions.help)
      return 0
    }
    if let size = options.singleSize { return child(options, size: size) }
    return parent(options)
  }

  private static func child(_ options: BenchOptions, size: Int) -> Int32 {
    do {
      let report = try SizeRun(options: options, size: size).run()
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
      printError("reuse-bench [\(size)]: \(error)")
      return 1
    }
  }

  private static func parent(_ options: BenchOptions) -> Int32 {
    let started = Stopwatch.now()
    if let banner = BuildWarning.banner { printError(banner) }
    print(header(options))
    var reports: [SizeReport] = []
    var failures: [String] = []
    if options.runsFigures {
      for size in options.sizes {
        printError("reuse-bench: \(Format.count(size)) messages (own process)")
        do {
          reports.append(try ChildRunner(options: options).run(size: size))
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
      print("Goals (issue 6):")
      print(table.renderGoals())
    }
    failures += extraTables(options)
    if let path = options.jsonPath { failures += writeJSON(reports, to: path) }
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

  private static func writeJSON(_ reports: [SizeReport], to path: String) -> [String] {
    struct Document: Encodable {
      var reports: [SizeReport]
      var goals: [GoalVerdict]
      var debugBuild: Bool
    }
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      let document = Document(reports: reports, goals: Goals.verdicts(reports), debugBuild: BuildWarning.isDebugBuild)
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

  private static func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
