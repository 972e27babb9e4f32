import ChatDemoCore
import ChatModel
import Foundation
import SDLSupport
import Stickers
import TextEngine

/// The window's loop at rest, measured (`reuse-bench`'s P13): the real app and its real loop,
/// 480×860, for a number of seconds of wall time: on SDL's dummy video driver and software
/// renderer (`P13`), or in a real X window with the renderer the app picks there (`P13.window`).
enum IdleProbe {
  /// What is on screen while nobody types.
  enum Mode: String, CaseIterable, Sendable {
    /// 50 text messages, the palette paused: nothing animates (the caret stops blinking after 10 s).
    case still
    /// The same, with the palette's thumbnails animating.
    case palette
    /// The palette animating on a 2× screen (`--scale 2`: a 960×1720 pixel window).
    case palette2x
    /// The last messages hold 6 stickers each (30 or more on screen, animating), the palette paused.
    case stickers
    /// The stickers' transcript in a hidden window: nothing may be drawn.
    case hidden
  }

  /// What a probe measured.
  struct Result: Codable, Sendable {
    /// The mode measured.
    var mode: String
    /// Wall-clock seconds measured.
    var wallSeconds: Double
    /// CPU seconds (user and system) of the app's process over them.
    var cpuSeconds: Double
    /// CPU seconds of the sticker workers over them (their own processes).
    var workerCPUSeconds: Double
    /// Frames the loop drew.
    var frames: Int
    /// Animated stickers on screen.
    var visibleStickers: Int
    /// The renderer SDL chose for the window.
    var renderer: String
    /// Where the window was: `dummy` (SDL's dummy video driver) or `x11`.
    var display = "dummy"
    /// Pixels the window's presents pushed to the screen over the measured seconds.
    var pixelsPresented = 0
  }

  /// Runs the app in `mode` for `warmUp` seconds, then measures `seconds` more.
  /// - Parameters:
  ///   - mode: What is on screen.
  ///   - seconds: How long to measure.
  ///   - warmUp: How long to run before measuring (first frames, sticker loads).
  ///   - display: An X display for a real window, or `nil` for SDL's dummy video driver.
  /// - Returns: The measurement.
  /// - Throws: When the assets, the transcript or the window cannot be had.
  @MainActor
  static func run(_ mode: Mode, seconds: Double, warmUp: Double = 1, display: String? = nil) throws -> Result {
    if let display {
      setenv("SDL_VIDEODRIVER", "x11", 1)
      setenv("DISPLAY", display, 1)
    } else {
      setenv("SDL_VIDEODRIVER", "dummy", 1)  // the same software renderer on every machine
    }
    guard let assets = AssetLocator.assetsDirectory() else {
      throw TranscriptError(reason: "cannot find the Assets folder")
    }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("reuse-idle-\(getpid()).json")
    defer { try? FileManager.default.removeItem(at: url) }
    let stickers = mode == .stickers || mode == .hidden
    let generator = TranscriptGenerator(
      messages: 50, seed: 3, stickerEvery: 0, averageLength: 60,
      stickerRuns: stickers ? [.init(messages: 40..<50, stickersPerMessage: 6)] : [])
    try TranscriptFile.save(generator.generate(), to: url)
    let scale: Double? = mode == .palette2x ? 2 : nil
    let app =
      display == nil
      ? try ChatApp.window(document: .transcript(url), assets: assets, scale: scale)
      : try ChatApp.window(
        document: .transcript(url), assets: assets,
        renderer: SDLRendererChoice.automatic.resolved(environment: ProcessInfo.processInfo.environment),
        probe: BenchCommand.probeRenderer, scale: scale)
    app.pausesPalette = mode != .palette && mode != .palette2x
    if mode == .hidden { app.window?.hide() }
    app.run(quitAfter: warmUp)
    app.isRunning = true
    let bounds = app.chatView.viewportBounds
    let visible = app.chatView.visibleAttachmentViewProviders.compactMap { $0.view as? StickerView }.filter {
      $0.frame.intersects(bounds) && $0.nextFrameTime != nil
    }.count
    let framesBefore = app.framesDrawn
    let pixelsBefore = app.presentedPixels
    let workersBefore = app.stickers.runtime.workerPool?.workersCPUSeconds ?? 0
    let (cpuBefore, wallBefore) = (processCPUSeconds(), Date())
    app.run(quitAfter: seconds)
    let wall = Date().timeIntervalSince(wallBefore)
    var result = Result(
      mode: mode.rawValue, wallSeconds: wall, cpuSeconds: processCPUSeconds() - cpuBefore,
      workerCPUSeconds: (app.stickers.runtime.workerPool?.workersCPUSeconds ?? 0) - workersBefore,
      frames: app.framesDrawn - framesBefore, visibleStickers: visible,
      renderer: app.rendererSummary ?? app.rendererName ?? "none")
    result.display = display == nil ? "dummy" : "x11"
    result.pixelsPresented = app.presentedPixels - pixelsBefore
    return result
  }

  /// User and system CPU seconds of this process (`getrusage`).
  static func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}
