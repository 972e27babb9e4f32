import AnimationRuntime
import CSDL2
import ChatDemoCore
import ChatKit
import Foundation
import SDLSupport
import Stickers
import TextEngine

/// The app's search bar as the user drives it, measured (`reuse-bench`'s `search.next` and
/// `search.next.window`): the app's window on SDL's dummy video driver and software renderer, or a
/// real X window on the renderer the app picks; Ctrl+F and the query typed through the app's one
/// input path, then Enter after Enter, each to its frame drawn by damage and presented.
@MainActor final class SearchProbe {
  private let app: ChatApp
  private let clock: ManualClock

  /// Opens the app's window on `storage` with a 480×800 transcript, and draws its first frame.
  /// - Parameters:
  ///   - storage: The transcript (a chat store's manager, searched through its index).
  ///   - runtime: The sticker runtime its stickers play in.
  ///   - clock: The app's clock, advanced past the search bar's debounce.
  ///   - display: An X display for a real window, or `nil` for the dummy driver.
  /// - Throws: When SDL, the fonts or the window cannot be had.
  init(storage: TextContentManager, runtime: StickerRuntime, clock: ManualClock, display: String? = nil) throws {
    app = try ChatApp.probeWindow(title: "search", storage: storage, runtime: runtime, clock: clock, display: display)
    self.clock = clock
  }

  /// Where the frames are presented: the window system and the renderer.
  var rendererSummary: String { app.rendererSummary ?? "dummy driver, \(app.rendererName ?? "no") renderer" }

  /// Ctrl+F, `query` typed a key and a frame at a time, then frames at 60 Hz until the debounced
  /// search has run (its newest hit shown).
  /// - Throws: When drawing fails, or the search found nothing.
  func search(_ query: String) throws {
    app.pressShortcut("f")
    try app.drawFrame()
    for character in query {
      app.type(character)
      try app.drawFrame()
    }
    for _ in 0..<30 where app.searchReport?.message == nil {
      clock.advance(by: 1.0 / 60)
      try app.drawFrame()
    }
    guard app.searchReport?.message != nil else { throw BenchFailure("search: \"\(query)\" found nothing") }
  }

  /// Enter in the search bar: the next older hit, jumped to and highlighted, its frame presented.
  /// - Throws: When drawing fails.
  func nextHit() throws {
    app.press(SDLK_RETURN)
    try app.drawFrame()
  }

  /// The paragraphs carrying highlights now.
  var highlightedParagraphs: Int { app.searchReport?.highlightedMessages ?? 0 }

  /// The number of the current hit, as the bar shows it (1 the newest).
  var currentHitNumber: Int {
    Int(
      app.searchReport?.label.split(separator: " ").first.map(String.init)?.replacingOccurrences(of: ",", with: "")
        ?? "")
      ?? 0
  }
}
