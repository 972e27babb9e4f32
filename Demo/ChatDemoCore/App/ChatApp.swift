import AnimationRuntime
import CSDL2
import ChatKit
import ChatModel
import ChatStore
import Foundation
import Instrumentation
import ReuseKitSDL
import SDLSupport
import Stickers
import TextEngine

/// The interactive messenger: transcript view, composer, sticker palette and HUD in one window.
///
/// F5 splits the transcript: a second, narrower ``ChatTextView`` of the same storage beside it, with
/// its own layout manager, providers, scroll cache and counters (its HUD shows them); typing in either
/// shows in both. F6 switches the transcript to the editor scene: a ``LineNumberTextView`` of the same
/// storage. Day separators are labelled relative to today's date, which only the app reads.
@MainActor
final class ChatApp: ChatInputRouterDelegate {
  private let sdl: SDLContext
  private let window: SDLWindow
  private let renderer: SDLRenderer
  private let fonts: SDLFontSet
  private let clock = SDLClock()
  private let runtime: StickerRuntime
  private let stickers: StickerFactory
  /// In memory for a JSON transcript, over the store for a chat store (`--history`).
  private let storage: TextContentManager
  private let chatView: ChatTextView
  /// The second view of the storage while split (F5).
  private var secondaryView: ChatTextView?
  /// The second view's counters, kept across splits.
  private let secondaryInstrumentation = Instrumentation()
  /// The line-numbered editor of the editor scene (F6).
  private var editorView: LineNumberTextView?
  private let composer: SDLTextView
  private let palette: StickerPalette
  /// Where every event goes: the window's one input path.
  private let router: ChatInputRouter
  private let canvas: SDLCanvas
  private let labels: TextTextureCache
  /// Set when the transcript file could not be read: it is never overwritten then.
  private let loadFailure: TranscriptError?
  /// Writes saves in the background (to `NAME.recovered-N.json` when the file failed to load);
  /// `nil` over a chat store, which saves every edit as it happens.
  private let saver: TranscriptSaver?
  private var status: (text: String, until: Double)?
  private var running = true
  private let quitAfter: Double?

  init(document: Document, assets: URL, quitAfter: Double?, userStickers: URL? = nil) throws {
    sdl = try SDLContext(video: true)
    window = try SDLWindow(context: sdl, title: "ReuseKit chat", width: 480, height: 860)
    renderer = try SDLRenderer(window: window)
    fonts = try SDLFontSet(context: sdl)
    self.quitAfter = quitAfter
    let library = try StickerLibrary(
      directories: [assets.appendingPathComponent("Stickers")] + [userStickers].compactMap { $0 })
    runtime = StickerRuntime(clock: clock, library: library)
    runtime.renderTimer = clock  // renders are timed against the sticker render budget
    stickers = StickerFactory(runtime: runtime)
    switch document {
    case .transcript(let transcript):
      TranscriptFile.removeLeftoverTemporaryFiles(for: transcript)
      let (storage, loadFailure) = Self.open(transcript, stickers: stickers)
      (self.storage, self.loadFailure) = (storage, loadFailure)
      saver = TranscriptSaver(destination: loadFailure == nil ? .file(transcript) : .recovery(of: transcript))
    case .history(let url):
      storage = try StoredTextContentManager(source: ChatStore(contentsOf: url, stickers: stickers))
      loadFailure = nil
      saver = nil
    }
    let instrumentation = Instrumentation()
    instrumentation.timeSource = { [clock] in clock.now }
    chatView = try ChatTextView(
      storage: storage, renderer: renderer, fonts: fonts, clock: clock, instrumentation: instrumentation)
    chatView.register(
      [.onEditingInlineParagraphs, .onScrollingOutOfViewport],
      forTextAttachmentViewProviderType: StickerViewProvider.self)
    chatView.presentsFrames = false
    chatView.today = Self.today()
    composer = SDLTextView(storage: TextContentStorage(), renderer: renderer, fonts: fonts, clock: clock)
    composer.presentsFrames = false
    composer.showsScrollBar = false
    composer.pastesNewlinesAsLineBreaks = true
    composer.colors.background = TextColor(red: 255, green: 255, blue: 255)
    palette = StickerPalette(runtime: runtime, renderer: renderer)
    canvas = SDLCanvas(renderer: renderer)
    labels = TextTextureCache(renderer: renderer, fonts: fonts, byteLimit: 2 << 20)
    let output = renderer.outputSize
    router = ChatInputRouter(
      chatView: chatView, composer: composer,
      layout: ChatWindowLayout(width: Double(output.width), height: Double(output.height)),
      paletteCount: palette.buttonCount)
    router.delegate = self
    layOut()
    chatView.scrollToBottom()
    if let failure = loadFailure {
      show("Could not open the transcript — \(failure). It will not be overwritten; Ctrl+S saves a copy.", seconds: 8)
    }
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

  /// Runs the event loop until the window closes.
  func run() {
    SDL_SetHint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, "1")  // long compositions arrive whole (SDL_TEXTEDITING_EXT)
    SDL_StartTextInput()
    defer { SDL_StopTextInput() }
    let start = clock.now
    var lastFrame = clock.now
    var fps = 60.0
    while running {
      var event = SDL_Event()
      while SDL_PollEvent(&event) != 0 { router.route(event) }
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
      for outcome in saver?.poll() ?? [] { report(outcome) }
      if let quitAfter, clock.now - start > quitAfter { running = false }
    }
    if saver?.isSaving == true { print("chat-demo: waiting for the save to finish…") }
    for outcome in saver?.finish() ?? [] { report(outcome) }
  }

