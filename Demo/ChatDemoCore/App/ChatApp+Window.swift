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
  /// - Throws: When SDL, the stickers or a chat store cannot be opened.
  static func window(document: Document, assets: URL, userStickers: URL? = nil) throws -> ChatApp {
    let sdl = try SDLContext(video: true)
    let window = try SDLWindow(context: sdl, title: "ReuseKit chat", width: 480, height: 860)
    let renderer = try SDLRenderer(window: window)
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
      clock: clock, today: wallClockToday, timeOfDay: { timeFormatter.string(from: Date()) })
    let app = try ChatApp(configuration, surface: .window(window, renderer))
    if let loadFailure {
      app.show(
        "Could not open the transcript — \(loadFailure). It will not be overwritten; Ctrl+S saves a copy.", seconds: 8)
    }
    return app
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

  /// Runs the window's event loop until it closes (or `quitAfter` seconds have passed): every event
  /// from `SDL_PollEvent` goes to ``route(_:)``, then a frame is drawn and presented.
  func run(quitAfter: Double? = nil) {
    SDL_SetHint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, "1")  // long compositions arrive whole (SDL_TEXTEDITING_EXT)
    SDL_StartTextInput()
    defer { SDL_StopTextInput() }
    let start = clock.now
    var lastFrame = clock.now
    var fps = 60.0
    while isRunning {
      var event = SDL_Event()
      while SDL_PollEvent(&event) != 0 { route(event) }
      let now = clock.now
      let frameTime = now - lastFrame
      lastFrame = now
      if frameTime > 0 { fps = fps * 0.9 + (1 / frameTime) * 0.1 }
      chatView.setFrameStatistics(fps: fps, frameTime: frameTime)
      do {
        try drawFrame()
      } catch {
        show("Drawing failed: \(error)", seconds: 4)
      }
      let spent = clock.now - now
      if spent < 1.0 / 60 { SDL_Delay(UInt32((1.0 / 60 - spent) * 1000)) }
      for outcome in transcript?.saver.poll() ?? [] { report(outcome) }
      if let quitAfter, clock.now - start > quitAfter { isRunning = false }
    }
    if transcript?.saver.isSaving == true { print("chat-demo: waiting for the save to finish…") }
    for outcome in transcript?.saver.finish() ?? [] { report(outcome) }
  }

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
