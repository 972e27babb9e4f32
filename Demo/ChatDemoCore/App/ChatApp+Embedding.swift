import AnimationRuntime
import CSDL2
import ChatKit
import Foundation
import SDLSupport
import Stickers
import TextEngine

/// What the programs built on the app (the `chat-demo` executable, `reuse-bench`'s probes) read and
/// do: where the keyboard focus and the window's parts are, and the window's input as a user gives it.
extension ChatApp {
  /// The part of the window with the keyboard focus.
  package enum KeyboardFocus: Equatable, Sendable {
    /// The composer.
    case composer
    /// The message list browsed message by message; `browsed` is the focused message's paragraph.
    case messageList(browsed: Int?)
    /// The transcript's text (either view of a split).
    case transcript
    /// The search bar's field.
    case search
  }

  /// Where the keyboard focus is.
  package var keyboardFocus: KeyboardFocus {
    switch state.focus {
    case .composer: .composer
    case .messageList: .messageList(browsed: state.browsedMessage)
    case .transcript, .secondary: .transcript
    case .search: .search
    }
  }

  /// The window's frame, in window points.
  package var windowFrame: CGRect { CGRect(x: 0, y: 0, width: state.layout.width, height: state.layout.height) }
  /// The transcript's frame, in window points.
  package var transcriptFrame: CGRect { state.layout.chatRect }
  /// The composer's text frame, in window points.
  package var composerTextFrame: CGRect { state.layout.composerTextRect }

  /// The height the window's own parts (composer, palette) take below the transcript.
  package static var chromeHeight: Double { ChatWindowLayout.composerHeight + ChatWindowLayout.paletteHeight }

  /// The app in `window` (made by the caller) over `storage`, with no date and messages sent at
  /// 12:00: what measurements open.
  /// - Throws: ``SDLError`` when a view cannot be made.
  package static func fixed(
    window: SDLWindow, renderer: SDLRenderer, sdl: SDLContext, storage: TextContentManager,
    stickers: StickerFactory, clock: any AnimationClock
  ) throws -> ChatApp {
    let configuration = Configuration(
      storage: storage, stickers: stickers, sdl: sdl, fonts: try SDLFontSet(context: sdl), clock: clock,
      today: { nil }, timeOfDay: { "12:00" }, clipboard: MemoryClipboard())
    return try ChatApp(configuration, surface: .window(window, renderer))
  }

  /// The window the app draws in; `nil` offscreen.
  package var window: SDLWindow? {
    if case .window(let window, _) = surface { window } else { nil }
  }

  /// The name of the renderer SDL chose for the window; `nil` offscreen.
  package var rendererName: String? { surface.windowRenderer?.name }

  /// Pixels the window's presents pushed to the screen so far (0 offscreen).
  package var presentedPixels: Int { surface.windowRenderer?.presentStatistics.pixels ?? 0 }

  /// Whether the palette's thumbnails stand still.
  package var pausesPalette: Bool {
    get { palette.isPaused }
    set { palette.isPaused = newValue }
  }

  /// Gives the transcript the keyboard focus, as a click on it does.
  package func focusTranscript() { focus(on: .transcript) }

  /// Types `character`: its key-down, text and key-up events through the router.
  package func type(_ character: Character) {
    for event in ScenarioEvents.typing(character) { route(event) }
  }

  /// Presses Ctrl+`character` (a shortcut: Ctrl+F opens the search bar) through the router.
  package func pressShortcut(_ character: Character) {
    for event in ScenarioEvents.press(character: character, KMOD_LCTRL) { route(event) }
  }

  /// Presses and releases `key` through the router.
  package func press(_ key: SDL_KeyCode) {
    for event in ScenarioEvents.press(key) { route(event) }
  }
}