  // MARK: Layout and drawing

  /// Where the parts sit for the renderer's current output size.
  private var currentLayout: ChatWindowLayout {
    let output = renderer.outputSize
    return ChatWindowLayout(width: Double(output.width), height: Double(output.height))
  }

  private var layout: ChatWindowLayout { router.layout }

  private func layOut() {
    var next = currentLayout
    next.isSplit = secondaryView != nil
    router.layout = next
    let chatRect = layout.chatRect
    let composerTextRect = layout.composerTextRect
    for view in [chatView, editorView].compactMap({ $0 as SDLTextView? }) {
      view.targetRect = chatRect
      try? view.resize(width: Int(chatRect.width), height: Int(chatRect.height))
    }
    if let secondaryView {
      let rect = layout.secondaryRect
      secondaryView.targetRect = rect
      try? secondaryView.resize(width: Int(rect.width), height: Int(rect.height))
    }
    composer.targetRect = composerTextRect
    try? composer.resize(width: Int(composerTextRect.width), height: Int(composerTextRect.height))
  }

  private func drawFrame() throws(SDLError) {
    let composerFrame = layout.composerFrame
    let composerTextRect = layout.composerTextRect
    if let editorView { try editorView.renderFrame() } else { try chatView.renderFrame() }
    if let secondaryView {
      renderer.fill(
        CGRect(x: layout.chatRect.maxX, y: 0, width: 2, height: layout.chatRect.height),
        color: TextColor(red: 176, green: 180, blue: 188))
      secondaryView.setFrameStatistics(fps: chatView.fps, frameTime: chatView.frameTime)
      try secondaryView.renderFrame()
    }
    renderer.fill(composerFrame, color: TextColor(red: 246, green: 247, blue: 250))
    try canvas.fillRoundedRect(
      composerFrame.insetBy(dx: 8, dy: 7), radius: 18, color: TextColor(red: 255, green: 255, blue: 255))
    composer.showsCaret = router.focus == .composer || composer.textContentStorage.length > 0
    try composer.renderFrame()
    if composer.textContentStorage.length == 0, composer.markedText.isEmpty {
      try labels.draw(
        "Message — Enter sends, Ctrl+1…9 stickers", attributes: TextAttributes(),
        color: TextColor(red: 150, green: 156, blue: 166), penX: composerTextRect.minX + 4,
        baselineY: composerTextRect.minY + 20)
    }
    try palette.draw(in: layout.paletteRect, canvas: canvas, labels: labels)
    if let status, status.until > clock.now {
      let banner = CGRect(x: 8, y: 8, width: layout.width - 16, height: 30)
      try canvas.fillRoundedRect(banner, radius: 10, color: TextColor(red: 40, green: 44, blue: 52, alpha: 230))
      try labels.draw(
        status.text, attributes: TextAttributes(fontScale: 0.85), color: TextColor(red: 255, green: 255, blue: 255),
        penX: banner.minX + 12, baselineY: banner.minY + 20)
    }
    renderer.present()
  }

  private func show(_ text: String, seconds: Double) {
    status = (text, clock.now + seconds)
    print("chat-demo: \(text)")
  }

