import ChatAccessibility
import ChatDemoCore
import Foundation
import Instrumentation
import SDLSupport

/// Opens the interactive window.
@MainActor
enum DemoWindowLauncher {
  static func launch(
    transcript: URL?, quitAfter: Double?, stickers: URL?, pausesUnfocused: Bool = false,
    renderer: SDLRendererChoice = .automatic, scale: Double? = nil, motion: DemoCommand.MotionOptions = .init(),
    trace: URL? = nil
  ) -> Int32 {
    guard let assets = AssetLocator.assetsDirectory() else { return DemoMain.fail("cannot find the Assets folder") }
    return launch(
      .transcript(transcript ?? assets.appendingPathComponent("Transcripts/sample.json")), assets: assets,
      quitAfter: quitAfter, stickers: stickers, pausesUnfocused: pausesUnfocused, renderer: renderer, scale: scale,
      motion: motion, trace: trace)
  }

  /// Opens the window on the chat store at `history`.
  static func launch(
    history: URL, quitAfter: Double?, stickers: URL?, pausesUnfocused: Bool = false,
    renderer: SDLRendererChoice = .automatic, scale: Double? = nil, motion: DemoCommand.MotionOptions = .init(),
    trace: URL? = nil
  ) -> Int32 {
    guard let assets = AssetLocator.assetsDirectory() else { return DemoMain.fail("cannot find the Assets folder") }
    return launch(
      .history(history), assets: assets, quitAfter: quitAfter, stickers: stickers, pausesUnfocused: pausesUnfocused,
      renderer: renderer, scale: scale, motion: motion, trace: trace)
  }

  /// Runs this executable's renderer probe in a child process (`--probe-renderer`).
  /// - Parameter environment: The child's environment; `nil` for this process's.
  static func probeRenderer(
    environment: [String: String]? = nil
  ) -> Result<SDLRendererProbe.Finding, SDLRendererProbe.Failure> {
    SDLRendererProbe.probe(
      executable: Bundle.main.executableURL ?? URL(fileURLWithPath: "/proc/self/exe"),
      arguments: ["--probe-renderer"], environment: environment)
  }

  /// Sets `SDL_VIDEODRIVER` before SDL starts: Wayland where a Wayland session runs and it can
  /// start (``SDLVideoDriverChoice``), X11 where it cannot.
  /// - Returns: The decision (its note is printed).
  private static func chooseVideoDriver() -> SDLVideoDriverChoice.Decision {
    let decision = SDLVideoDriverChoice.decide(environment: ProcessInfo.processInfo.environment) {
      probeRenderer(environment: $0)
    }
    if let driver = decision.driver { setenv("SDL_VIDEODRIVER", driver, 1) }
    if let note = decision.note { print("chat-demo: \(note)") }
    return decision
  }

  private static func launch(
    _ document: ChatApp.Document, assets: URL, quitAfter: Double?, stickers: URL?, pausesUnfocused: Bool,
    renderer: SDLRendererChoice, scale: Double?, motion: DemoCommand.MotionOptions, trace traceURL: URL?
  ) -> Int32 {
    do {
      if let stickers, !DemoMain.isDirectory(stickers) {
        return DemoMain.fail("--stickers \(stickers.path): not a readable directory")
      }
      let video = chooseVideoDriver()
      let choice = renderer.resolved(environment: ProcessInfo.processInfo.environment)
      let app = try ChatApp.window(
        document: document, assets: assets, userStickers: stickers, renderer: choice,
        probe: { video.finding.map { .success($0) } ?? probeRenderer() }, scale: scale)
      print("chat-demo: video: \(SDLVideoDriverChoice.current ?? "unknown")")
      if let display = app.displayScale {
        let pixels = app.window?.pixelSize ?? (width: 0, height: 0)
        print("chat-demo: scale: \(display.summary), window \(pixels.width)×\(pixels.height) pixels; --scale overrides")
      }
      print("chat-demo: renderer: \(app.rendererSummary ?? "unknown")")
      for warning in app.stickerWarnings { print("chat-demo: \(warning)") }
      app.animatesWithoutFocus = !pausesUnfocused
      let desktop = motion.reducesMotion == nil ? DesktopMotionSetting.read() : nil
      app.reducesMotion = motion.reducesMotion ?? desktop?.reducesMotion ?? false
      if !motion.prefetches { app.stickerPrefetcher = nil }
      if app.reducesMotion {
        print("chat-demo: motion: first frames only (\(desktop?.source ?? "--reduce-motion"))")
      }
      ChatAccessibility.start(for: app)  // when an accessibility bus is there (a desktop session)
      let trace = traceURL.map { _ in ReuseTrace(name: "chat-demo window") }
      app.chatView.instrumentation.trace = trace  // before the first frame, which makes the first providers
      app.run(quitAfter: quitAfter)
      if let trace, let traceURL {
        do {
          try TranscriptFile.write(
            Array(ChromeTrace(timelines: [trace.closedTimeline()]).jsonString().utf8), to: traceURL, what: "the trace")
          print("chat-demo: trace: \(traceURL.path)")
        } catch {
          return DemoMain.fail("cannot write the trace: \(error)")
        }
      }
      return 0
    } catch {
      return DemoMain.fail("cannot open the window: \(error)")
    }
  }
}
