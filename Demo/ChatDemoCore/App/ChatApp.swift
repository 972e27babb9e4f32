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

/// The interactive messenger: transcript view, composer, sticker palette and HUD.
///
/// One object for the window and for headless runs: the window's loop (``run()``, in
/// `ChatApp+Window.swift`) and the scenario runner both hand it SDL events through ``route(_:)``
/// (the ``ChatInputRouter``), and both draw with ``drawFrame()``; they differ only in where the
/// events come from and in the ``ChatAppSurface`` (a presented window, or offscreen surfaces).
///
/// F5 splits the transcript: a second, narrower ``ChatTextView`` of the same storage beside it, with
/// its own layout manager, providers, scroll cache and counters (its HUD shows them); typing in either
/// shows in both. F6 switches the transcript to the editor scene: a ``LineNumberTextView`` of the same
/// storage. Day separators are labelled relative to today's date, which only the app reads.
@MainActor
package final class ChatApp: ChatInputRouterDelegate {
  /// What the app is made of; the window and a headless run make it differently.
  struct Configuration {
    /// In memory for a JSON transcript, over the store for a chat store (`--history`).
    var storage: TextContentManager
    /// A transcript file's in-memory storage and its saver: what Ctrl+S saves; `nil` over a chat
    /// store (which saves every edit as it happens) and headless.
    var transcript: (storage: TextContentStorage, saver: TranscriptSaver)?
    var stickers: StickerFactory
    /// SDL, kept for as long as the app runs.
    var sdl: SDLContext
    var fonts: SDLFontSet
    var clock: any AnimationClock
    /// The sticker reuse policies the chat views start with.
    var stickerPolicy: TextAttachmentViewProviderReusePolicy = [.onEditingInlineParagraphs, .onScrollingOutOfViewport]
    /// Today's date: what day separators are labelled relative to, and the date of a sent message.
    var today: () -> ChatDay?
    /// The display time of a message sent now (`HH:mm`).
    var timeOfDay: () -> String
    /// The clipboard every view shares; `nil` for the system clipboard (in memory without video).
    var clipboard: (any TextClipboard)?
  }

  var surface: ChatAppSurface
  let sdl: SDLContext
  let fonts: SDLFontSet
  let clock: any AnimationClock
  package let stickers: StickerFactory
  package let storage: TextContentManager
  /// The saver and storage of a transcript file (see ``Configuration/transcript``).
  let transcript: (storage: TextContentStorage, saver: TranscriptSaver)?
  let today: () -> ChatDay?
  let timeOfDay: () -> String
  let clipboard: any TextClipboard
  package let chatView: ChatTextView
  /// The second view of the storage while split (F5).
  var secondaryView: ChatTextView?
  /// The second view's counters, kept across splits.
  let secondaryInstrumentation: Instrumentation
  /// Whether the transcript was ever split (view 1's counters exist from then on).
  var hasSplit = false
  /// The line-numbered editor of the editor scene (F6).
  var editorView: LineNumberTextView?
  package let composer: SDLTextView
  let palette: StickerPalette
  /// Where every event goes: the app's one input path.
  let router: ChatInputRouter
  /// The status banner and when it goes.
  var status: (text: String, until: Double)?
  /// Whether the app goes on (a quit command ends it).
  package var isRunning = true
  /// What draws the window's own parts (composer field, palette, banner); `nil` offscreen.
  let chrome: (canvas: SDLCanvas, labels: TextTextureCache)?
  /// What the window's own parts showed in the last frame.
  var windowDamage = WindowDamage()
  /// Frames that drew something (views or the window's parts); a frame with no change draws nothing.
  package var framesDrawn = 0
  /// Whether stickers keep animating while the window does not have the keyboard focus (default
  /// `true`, as messengers do); off, the window draws only what events change until it has it again.
  package var animatesWithoutFocus = true
  /// What runs with every frame (the accessibility tree, attached by the executable).
  package var frameHook: FrameHook?
  /// When the window last presented a frame (`SDL_RenderPresent` returned): keystroke to present
  /// ends there, before the frame's ``frameHook``.
  package var lastPresent: ContinuousClock.Instant?

  /// Makes the app's views on `surface`.
  /// - Throws: ``SDLError`` when a view cannot be made.
  init(_ configuration: Configuration, surface: ChatAppSurface) throws(SDLError) {
    self.surface = surface
    sdl = configuration.sdl
    fonts = configuration.fonts
    clock = configuration.clock
    stickers = configuration.stickers
    storage = configuration.storage
    transcript = configuration.transcript
    today = configuration.today
    timeOfDay = configuration.timeOfDay
    clipboard =
      configuration.clipboard ?? (SDLClipboard.isAvailable ? SDLClipboard() as any TextClipboard : MemoryClipboard())
    let instrumentation = Instrumentation()
    instrumentation.timeSource = { [clock] in clock.now }
    secondaryInstrumentation = Instrumentation(timeSource: { [clock] in clock.now })
    let layout = Self.layout(for: surface)
    chatView = try ChatTextView(
      storage: storage, renderer: try surface.renderer(for: layout.chatRect), fonts: fonts, clock: clock,
      instrumentation: instrumentation)
    chatView.register(configuration.stickerPolicy, forTextAttachmentViewProviderType: StickerViewProvider.self)
    chatView.presentsFrames = false
    chatView.today = today()
    chatView.clipboard = clipboard
    composer = SDLTextView(
      storage: TextContentStorage(), renderer: try surface.renderer(for: layout.composerTextRect), fonts: fonts,
      clock: clock, clipboard: clipboard)
    composer.presentsFrames = false
    composer.showsScrollBar = false
    composer.pastesNewlinesAsLineBreaks = true
    composer.colors.background = TextColor(red: 255, green: 255, blue: 255)
    // Offscreen the palette is not drawn (its buttons still insert stickers).
    let paletteRenderer: SDLRenderer
    if let renderer = surface.windowRenderer {
      paletteRenderer = renderer
    } else {
      paletteRenderer = try SDLRenderer.offscreen(width: 1, height: 1)
    }
    palette = StickerPalette(runtime: stickers.runtime, renderer: paletteRenderer)
    router = ChatInputRouter(
      chatView: chatView, composer: composer, layout: layout, paletteCount: palette.buttonCount)
    chrome = surface.windowRenderer.map { [fonts] renderer in
      (SDLCanvas(renderer: renderer), TextTextureCache(renderer: renderer, fonts: fonts, byteLimit: 2 << 20))
    }
    router.delegate = self
    watchEditFailures(of: chatView)
    // The first pass waits for the first frame (which lays out what needs it), so that whatever
    // watches the views' passes from outside (a scenario host) sees it.
    chatView.laysOutImmediately = false
    layOut()
    chatView.scrollToBottom()
    chatView.laysOutImmediately = true
  }

  /// Edits the views could not make (a full disk, a store that failed), each shown in the banner.
  var editFailures: [String] = []

  /// Shows every edit `view` cannot make in the banner ("Disk full: the last edit was not saved"),
  /// and keeps it in ``editFailures`` for the headless report.
  func watchEditFailures(of view: TextView) {
    view.editFailureHandler = { [weak self] error in
      guard let self else { return }
      editFailures.append("\(error)")
      switch error {
      case .storeFull: show("Disk full: the last edit was not saved", seconds: 6)
      case .storeFailed(let message): show("The last edit was not saved: \(message)", seconds: 6)
      default: show("The edit was not made: \(error)", seconds: 4)
      }
    }
  }

  /// The sticker library's warnings (a bad manifest, duplicate names), for the console.
  package var stickerWarnings: [String] { stickers.runtime.library.warnings }

  /// Routes one SDL event, as it came from `SDL_PollEvent` or from a scenario step.
  /// - Returns: Whether a responder used it.
  @discardableResult
  package func route(_ event: SDL_Event) -> Bool { router.route(event) }

  /// View `index` of a scenario: 0 the transcript (the editor in the editor scene), 1 the split's
  /// second view; `nil` when not shown.
  func view(at index: Int) -> SDLTextView? {
    switch index {
    case 0: (editorView as SDLTextView?) ?? chatView
    case 1: secondaryView
    default: nil
    }
  }

  /// The router's focus that types into view `index` (see ``view(at:)``).
  func focus(ofView index: Int) -> ChatInputRouter.Focus { index == 1 ? .secondary : .transcript }

  // MARK: Layout

  /// Where the parts sit for a surface's size.
  private static func layout(for surface: ChatAppSurface) -> ChatWindowLayout {
    let output = surface.outputSize
    return ChatWindowLayout(width: Double(output.width), height: Double(output.height))
  }

  /// Lays the views out for the surface's size (the window changed size, or split).
  func layOut() {
    var next = Self.layout(for: surface)
    next.isSplit = secondaryView != nil
    router.layout = next
    let chatRect = next.chatRect
    for view in [chatView, editorView].compactMap({ $0 as SDLTextView? }) { place(view, at: chatRect) }
    if let secondaryView { place(secondaryView, at: next.secondaryRect) }
    place(composer, at: next.composerTextRect)
  }

  private func place(_ view: SDLTextView, at rect: CGRect) {
    view.targetRect = surface.targetRect(for: rect)
    try? view.resize(width: Int(rect.width), height: Int(rect.height))
  }
}
