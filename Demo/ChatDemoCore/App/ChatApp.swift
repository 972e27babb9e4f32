import AnimationRuntime
import CSDL2
import ChatKit
import Foundation
import Instrumentation
import ReuseKitSDL
import SDLSupport
import Stickers
import TextEngine

/// The interactive messenger: transcript view, composer, sticker palette and HUD in one window.
@MainActor
final class ChatApp {
  private static let composerHeight = 58.0
  private static let paletteHeight = 52.0

  private let sdl: SDLContext
  private let window: SDLWindow
  private let renderer: SDLRenderer
  private let fonts: SDLFontSet
  private let clock = SDLClock()
  private let runtime: StickerRuntime
  private let stickers: StickerFactory
  private let storage: TextContentStorage
  private let chatView: ChatTextView
  private let composer: SDLTextView
  private let palette: StickerPalette
  private let canvas: SDLCanvas
  private let labels: TextTextureCache
  private let transcriptURL: URL
  /// Set when the transcript file could not be read: it is never overwritten then.
  private let loadFailure: TranscriptError?
  private var status: (text: String, until: Double)?
  private var focusIsComposer = true
  private var mouseCapture: SDLTextView?
  /// A shortcut's character that X11 may also deliver as text input; dropped once.
  private var swallowedText: String?
  private var running = true
  private let quitAfter: Double?

  init(transcript: URL, assets: URL, quitAfter: Double?) throws {
    sdl = try SDLContext(video: true)
    window = try SDLWindow(context: sdl, title: "ReuseKit chat", width: 480, height: 860)
    renderer = try SDLRenderer(window: window)
    fonts = try SDLFontSet(context: sdl)
    self.quitAfter = quitAfter
    let library = try StickerLibrary(directory: assets.appendingPathComponent("Stickers"))
    runtime = StickerRuntime(clock: clock, library: library)
    stickers = StickerFactory(runtime: runtime)
    transcriptURL = transcript
    (storage, loadFailure) = Self.open(transcript, stickers: stickers)
    let instrumentation = Instrumentation()
    instrumentation.timeSource = { [clock] in clock.now }
    chatView = try ChatTextView(
      storage: storage, renderer: renderer, fonts: fonts, clock: clock, instrumentation: instrumentation)
    chatView.register(
      [.onEditingInlineParagraphs, .onScrollingOutOfViewport],
      forTextAttachmentViewProviderType: StickerViewProvider.self)
    chatView.presentsFrames = false
    composer = SDLTextView(storage: TextContentStorage(), renderer: renderer, fonts: fonts, clock: clock)
    composer.presentsFrames = false
    composer.showsScrollBar = false
    composer.pastesNewlinesAsLineBreaks = true
    composer.colors.background = TextColor(red: 255, green: 255, blue: 255)
    palette = StickerPalette(runtime: runtime, renderer: renderer)
    canvas = SDLCanvas(renderer: renderer)
    labels = TextTextureCache(renderer: renderer, fonts: fonts, byteLimit: 2 << 20)
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
    SDL_StartTextInput()
    defer { SDL_StopTextInput() }
    let start = clock.now
    var lastFrame = clock.now
    var fps = 60.0
    while running {
      var event = SDL_Event()
      while SDL_PollEvent(&event) != 0 { handle(event) }
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
      if let quitAfter, clock.now - start > quitAfter { running = false }
    }
  }

  // MARK: Layout and drawing

  private var size: (width: Double, height: Double) {
    let output = renderer.outputSize
    return (Double(output.width), Double(output.height))
  }

  private var chatRect: CGRect {
    CGRect(x: 0, y: 0, width: size.width, height: max(100, size.height - Self.composerHeight - Self.paletteHeight))
  }

  private var composerFrame: CGRect {
    CGRect(x: 0, y: chatRect.maxY, width: size.width, height: Self.composerHeight)
  }

  private var composerTextRect: CGRect { composerFrame.insetBy(dx: 18, dy: 14) }

  private var paletteRect: CGRect {
    CGRect(x: 0, y: composerFrame.maxY, width: size.width, height: Self.paletteHeight)
  }

  private func layOut() {
    chatView.targetRect = chatRect
    try? chatView.resize(width: Int(chatRect.width), height: Int(chatRect.height))
    composer.targetRect = composerTextRect
    try? composer.resize(width: Int(composerTextRect.width), height: Int(composerTextRect.height))
  }

