import CATK
import CSDL2
import ChatAccessibility
import ChatDemoCore
import ChatKit
import Foundation
import ReuseKitATK
import SDLSupport
import Stickers
import TextEngine

/// A keystroke as the user feels it, measured (`reuse-bench`'s P12): the app's window on SDL's dummy
/// video driver and software renderer, a key's events through the app's one input path (the router,
/// the view's edit and pass), then the frame, drawn by damage and presented.
@MainActor final class KeystrokeProbe {
  private let app: ChatApp
  /// The accessibility tree on the AT-SPI bus, once started.
  private var accessibility: ChatAccessibility?
  private var messageReader: MessageListAccessibility?
  /// The transcript as the message list's one text, made by the first ``readListText(from:scalars:)``.
  private var listText: DocumentAccessibleText?

  /// Opens the app's window on `storage` with a 480×800 transcript, and draws its first frame.
  /// - Parameters:
  ///   - storage: The transcript (in memory, or a chat store's manager).
  ///   - runtime: The sticker runtime its stickers play in.
  ///   - clock: The app's clock.
  /// - Throws: When SDL, the fonts or the window cannot be had.
  init(storage: TextContentManager, runtime: StickerRuntime, clock: any AnimationClock) throws {
    app = try ChatApp.probeWindow(title: "P12", storage: storage, runtime: runtime, clock: clock)
  }

  /// Puts the caret at `offset` in message `paragraph` (scrolled to the middle), as a click does,
  /// and draws the frame.
  /// - Throws: When the message is out of range or drawing fails.
  func placeCaret(inParagraph paragraph: Int, offset: Int) throws {
    app.focusTranscript()
    app.chatView.showsCaret = true
    try app.chatView.scroll(toParagraphAt: paragraph, position: .center)
    let start = try app.chatView.textContentManager.startOffset(ofParagraphAt: paragraph)
    try app.chatView.setSelectedRange((start + offset)..<(start + offset))
    try app.drawFrame()
  }

  /// Types `character` (its key-down, text and key-up events through the router), then draws and
  /// presents the frame.
  /// - Throws: When drawing fails.
  func type(_ character: Character) throws {
    app.type(character)
    try app.drawFrame()
  }

  /// Presses Backspace through the router, then draws and presents the frame.
  /// - Throws: When drawing fails.
  func backspace() throws {
    app.press(SDLK_BACKSPACE)
    try app.drawFrame()
  }

  /// Starts the app's accessibility tree on the AT-SPI bus (P12 with the bridge on).
  /// - Returns: Whether it runs (it needs a bus: a session, or `dbus-run-session`).
  func startAccessibility() -> Bool {
    if accessibility == nil { accessibility = ChatAccessibility.start(for: app) }
    return accessibility != nil
  }

  /// Reads messages through the message list's accessibility tree (no bus needed) from paragraph
  /// `index` on, as a screen reader reads on: each message's element, name and text, until
  /// `bytes` of text (UTF-8) were read.
  /// - Returns: The messages read.
  func readMessages(from index: Int, bytes: Int) -> Int {
    if messageReader == nil {
      let list = AccessibleElement(role: ATK_ROLE_LOG, name: "Messages")
      messageReader = MessageListAccessibility(
        list: list, storage: app.storage, chatView: app.chatView, focusedIndex: { nil })
    }
    guard let reader = messageReader else { return 0 }
    var read = 0
    var count = 0
    var current = index
    while read < bytes, let element = reader.element(at: current) {
      read += element.name.utf8.count
      if let text = element.text { read += text.text(scalars: 0..<text.scalarCount).utf8.count }
      count += 1
      current += 1
    }
    return count
  }

  /// The message list's text length in scalars (the first call counts the scalars of blocks whose
  /// source keeps no sum: the in-memory transcript).
  var listTextScalarCount: Int { listReader.scalarCount }

  /// Reads `scalars` scalars of the message list's one text (the whole transcript) from scalar
  /// `offset`, as AT-SPI's `GetText` does.
  /// - Returns: The UTF-8 bytes read.
  func readListText(from offset: Int, scalars: Int) -> Int {
    listReader.text(scalars: offset..<(offset + scalars)).utf8.count
  }

  private var listReader: DocumentAccessibleText {
    if let listText { return listText }
    let made = DocumentAccessibleText(textView: app.chatView)
    listText = made
    return made
  }

  /// Suspends the accessibility tree (it ignores edits and frames, as if not there) or resumes it:
  /// keystrokes with and without it, in turn, in one run.
  func setAccessibilitySuspended(_ suspended: Bool) { accessibility?.isSuspended = suspended }

  /// When the window last presented a frame: a keystroke's latency ends there (what the frame does
  /// after it, its accessibility events, delays no pixel).
  var lastPresent: ContinuousClock.Instant? { app.lastPresent }

  /// GLib dispatches the accessibility bridge ran so far (0 while no client asks anything).
  var accessibilityDispatches: Int { accessibility?.bridge.dispatches ?? 0 }

  /// The transcript's view, for counters and checks.
  var chatView: ChatTextView { app.chatView }
}
