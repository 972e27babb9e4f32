import ChatDemoCore
import Foundation

/// P13: the window's loop at rest. A child process per mode runs the real app (``IdleProbe``) and
/// writes what it measured; the parent prints a table of CPU per wall second and frames. With an X
/// display (an Xvfb the parent started), each mode runs again in a real X window (`P13.window.*`),
/// on the renderer the app picks there.
@MainActor
struct IdleFigure {
  let options: BenchOptions
  /// The X display for `P13.window`, or `nil` to measure on SDL's dummy video driver only.
  var display: String? = nil

  /// Measures every mode, each in its own process.
  /// - Returns: The measurements, and what broke.
  func run() -> (results: [IdleProbe.Result], failures: [String]) {
    BenchCommand.printError("reuse-bench: P13 the window at rest, \(Int(options.idleSeconds)) s a mode (own processes)")
    var results: [IdleProbe.Result] = []
    var failures: [String] = []
    for display in [nil] + (display.map { [$0] } ?? []) {
      for mode in IdleProbe.Mode.allCases {
        do {
          results.append(try measure(mode, display: display))
        } catch {
          failures.append("\(Self.id(mode.rawValue, display: display)): \(error)")
        }
      }
    }
    print("\nP13 the window at rest (480x860; CPU per wall second; P13.window in a real X window under Xvfb):")
    print("mode                 app CPU   workers   frames   frames/s   px pushed/frame   stickers   renderer")
    for result in results {
      let wall = max(result.wallSeconds, 0.001)
      let perFrame = result.frames == 0 ? "-" : Format.count(result.pixelsPresented / result.frames)
      print(
        Format.pad(Self.id(result.mode, display: result.display == "x11" ? "x11" : nil), 21)
          + Format.pad(Self.percent(result.cpuSeconds / wall), 10)
          + Format.pad(Self.percent(result.workerCPUSeconds / wall), 10) + Format.pad(String(result.frames), 9)
          + Format.pad(String(format: "%.1f", Double(result.frames) / wall), 11) + Format.pad(perFrame, 18)
          + Format.pad(String(result.visibleStickers), 11) + result.renderer)
    }
    print(
      "Goals (P13, P13.window): still < 1 % of a core; palette only < 5 % (at 1×; palette2x is the same at 2×, "
        + "four times the pixels); hidden < 1 % and 0 frames.")
    for hidden in results where hidden.mode == "hidden" && hidden.frames != 0 {
      failures.append(
        "\(Self.id("hidden", display: hidden.display == "x11" ? "x11" : nil)): drew \(hidden.frames) frames")
    }
    return (results, failures)
  }

  /// `P13.mode`, or `P13.window.mode` in a real window.
  private static func id(_ mode: String, display: String?) -> String {
    display == nil ? "P13.\(mode)" : "P13.window.\(mode)"
  }

  private static func percent(_ fraction: Double) -> String { String(format: "%.2f %%", fraction * 100) }

  private func measure(_ mode: IdleProbe.Mode, display: String?) throws(BenchFailure) -> IdleProbe.Result {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let emit = FileManager.default.temporaryDirectory.appendingPathComponent("reuse-bench-idle-\(getpid()).json")
    defer { try? FileManager.default.removeItem(at: emit) }
    let process = Process()
    process.executableURL = executable
    process.arguments =
      [
        "--idle-child", mode.rawValue, "--idle-seconds", String(Int(options.idleSeconds)), "--emit", emit.path,
      ] + (display.map { ["--window-display", $0] } ?? [])
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
      BenchCommand.printError(
        "reuse-bench: --idle-child needs a mode (still, palette, palette2x, stickers, hidden) and --emit")
      return 2
    }
    do {
      let result = try IdleProbe.run(mode, seconds: options.idleSeconds, display: options.windowDisplay)
      try JSONEncoder().encode(result).write(to: URL(fileURLWithPath: path))
      return 0
    } catch {
      BenchCommand.printError("reuse-bench [P13.\(name)]: \(error)")
      return 1
    }
  }
}