  private func drawFrame() throws(SDLError) {
    try chatView.renderFrame()
    renderer.fill(composerFrame, color: TextColor(red: 246, green: 247, blue: 250))
    try canvas.fillRoundedRect(
      composerFrame.insetBy(dx: 8, dy: 7), radius: 18, color: TextColor(red: 255, green: 255, blue: 255))
    composer.showsCaret = focusIsComposer || composer.textContentStorage.length > 0
    try composer.renderFrame()
    if composer.textContentStorage.length == 0, composer.markedText.isEmpty {
      try labels.draw(
        "Message — Enter sends, Ctrl+1…9 stickers", attributes: TextAttributes(),
        color: TextColor(red: 150, green: 156, blue: 166), penX: composerTextRect.minX + 4,
        baselineY: composerTextRect.minY + 20)
    }
    try palette.draw(in: paletteRect, canvas: canvas, labels: labels)
    if let status, status.until > clock.now {
      let banner = CGRect(x: 8, y: 8, width: size.width - 16, height: 30)
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

  // MARK: Events

  private func handle(_ event: SDL_Event) {
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
      running = false
      return
    case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
      layOut()
      return
    default: break
    }
    guard let input = TextInputEvent(event) else { return }
    switch input {
    case .key(let key, let modifiers):
      handleKey(key, modifiers, input)
    case .mouseDown(let x, let y, _, _):
      let point = CGPoint(x: x, y: y)
      if chatRect.contains(point) {
        focusIsComposer = false
        mouseCapture = chatView
        chatView.handle(input.translated(by: chatRect.origin))
      } else if composerFrame.contains(point) {
        focusIsComposer = true
        mouseCapture = composer
        composer.handle(input.translated(by: composerTextRect.origin))
      } else if let name = palette.sticker(at: point, in: paletteRect) {
        insertSticker(name)
      }
    case .mouseDrag, .mouseUp:
      guard let view = mouseCapture else { return }
      view.handle(input.translated(by: view === composer ? composerTextRect.origin : chatRect.origin))
      if case .mouseUp = input { mouseCapture = nil }
    case .wheel:
      chatView.handle(input)
    case .text(let text) where text == swallowedText:
      swallowedText = nil
    case .text, .composition:
      swallowedText = nil
      focusedView.handle(input)
    }
  }

  private var focusedView: SDLTextView { focusIsComposer ? composer : chatView }

  private func handleKey(_ key: TextInputEvent.Key, _ modifiers: TextInputEvent.KeyModifiers, _ input: TextInputEvent) {
    if case .character(let character) = key, modifiers.hasShortcutModifier { swallowedText = String(character) }
    switch key {
    case .function: chatView.handle(input)
    case .character("s") where modifiers.hasShortcutModifier: save()
    case .character("q") where modifiers.hasShortcutModifier: running = false
    case .character(let digit) where modifiers.hasShortcutModifier && ("1"..."9").contains(digit):
      let index = Int(String(digit))! - 1
      if index < palette.names.count { insertSticker(palette.names[index]) }
    case .enter where focusIsComposer && !modifiers.contains(.shift): send()
    case .pageUp, .pageDown: chatView.handle(input)
    default: focusedView.handle(input)
    }
  }

  private func insertSticker(_ name: String) {
    focusedView.insertAttachment(stickers.make(name))
  }

  private func send() {
    let text = composer.textContentStorage
    guard text.length > 0, let paragraph = text.paragraph(at: 0) else { return }
    var message = ChatMessage(paragraph: paragraph)
    message.from = chatView.localSender
    message.time = Self.timeFormatter.string(from: Date())
    let (content, attributes) = message.paragraph(stickers: stickers)
    chatView.appendParagraph(content, attributes: attributes)
    chatView.scrollToBottom()
    composer.selectAll()
    composer.deleteBackward()
  }

  private func save() {
    let target = TranscriptFile.saveTarget(for: transcriptURL, loadFailed: loadFailure != nil)
    do {
      try TranscriptFile.save(Transcript(storage: storage), to: target)
      show("Saved \(storage.paragraphCount) messages to \(target.lastPathComponent)", seconds: 3)
    } catch {
      show("Save failed: \(error)", seconds: 6)
    }
  }

  private static let timeFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm"
    return formatter
  }()
}

extension TextInputEvent {
  /// The same event with mouse coordinates made relative to `origin`.
  fileprivate func translated(by origin: CGPoint) -> TextInputEvent {
    switch self {
    case .mouseDown(let x, let y, let count, let modifiers):
      .mouseDown(x: x - origin.x, y: y - origin.y, clickCount: count, modifiers: modifiers)
    case .mouseDrag(let x, let y): .mouseDrag(x: x - origin.x, y: y - origin.y)
    case .mouseUp(let x, let y): .mouseUp(x: x - origin.x, y: y - origin.y)
    default: self
    }
  }
}
