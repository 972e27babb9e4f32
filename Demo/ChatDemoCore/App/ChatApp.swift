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
/// (the stateless ``ChatInputRouter`` makes them commands, ``perform(_:)`` does them), and both
/// draw with ``drawFrame()``. What the app is at (focus, layout, split, scene, the views'
/// settings, the banner) is one ``ChatAppState`` value, changed only by ``update(_:)``; they differ only in where the
/// events come from and in the ``ChatAppSurface`` (a presented window, or offscreen surfaces).
///
/// F5 splits the transcript: a second, narrower ``ChatTextView`` of the same storage beside it, with
/// its own layout manager, providers, scroll cache and counters (its HUD shows them); typing in either
/// shows in both. F6 switches the transcript to the editor scene: a ``LineNumberTextView`` of the same
/// storage. Day separators are labelled relative to today's date, which only the app reads.
@MainActor
package final class ChatApp {
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
    /// The scroll cache's bound in both chat views (the split's second view too), shown in their
    /// HUD: the window's 64 views / 32 MiB by default; a headless scenario passes its own
    /// (`.unbounded`, TextKit's, unless the scenario sets `"scrollCache"`).
    var scrollCache: ReuseCacheConfiguration = .chatDemo
    /// Today's date: what day separators are labelled relative to, and the date of a sent message.
    var today: () -> ChatDay?
    /// The display time of a message sent now (`HH:mm`).
    var timeOfDay: () -> String
    /// The clipboard every view shares; `nil` for the system clipboard (in memory without video).
    var clipboard: (any TextClipboard)?
  }

  /// Where the app draws (``resizeOffscreen(width:height:)`` changes a headless run's size).
  private(set) var surface: ChatAppSurface
  /// What the app was made of.
  let configuration: Configuration
  let clipboard: any TextClipboard
  package let chatView: ChatTextView
  /// The second view of the storage while split (F5); only the split command sets it.
  var secondaryView: ChatTextView?
  /// The second view's counters, kept across splits.
  let secondaryInstrumentation: Instrumentation
  /// The line-numbered editor of the editor scene (F6); only the scene command sets it.
  var editorView: LineNumberTextView?
  package let composer: SDLTextView
  /// The search bar's field, drawn in the composer's place while the bar is open (Ctrl+F).
  package let searchField: SDLTextView
  /// What the search bar searches (the chat store's index, or a scan of an in-memory transcript)
  /// and the highlights it draws on the transcript.
  let search: ChatSearch
  let palette: StickerPalette
  /// Focus, layout, split, scene, the views' settings, the banner: changed only by ``update(_:)``.
  private(set) var state: ChatAppState
  /// Turns the window's SDL events into input events (it drops the text of a shortcut keystroke).
  private var translator = TextInputTranslator()
  /// What draws the window's own parts (composer field, palette, banner); `nil` offscreen.
  let chrome: (canvas: SDLCanvas, labels: TextTextureCache)?
  /// What the window's own parts showed in the last frame.
  var windowDamage = WindowDamage()
  /// Frames that drew something (views or the window's parts); a frame with no change draws nothing.
  package var framesDrawn = 0
  /// What runs with every frame (the accessibility tree, attached by the executable).
  package var frameHook: FrameHook?
  /// Decodes the first frames of stickers ahead of the scroll in each frame's spare time; `nil`
  /// turns prefetching off (`--no-prefetch`).
  package var stickerPrefetcher: StickerPrefetcher?
  /// The window's scale and where it came from (`nil` offscreen, 1 pixel a point).
  package var displayScale: DisplayScale?
  /// When the window last presented a frame (`SDL_RenderPresent` returned): keystroke to present
  /// ends there, before the frame's ``frameHook``.
  package var lastPresent: ContinuousClock.Instant?

  /// SDL, kept for as long as the app runs.
  var sdl: SDLContext { configuration.sdl }
  var fonts: SDLFontSet { configuration.fonts }
  var clock: any AnimationClock { configuration.clock }
  package var stickers: StickerFactory { configuration.stickers }
  package var storage: TextContentManager { configuration.storage }
  /// The saver and storage of a transcript file (see ``Configuration/transcript``).
  var transcript: (storage: TextContentStorage, saver: TranscriptSaver)? { configuration.transcript }
  /// The display time of a message sent now.
  var timeOfDay: () -> String { configuration.timeOfDay }

  /// Makes the app's views on `surface`.
  /// - Throws: ``SDLError`` when a view cannot be made.
  init(_ configuration: Configuration, surface: ChatAppSurface) throws(SDLError) {
    self.surface = surface
    self.configuration = configuration
    let (fonts, clock, storage) = (configuration.fonts, configuration.clock, configuration.storage)
    clipboard =
      configuration.clipboard ?? (SDLClipboard.isAvailable ? SDLClipboard() as any TextClipboard : MemoryClipboard())
    let instrumentation = Instrumentation()
    instrumentation.timeSource = { [clock] in clock.now }
    secondaryInstrumentation = Instrumentation(timeSource: { [clock] in clock.now })
    let layout = Self.layout(for: surface)
    state = ChatAppState(layout: layout, stickerPolicy: configuration.stickerPolicy, today: configuration.today())
    chatView = try ChatTextView(
      storage: storage, renderer: try surface.renderer(for: layout.chatRect), fonts: fonts, clock: clock,
      instrumentation: instrumentation, scrollCache: configuration.scrollCache)
    chatView.register(configuration.stickerPolicy, forTextAttachmentViewProviderType: StickerViewProvider.self)
    chatView.presentsFrames = false
    chatView.clipboard = clipboard
    composer = SDLTextView(
      storage: TextContentStorage(), renderer: try surface.renderer(for: layout.composerTextRect), fonts: fonts,
      clock: clock, clipboard: clipboard)
    composer.presentsFrames = false
    composer.showsScrollBar = false
    composer.pastesNewlinesAsLineBreaks = true
    composer.colors.background = TextColor(red: 255, green: 255, blue: 255)
    searchField = SDLTextView(
      storage: TextContentStorage(), renderer: try surface.renderer(for: layout.searchTextRect), fonts: fonts,
      clock: clock, clipboard: clipboard)
    searchField.presentsFrames = false
    searchField.showsScrollBar = false
    searchField.colors.background = TextColor(red: 255, green: 255, blue: 255)
    search = ChatSearch(storage: storage)
    // Offscreen the palette is not drawn (its buttons still insert stickers).
    let paletteRenderer: SDLRenderer
    if let renderer = surface.windowRenderer {
      paletteRenderer = renderer
    } else {
      paletteRenderer = try SDLRenderer.offscreen(width: 1, height: 1)
    }
    palette = StickerPalette(runtime: configuration.stickers.runtime, renderer: paletteRenderer)
    stickerPrefetcher = StickerPrefetcher(runtime: configuration.stickers.runtime)
    chrome = surface.windowRenderer.map { [fonts] renderer in
      (SDLCanvas(renderer: renderer), TextTextureCache(renderer: renderer, fonts: fonts, byteLimit: 2 << 20))
    }
    applyState()
    watchEditFailures(of: chatView)
    // The first pass waits for the first frame (which lays out what needs it), so that whatever
    // watches the views' passes from outside (a scenario host) sees it.
    chatView.laysOutImmediately = false
    layOut()
    chatView.scrollToBottom()
    chatView.laysOutImmediately = true
  }

  /// Shows every edit `view` cannot make in the banner ("Disk full: the last edit was not saved"),
  /// and keeps it in ``editFailures`` for the headless report.
  func watchEditFailures(of view: TextView) {
    view.editFailureHandler = { [weak self] error in
      guard let self else { return }
      update { $0.editFailures.append("\(error)") }
      switch error {
      case .storeFull: show("Disk full: the last edit was not saved", seconds: 6)
      case .storeFailed(let message): show("The last edit was not saved: \(message)", seconds: 6)
      default: show("The edit was not made: \(error)", seconds: 4)
      }
    }
  }

  /// The sticker library's warnings (a bad manifest, duplicate names), for the console.
  package var stickerWarnings: [String] { stickers.runtime.library.warnings }

  /// Edits the views could not make (a full disk, a store that failed), each shown in the banner.
  var editFailures: [String] { state.editFailures }

  /// Whether the app goes on; the window's loop ends when a quit command turns it off.
  package var isRunning: Bool {
    get { state.isRunning }
    set { update { $0.isRunning = newValue } }
  }

  /// Whether stickers keep animating while the window does not have the keyboard focus.
  package var animatesWithoutFocus: Bool {
    get { state.animatesWithoutFocus }
    set { update { $0.animatesWithoutFocus = newValue } }
  }

  /// What the app's input means: the stateless rules ``route(_:)`` asks.
  var router: ChatInputRouter { ChatInputRouter(paletteCount: palette.buttonCount) }

  /// Routes one SDL event, as it came from `SDL_PollEvent` or from a scenario step: the
  /// ``ChatInputRouter`` says what it means in the current state, and ``perform(_:)`` does it.
  /// - Returns: The commands it meant, performed in order (none when nothing takes it).
  @discardableResult
  func route(_ event: SDL_Event) -> [ChatCommand] {
    let commands: [ChatCommand]
    if let command = ChatInputRouter.command(forWindowEvent: event) {
      commands = [command]
    } else if let input = translator.translate(event)?.dividingCoordinates(by: surface.screenCoordinatesPerPoint) {
      commands = router.commands(for: input, in: state, isComposing: !focusedView.markedText.isEmpty)
    } else {
      commands = []
    }
    for command in commands { perform(command) }
    return commands
  }

  /// Changes the state, then makes the views show it: the one place the state changes.
  func update(_ change: (inout ChatAppState) -> Void) {
    change(&state)
    applyState()
  }

  /// The chat views' settings derive from the state here and nowhere else: the HUD, the sticker
  /// policy, reset flashes and today on every chat view (the split's too), the focus ring on view 0.
  private func applyState() {
    for view in [chatView, secondaryView].compactMap({ $0 }) {
      if view.isHUDVisible != state.isHUDVisible { view.isHUDVisible = state.isHUDVisible }
      if view.flashesResets != state.flashesResets { view.flashesResets = state.flashesResets }
      if view.today != state.today { view.today = state.today }
      if (view.requestedStickerPolicy ?? view.stickerPolicy) != state.stickerPolicy {
        view.setStickerPolicy(state.stickerPolicy)
      }
    }
    if chatView.focusedParagraph != state.focusedParagraph { chatView.focusedParagraph = state.focusedParagraph }
  }

  /// View `index` of a scenario: 0 the transcript (the editor in the editor scene), 1 the split's
  /// second view; `nil` when not shown.
  func view(at index: Int) -> SDLTextView? {
    switch index {
    case 0: (editorView as SDLTextView?) ?? chatView
    case 1: secondaryView
    default: nil
    }
  }

  /// The text view `target` stands for: the transcript (the editor in the editor scene), the
  /// composer, or the split's second view (the transcript while not split).
  func view(_ target: ChatAppState.Focus) -> SDLTextView {
    switch target {
    case .transcript, .messageList: editorView ?? chatView
    case .composer: composer
    case .search: searchField
    case .secondary: secondaryView ?? chatView
    }
  }

  /// The text view with the keyboard focus.
  var focusedView: SDLTextView { view(state.focus) }

  /// The focus that types into view `index` (see ``view(at:)``).
  func focus(ofView index: Int) -> ChatAppState.Focus { index == 1 ? .secondary : .transcript }

  /// Gives `target` the keyboard focus, as a click into it does: how a scenario's `select` step,
  /// which names a character offset rather than a point, moves the focus.
  func focus(on target: ChatAppState.Focus) { perform(.focus(target)) }

  /// A headless run's window becomes `width × height` (a scenario's `resize`); the window's
  /// size-changed event then lays the views out, as in the window.
  func resizeOffscreen(width: Int, height: Int) {
    guard case .offscreen = surface else { return }
    surface = .offscreen(width: width, height: height)
  }

  // MARK: Layout

  /// Where the parts sit for a surface's size.
  private static func layout(for surface: ChatAppSurface) -> ChatWindowLayout {
    let size = surface.size
    return ChatWindowLayout(width: size.width, height: size.height)
  }

  /// Lays the views out for the surface's size (the window changed size, or split).
  func layOut() {
    let size = surface.size
    update { $0.resize(width: size.width, height: size.height) }
    let next = state.layout
    let chatRect = next.chatRect
    for view in [chatView, editorView].compactMap({ $0 as SDLTextView? }) { place(view, at: chatRect) }
    if let secondaryView { place(secondaryView, at: next.secondaryRect) }
    place(composer, at: next.composerTextRect)
    place(searchField, at: next.searchTextRect)
  }

  private func place(_ view: SDLTextView, at rect: CGRect) {
    view.targetRect = surface.targetRect(for: rect)
    try? view.resize(width: Int(rect.width), height: Int(rect.height))
  }
}
