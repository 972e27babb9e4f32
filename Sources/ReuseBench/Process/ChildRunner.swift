import Foundation

/// Runs one size (or one phase of the store backend) in a fresh copy of this executable and reads
/// back its JSON report.
struct ChildRunner {
  let options: BenchOptions

  /// Starts `reuse-bench --single-size size --emit FILE …`, waits, and decodes FILE.
  /// - Throws: ``BenchFailure`` when the child cannot start, fails, or writes no report.
  func run(size: Int) throws(BenchFailure) -> SizeReport {
    try run(label: "the run at \(size) messages") { options.childArguments(size: size, emitPath: $0) }
  }

  /// Starts the child for `size` measuring P2 in a real window on the X display `display`.
  /// - Throws: ``BenchFailure`` when the child cannot start, fails, or writes no report.
  func runWindow(size: Int, display: String) throws(BenchFailure) -> SizeReport {
    try run(label: "the window run at \(size) messages") {
      options.childArguments(size: size, emitPath: $0, windowDisplay: display)
    }
  }

  /// Starts `reuse-bench --store-phase phase …` on the store at `path`, waits, and decodes its report.
  /// - Parameters:
  ///   - phase: The store backend's phase.
  ///   - path: The chat store.
  ///   - display: An X display for the phase's real window (the search bar's), or `nil`.
  /// - Throws: ``BenchFailure`` when the child cannot start, fails, or writes no report.
  func runStore(phase: String, path: String, display: String? = nil) throws(BenchFailure) -> SizeReport {
    try run(label: "the store backend's \(phase)\(display == nil ? "" : " in an X window")") {
      options.storeChildArguments(phase: phase, path: path, emitPath: $0, windowDisplay: display)
    }
  }

  private func run(label: String, arguments: (String) -> [String]) throws(BenchFailure) -> SizeReport {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let emit = FileManager.default.temporaryDirectory.appendingPathComponent(
      "reuse-bench-\(getpid())-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: emit) }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments(emit.path)
    do {
      try process.run()
    } catch {
      throw BenchFailure("could not start \(executable.path): \(error)")
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchFailure("\(label) exited with status \(process.terminationStatus)")
    }
    do {
      return try JSONDecoder().decode(SizeReport.self, from: Data(contentsOf: emit))
    } catch {
      throw BenchFailure("\(label) wrote no readable report: \(error)")
    }
  }
}
