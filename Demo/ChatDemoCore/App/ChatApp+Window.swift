import AnimationRuntime
import CSDL2
import ChatKit
import ChatModel
import ChatStore
import Foundation
import ReuseKitSDL
import SDLSupport
import Stickers
import TextEngine

/// The window: where its events come from (`SDL_PollEvent`) and the frames it presents.
extension ChatApp {
  /// Opens the window on `document`.
  /// - Parameters:
  ///   - document: The transcript file or chat store to show.
  ///   - assets: The `Assets` folder (its `Stickers`).
  ///   - userStickers: The user's own sticker folder (`--stickers DIR`).
  ///   - renderer: The renderer to use (resolved against `SDL_RENDER_DRIVER`).
  ///   - probe: Finds SDL's accelerated renderer in a child process (asked for `.automatic` only).
  ///   - scale: The user's `--scale`, or `nil` for the platform's (``DisplayScale``).
  ///   - environment: The environment the scale is read from (`GDK_SCALE`).
  /// - Throws: When SDL, the stickers or a chat store cannot be opened.
  package static func window(
    document: Document, assets: URL, userStickers: URL? = nil, renderer choice: SDLRendererChoice = .software,
    probe: () -> Result<SDLRendererProbe.Finding, SDLRendererProbe.Failure> = {
      .failure(SDLRendererProbe.Failure(reason: "no probe"))
    },
    scale: Double? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> ChatApp {
    let sdl = try SDLContext(video: true)
    let (window, display) = try openWindow(sdl, scale: scale, environment: environment)
    let selection = try SDLRenderer.make(window: window, choice: choice, probe: probe)
    let renderer = selection.renderer
    renderer.scale = display.scale
    let clock = SDLClock()
    let library = try StickerLibrary(
      directories: [assets.appendingPathComponent("Stickers")] + [userStickers].compactMap { $0 })
    let runtime = StickerRuntime(clock: clock, library: library)
    runtime.renderTimer = clock  // in-process renders are timed against the sticker render budget
    runtime.waitsForWorkerFrames = false  // no frame of the window waits on a sticker worker
    let stickers = StickerFactory(runtime: runtime)
    let storage: TextContentManager
    var transcript: (storage: TextContentStorage, saver: TranscriptSaver)?
    var loadFailure: TranscriptError?
    switch document {
    case .transcript(let url):
      TranscriptFile.removeLeftoverTemporaryFiles(for: url)
      let (opened, failure) = open(url, stickers: stickers)
      storage = opened
      loadFailure = failure
      transcript = (opened, TranscriptSaver(destination: failure == nil ? .file(url) : .recovery(of: url)))
    case .history(let url):
      storage = try StoredTextContentManager(source: ChatStore(contentsOf: url, stickers: stickers))
    }
    let configuration = Configuration(
      storage: storage, transcript: transcript, stickers: stickers, sdl: sdl, fonts: try SDLFontSet(context: sdl),
      clock: clock, scrollCache: .chatDemo, today: wallClockToday, timeOfDay: { timeFormatter.string(from: Date()) })
    let app = try ChatApp(configuration, surface: .window(window, renderer))
    app.stickerPrefetcher?.measuresDecodeCost = true  // the window budgets by what decoding costs here
    app.rendererSummary = selection.summary + (display.scale == 1 ? "" : " · \(display.summary)")
    app.displayScale = display
    if let loadFailure {
      app.show(
        "Could not open the transcript — \(loadFailure). It will not be overwritten; Ctrl+S saves a copy.", seconds: 8)
    }
    return app
  }

  /// The window's size in points.
  static let windowSize = (width: 480.0, height: 860.0)

  /// Opens the window at ``windowSize`` points for the display's scale: `width × scale` pixels
  /// wide. On X11 a screen coordinate is a pixel; on Wayland the window asks for high DPI, and
  /// its screen coordinates are the output's points.
  private static func openWindow(_ sdl: SDLContext, scale: Double?, environment: [String: String]) throws
    -> (SDLWindow, DisplayScale)
  {
    let driver = SDLVideoDriverChoice.current
    let decide = { (ratio: Double?) in
      DisplayScale.decide(
        override: scale, environment: environment, videoDriver: driver, pixelsPerScreenCoordinate: ratio,
        xftDPI: { X11ResourceDatabase.xftDPI() })
    }
    // Wayland says its scale once the window is on an output; the others say it now.
    let early = driver == "wayland" ? nil : decide(nil)
    let first = early?.scale ?? 1
    let window = try SDLWindow(
      context: sdl, title: "ReuseKit chat", width: Int((windowSize.width * first).rounded()),
      height: Int((windowSize.height * first).rounded()), highDPI: true)
    let ratio = window.pixelsPerScreenCoordinate
    let display = early ?? decide(ratio)
    let wanted = (
      width: Int((windowSize.width * display.scale / ratio).rounded()),
      height: Int((windowSize.height * display.scale / ratio).rounded())
    )
    if wanted != window.size { window.setSize(width: wanted.width, height: wanted.height) }
    return (window, display)
  }

  /// The storage for the transcript at `url` (empty when it cannot be read), and why it could not.
  /// The parsed transcript is freed on return, before any view exists.
  private static func open(_ url: URL, stickers: StickerFactory) -> (TextContentStorage, TranscriptError?) {
    do {
      return (try TranscriptFile.load(url).storage(stickers: stickers), nil)
    } catch {
      return (TextContentStorage(), error)
    }
  }

  /// Runs the window's event loop until it closes (or `quitAfter` seconds have passed).
  ///
  /// The loop sleeps in `SDL_WaitEventTimeout` until an event or the next time something on screen
  /// changes by itself (``nextFrameTime()``: the caret's blink, a visible animation's next frame,
  /// the banner going), then routes every event to ``route(_:)`` and draws a frame, which draws only
  /// what changed. A hidden or minimized window draws nothing, so its stickers do no work; without
  /// the keyboard focus, stickers stop animating unless ``animatesWithoutFocus`` is set.
  package func run(quitAfter: Double? = nil) {
    SDL_SetHint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, "1")  // long compositions arrive whole (SDL_TEXTEDITING_EXT)
    SDL_StartTextInput()
    defer { SDL_StopTextInput() }
    let start = clock.now
    var lastFrame = clock.now
    var fps = 60.0
    let window: SDLWindow? = if case .window(let window, _) = surface { window } else { nil }
    while isRunning {
      let hidden = window?.isHidden ?? false
      let animates = animatesWithoutFocus || window?.hasInputFocus ?? true
      setStickersSeen(!hidden && animates)
      // Changes that come by themselves are drawn at most once a display refresh: many stickers
      // with their own frame times make one frame, not one each.
      let due = nextFrameTime().map { max($0, lastFrame + Self.refreshInterval) - clock.now }
      var wait = hidden || !animates ? Self.idleWake : (due ?? Self.idleWake)
      if transcript?.saver.isSaving == true { wait = min(wait, Self.busyWake) }
      // A sticker worker's answer is shown at the next refresh: look then, not sooner.
      if stickers.runtime.workerPool?.hasPendingRequests == true {
        wait = min(wait, max(Self.busyWake, lastFrame + Self.refreshInterval - clock.now))
      }
      if let frameHook { wait = min(wait, frameHook.wake) }  // a client's call waits no longer
      if let quitAfter { wait = min(wait, max(0, start + quitAfter - clock.now)) }
      var event = SDL_Event()
      let gotEvents = Self.waitForEvent(&event, seconds: min(wait, Self.idleWake))
      if gotEvents {
        repeat {
          // The window's pixels were lost (uncovered, restored): its next frame is drawn whole.
          if event.type == SDL_WINDOWEVENT.rawValue, event.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue) {
            windowDamage.drawnGeneration = -1
          }
          route(event)
        } while SDL_PollEvent(&event) != 0
      }
      // Paused while unfocused, only what events change is drawn; a wake for a sticker worker's
      // answer draws no sooner than a refresh after the last frame.
      let refreshed = clock.now >= lastFrame + Self.refreshInterval - 0.001
      if !gotEvents, !refreshed { stickers.runtime.pollWorkers() }
      let drawsFrame = !hidden && (gotEvents || (animates && refreshed))
      if drawsFrame {
        let now = clock.now
        do {
          if try drawFrame() {
            let frameTime = now - lastFrame
            lastFrame = now
            if frameTime > 0 { fps = fps * 0.9 + (1 / frameTime) * 0.1 }
            chatView.setFrameStatistics(fps: fps, frameTime: clock.now - now)
          }
        } catch {
          show("Drawing failed: \(error)", seconds: 4)
        }
      }
      // A frame runs the hook itself (``drawFrame()``); a wake without one runs it here.
      if !drawsFrame { frameHook?.run() }
      for outcome in transcript?.saver.poll() ?? [] { report(outcome) }
      if let quitAfter, clock.now - start >= quitAfter { isRunning = false }
    }
    if transcript?.saver.isSaving == true { print("chat-demo: waiting for the save to finish…") }
    for outcome in transcript?.saver.finish() ?? [] { report(outcome) }
  }

  /// Waits up to `seconds` for an event; `true` with the first one in `event`.
  ///
  /// SDL waits in the window system (X11: on its connection); its dummy video driver cannot, and
  /// `SDL_WaitEventTimeout` would poll every millisecond there, so the loop sleeps, then looks.
  private static func waitForEvent(_ event: inout SDL_Event, seconds: Double) -> Bool {
    let milliseconds = Int32((max(0, seconds) * 1000).rounded(.up))
    guard let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "dummy" else {
      return SDL_WaitEventTimeout(&event, milliseconds) != 0
    }
    if SDL_PollEvent(&event) != 0 { return true }
    SDL_Delay(UInt32(milliseconds))
    return SDL_PollEvent(&event) != 0
  }

  /// The display's refresh interval the loop draws at most once per (60 Hz).
  static let refreshInterval = 1.0 / 60
  /// The longest the loop sleeps with nothing to wait for (it wakes to check the window and the save).
  static let idleWake = 1.0
  /// How often the loop looks while a save is under way (and at least this long for a worker's answer).
  static let busyWake = 0.005

  /// Today's date from the wall clock (the app's; ChatKit never reads it).
  private static func wallClockToday() -> ChatDay? {
    let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
    return ChatDay(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
  }

  private static let timeFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm"
    return formatter
  }()
}

extension ChatApp {
  /// The window's renderer and why it was picked (the HUD's "renderer" row), or `nil` offscreen.
  package var rendererSummary: String? {
    get { chatView.rendererSummary }
    set { chatView.rendererSummary = newValue }
  }
}