  /// The sticker library's warnings (a bad manifest, duplicate names), for the console.
  var stickerWarnings: [String] { runtime.library.warnings }

  // MARK: Commands

  /// Performs the app's commands from the ``ChatInputRouter``.
  func perform(_ command: ChatCommand) {
    switch command {
    case .send: send()
    case .save: save()
    case .quit: running = false
    case .insertSticker(let index):
      if let name = palette.name(at: index) { insertSticker(name) }
    case .nextStickerPage: palette.turnPage()
    case .layOut: layOut()
    case .toggleSplit: toggleSplit()
    case .toggleScene: toggleScene()
    case .toggleHUD, .toggleStickerPolicy, .toggleResetFlashes, .stopEditing: break
    }
  }

  /// Shows or hides the second view of the storage (F5).
  private func toggleSplit() {
    if secondaryView != nil {
      secondaryView = nil
    } else {
      do {
        let view = try ChatTextView(
          storage: storage, renderer: renderer, fonts: fonts, clock: clock, instrumentation: secondaryInstrumentation)
        view.presentsFrames = false
        view.today = chatView.today
        view.isHUDVisible = chatView.isHUDVisible
        view.setStickerPolicy(chatView.requestedStickerPolicy ?? chatView.stickerPolicy)
        secondaryView = view
      } catch {
        show("Cannot split: \(error)", seconds: 4)
      }
    }
    router.secondaryView = secondaryView
    layOut()
    secondaryView?.scrollToBottom()
    show(secondaryView == nil ? "One view" : "Two views of one storage (F5 to close)", seconds: 2)
  }

  /// Switches the transcript between the chat and the line-numbered editor (F6).
  private func toggleScene() {
    if editorView != nil {
      editorView = nil
    } else {
      let editor = LineNumberTextView(storage: storage, renderer: renderer, fonts: fonts, clock: clock)
      editor.presentsFrames = false
      editorView = editor
    }
    router.editorView = editorView
    layOut()
    show(editorView == nil ? "Chat scene" : "Editor scene: line numbers (F6 for the chat)", seconds: 2)
  }

  /// Today's date from the wall clock (the app's; ChatKit never reads it).
  private static func today() -> ChatDay? {
    let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
    return ChatDay(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
  }

  private func insertSticker(_ name: String) {
    router.focusedView.insertAttachment(stickers.make(name))
  }

  private func send() {
    let text = composer.textContentStorage
    guard text.length > 0, let paragraph = text.paragraph(at: 0) else { return }
    var message = ChatMessage(paragraph: paragraph)
    message.from = chatView.localSender
    message.time = Self.timeFormatter.string(from: Date())
    chatView.today = Self.today()
    secondaryView?.today = chatView.today
    message.date = chatView.today?.description
    let lastDate = storage.paragraph(at: storage.paragraphCount - 1).flatMap {
      $0.paragraphAttributes[ChatMessage.dateKey] ?? $0.paragraphAttributes[ChatDay.separatorKey]
    }
    if let date = message.date, date != lastDate, storage.length > 0 {  // a new day starts
      let (separator, attributes) = ChatDay.separatorParagraph(for: date)
      chatView.appendParagraph(separator, attributes: attributes)
    }
    // A message sent into a collapsed day shows: the day expands.
    if let date = message.date { chatView.daySections.expand(date) }
    let (content, attributes) = message.paragraph(stickers: stickers)
    chatView.appendParagraph(content, attributes: attributes)
    chatView.scrollToBottom()
    composer.selectAll()
    composer.deleteBackward()
  }

  /// Takes a snapshot of the messages (paragraph references, well under a frame) and saves it in the
  /// background; ``report(_:)`` says how it went.
  private func save() {
    guard let saver, let storage = storage as? TextContentStorage else {
      show("Every edit is already saved in the chat store", seconds: 3)
      return
    }
    saver.save(TranscriptSnapshot(storage: storage))
    show("Saving \(storage.paragraphCount) messages…", seconds: 3)
  }

  private func report(_ outcome: TranscriptSaver.Outcome) {
    switch outcome.result {
    case .success(let url): show("Saved \(outcome.messageCount) messages to \(url.lastPathComponent)", seconds: 3)
    case .failure(let error): show("Save failed: \(error)", seconds: 6)
    }
  }

  private static let timeFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm"
    return formatter
  }()
}
