import ChatDemoCore
import ChatKit
import ChatModel
import Foundation
import SDLSupport
import TextEngine

/// Runs a parsed ``DemoCommand`` and returns the exit status.
@MainActor
enum DemoMain {
  /// The exit status: 0 success, 1 a failed expectation or an edit not saved, 2 bad input.
  static func run(_ command: DemoCommand) -> Int32 {
    switch command {
    case .help:
      print(DemoCommand.helpText)
      return 0
    case .generate(let messages, let seed, let stickerEvery, let stickerOnlyEvery, let output):
      let generator = TranscriptGenerator(
        messages: messages, seed: seed, stickerEvery: stickerEvery, stickerOnlyEvery: stickerOnlyEvery)
      if let output, HistoryFile.isStore(output) { return generateHistory(generator, to: output) }
      return generate(generator, to: output)
    case .importTranscript(let input, let output):
      return importTranscript(input, to: output)
    case .exportHistory(let input, let output):
      return exportHistory(input, to: output)
    case .searchHistory(let store, let query, let limit):
      return searchHistory(store, for: query, limit: limit)
    case .saveLoop(let output, let messages, let count):
      return saveLoop(to: output, messages: messages, count: count)
    case .storeEditLoop(let store, let tag):
      return storeEditLoop(store, tag: tag)
    case .storeUpgrade(let store, let chunk):
      return storeUpgrade(store, chunk: chunk)
    case .headless(let options):
      return runHeadless(options)
    case .accessibilityServe(let scenario):
      return serveAccessibility(scenario)
    case .history(
      let store, let quitAfter, let stickers, let pausesUnfocused, let renderer, let scale, let motion, let trace):
      guard hasDisplay else {
        return fail("--history needs a display; headless, run a scenario with \"transcript\": {\"history\": …}")
      }
      return DemoWindowLauncher.launch(
        history: store, quitAfter: quitAfter, stickers: stickers, pausesUnfocused: pausesUnfocused, renderer: renderer,
        scale: scale, motion: motion, trace: trace)
    case .probeRenderer:
      SDLRendererProbe.runAndExit()
    case .interactive(
      let transcript, let quitAfter, let stickers, let pausesUnfocused, let renderer, let scale, let motion,
      let trace):
      if hasDisplay {
        return DemoWindowLauncher.launch(
          transcript: transcript, quitAfter: quitAfter, stickers: stickers, pausesUnfocused: pausesUnfocused,
          renderer: renderer, scale: scale, motion: motion, trace: trace)
      }
      print("chat-demo: no display found — running the default scenario headless.")
      guard let assets = AssetLocator.assetsDirectory() else { return fail("cannot find the Assets folder") }
      let screenshots = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(
        "screenshots")
      let status = runHeadless(
        .init(
          scenario: assets.appendingPathComponent("Scenarios/typing-burst.json"), policy: nil, report: nil,
          screenshots: screenshots, matrix: true, stickers: stickers, motion: motion))
      if status != 2 { print("screenshots: \(screenshots.path)") }
      return status
    }
  }

  /// Whether an X11 or Wayland display is available.
  static var hasDisplay: Bool {
    let environment = ProcessInfo.processInfo.environment
    return !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
  }

  /// Whether `url` names a directory.
  static func isDirectory(_ url: URL) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
  }

  static func fail(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("chat-demo: \(message)\n".utf8))
    return 2
  }
}
