import Foundation

/// Runs one size in a fresh copy of this executable and reads back its JSON report.
struct ChildRunner {
  let options: BenchOptions

  /// Starts `reuse-bench --single-size size --emit FILE …`, waits, and decodes FILE.
  /// - Throws: ``BenchFailure`` when the child cannot start, fails, or writes no report.
  func run(size: Int) throws(BenchFailure) -> SizeReport {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let emit = FileManager.default.temporaryDirectory.appendingPathComponent(
      "reuse-bench-\(getpid())-\(size).json")
    defer { try? FileManager.default.removeItem(at: emit) }
    let process = Process()
    process.executableURL = executable
    process.arguments = options.childArguments(size: size, emitPath: emit.path)
    do {
      try process.run()
    } catch {
      throw BenchFailure("could not start \(executable.path): \(error)")
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchFailure("the run at \(size) messages exited with status \(process.terminationStatus)")
    }
    do {
      return try JSONDecoder().decode(SizeReport.self, from: Data(contentsOf: emit))
    } catch {
      throw BenchFailure("the run at \(size) messages wrote no readable report: \(error)")
    }
  }
}
