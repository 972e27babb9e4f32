import ChatDemoCore
import Foundation

/// P13: the window's loop at rest. A child process per mode runs the real app (``IdleProbe``) and
/// writes what it measured; the parent prints a table of CPU per wall second and frames.
@MainActor
struct IdleFigure {
  let options: BenchOptions

  /// Measures every mode, each in its own process.
  /// - Returns: The measurements, and what broke.
  func run() -> (results: [IdleProbe.Result], failures: [String]) {
    BenchCommand.printError("reuse-bench: P13 the window at rest, \(Int(options.idleSeconds)) s a mode (own processes)")
    var results: [IdleProbe.Result] = []
    var failures: [String] = []
    for mode in IdleProbe.Mode.allCases {
      do {
        results.append(try measure(mode))
      } catch {
        failures.append("P13.\(mode.rawValue): \(error)")
      }
    }
    print("\nP13 the window at rest (\(results.first?.renderer ?? "?") renderer, 480x860; CPU per wall second):")
    print("mode          app CPU   workers   frames   frames/s   stickers on screen")
    for result in results {
      let wall = max(result.wallSeconds, 0.001)
      print(
        Format.pad("P13.\(result.mode)", 14) + Format.pad(Self.percent(result.cpuSeconds / wall), 10)
          + Format.pad(Self.percent(result.workerCPUSeconds / wall), 10) + Format.pad(String(result.frames), 9)
          + Format.pad(String(format: "%.1f", Double(result.frames) / wall), 11) + String(result.visibleStickers))
    }
    print("Goals (P13): still < 1 % of a core; palette only < 5 %; hidden 0 frames.")
    if let hidden = results.first(where: { $0.mode == "hidden" }), hidden.frames != 0 {
      failures.append("P13.hidden: the hidden window drew \(hidden.frames) frames")
    }
    return (results, failures)
  }

  private static func percent(_ fraction: Double) -> String { String(format: "%.2f %%", fraction * 100) }

  private func measure(_ mode: IdleProbe.Mode) throws(BenchFailure) -> IdleProbe.Result {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let emit = FileManager.default.temporaryDirectory.appendingPathComponent("reuse-bench-idle-\(getpid()).json")
    defer { try? FileManager.default.removeItem(at: emit) }
    let process = Process()
    process.executableURL = executable
    process.arguments = [
      "--idle-child", mode.rawValue, "--idle-seconds", String(Int(options.idleSeconds)), "--emit", emit.path,
    ]
    do {
      try process.run()
    } catch {
      throw BenchFailure("could not start \(executable.path): \(error)")
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw BenchFailure("exited with status \(process.terminationStatus)") }
    do {
      return try JSONDecoder().decode(IdleProbe.Result.self, from: Data(contentsOf: emit))
    } catch {
      throw BenchFailure("wrote no readable result: \(error)")
    }
  }

  /// The child: measures `mode` and writes the result to `--emit`.
  /// - Returns: The exit status.
  static func child(mode name: String, options: BenchOptions) -> Int32 {
    guard let mode = IdleProbe.Mode(rawValue: name), let path = options.emitPath else {
      BenchCommand.printError("reuse-bench: --idle-child needs a mode (still, palette, stickers, hidden) and --emit")
      return 2
    }
    do {
      let result = try IdleProbe.run(mode, seconds: options.idleSeconds)
      try JSONEncoder().encode(result).write(to: URL(fileURLWithPath: path))
      return 0
    } catch {
      BenchCommand.printError("reuse-bench [P13.\(name)]: \(error)")
      return 1
    }
  }
}
