import AnimationRuntime
import Foundation
import Stickers

/// `reuse-bench --probe-sticker FILE [--size PX]` (hidden): loads one sticker file in this fresh
/// process, renders its first frame, and prints one line of JSON with the outcome and the peak
/// resident set size (`ru_maxrss`) before and after. The sticker tests spawn it to bound the
/// memory hostile files take, measured in a process of its own.
enum StickerProbe {
  /// Runs the probe when `arguments` (without the program name) ask for it.
  /// - Returns: The exit status (0 whatever the sticker's outcome; 2 for a bad command line), or
  ///   `nil` when the arguments are not a probe.
  static func run(arguments: [String]) -> Int32? {
    guard arguments.first == "--probe-sticker" else { return nil }
    guard arguments.count == 2 || (arguments.count == 4 && arguments[2] == "--size"),
      let path = arguments.dropFirst().first
    else {
      FileHandle.standardError.write(Data("usage: reuse-bench --probe-sticker FILE [--size PX]\n".utf8))
      return 2
    }
    let size = arguments.count == 4 ? Int(arguments[3]) ?? 128 : 128
    let before = peakKiB()
    let file = URL(fileURLWithPath: path)
    let name = file.deletingPathExtension().lastPathComponent
    let library = StickerLibrary(
      directory: file.deletingLastPathComponent(), assets: [StickerAsset(name: name, file: file)])
    let runtime = StickerRuntime(clock: ManualClock(), library: library)
    let status = runtime.status(named: name)
    var frames = 0
    var rendered = false
    if let player = try? runtime.player(named: name) {
      frames = player.frameCount
      rendered = player.render(frame: 0, pixelSize: size).width == size
    }
    let result: [String: Any] = [
      "status": status.status.rawValue, "kind": status.kind ?? NSNull(), "reason": status.reason ?? NSNull(),
      "warnings": status.warnings, "frames": frames, "rendered": rendered, "peakKiBBefore": before,
      "peakKiB": peakKiB(),
    ]
    let data = (try? JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])) ?? Data()
    print(String(decoding: data, as: UTF8.self))
    return 0
  }

  /// The process's peak resident set size so far, in KiB (`getrusage`'s `ru_maxrss`).
  private static func peakKiB() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
  }
}
