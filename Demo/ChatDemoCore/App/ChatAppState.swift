import ChatModel
import Foundation
import ScenarioVocabulary
import TextEngine

/// What the chat app is at, as one value: the keyboard focus and the browsed message, the window's
/// layout and split, the scene, the chat views' settings (HUD, sticker policy, reset flashes, today),
/// the banner, and whether the app goes on.
///
/// ``ChatApp`` owns the one copy and changes it in one place (``ChatApp/update(_:)``), which then
/// makes every view show it; the ``ChatInputRouter`` reads it to turn an event into commands. The
/// transitions that need nothing but the state are its own `mutating` methods, so they are tested
/// without an app.
struct ChatAppState: Equatable, Sendable {
  /// The view that receives typing.
  enum Focus: Equatable, Sendable {
    /// The transcript (editing a message in place).
    case transcript
    /// The composer, under the transcript.
    case composer
    /// The second view of the transcript while split.
    case secondary
    /// The transcript's messages, one at a time, without editing (Tab from the composer): Up and
    /// Down move by message (``browsedMessage``), as a screen reader's user walks a list.
    case messageList
    /// The search bar's field, in the composer's place while the bar is open (Ctrl+F).
    case search
  }

  /// What the transcript's place shows (F6 switches).
  enum Scene: Equatable, Sendable {
    /// The chat: bubbles, stickers, day separators.
    case chat
    /// The line-numbered editor of the same storage.
    case editor
  }

  /// A status line over the transcript until a time.
  struct Banner: Equatable, Sendable {
    /// What it says.
    var text: String
    /// When it goes, on the app's clock.
    var until: Double
  }

  /// The view that receives typing; a click moves it, and Tab.
  private(set) var focus = Focus.composer
  /// The paragraph index of the message the message list's focus is on (``Focus/messageList``).
  private(set) var browsedMessage: Int?
  /// The view a left-button press went to, which receives the drag and the release.
  var mouseCapture: Focus?
  /// Where the window's parts sit (its ``ChatWindowLayout/isSplit`` is the split's).
  var layout: ChatWindowLayout
  /// Whether the transcript was ever split: view 1's counters exist (and are reported) from then on.
  private(set) var hasSplit = false
  /// What the transcript's place shows.
  var scene = Scene.chat
  /// Whether the chat views draw their HUD (F1).
  var isHUDVisible = false
  /// The sticker reuse policy every chat view is asked to use (F2, F3).
  var stickerPolicy: TextAttachmentViewProviderReusePolicy
  /// Whether stickers whose animation state was reset flash (F4).
  var flashesResets = false
  /// The day day separators are labelled relative to, and the date of a message sent now.
  var today: ChatDay?
  /// The banner, until it goes.
  var banner: Banner?
  /// Edits the views could not make (a full disk, a store that failed), each shown in the banner.
  var editFailures: [String] = []
  /// Whether the app goes on (a quit command ends it).
  var isRunning = true
  /// Whether stickers keep animating while the window does not have the keyboard focus (default
  /// `true`, as messengers do); off, the window draws only what events change until it has it again.
  var animatesWithoutFocus = true
  /// The transcript's fling while it scrolls by itself (``ChatCommand/fling(velocity:friction:)``).
  var fling: Fling?
  /// The search bar while it is open (Ctrl+F); `nil` while closed.
  var search: SearchBar?
  /// What screen readers are to announce, in order, until the accessibility tree takes them.
  var announcements: [String] = []

  /// A fling under way: its motion, and how far it has scrolled the transcript so far, in points.
  struct Fling: Equatable, Sendable {
    var motion: FlingMotion
    var scrolled = 0.0
  }

  /// The state of an app that starts with `layout`, `stickerPolicy` and `today`.
  init(layout: ChatWindowLayout, stickerPolicy: TextAttachmentViewProviderReusePolicy, today: ChatDay?) {
    self.layout = layout
    self.stickerPolicy = stickerPolicy
    self.today = today
  }

  /// Whether a second view of the transcript sits beside it (F5).
  var isSplit: Bool { layout.isSplit }

  /// The message drawn with a focus ring: the browsed one, while the message list has the focus.
  var focusedParagraph: Int? { focus == .messageList ? browsedMessage : nil }

  /// The banner's text while it shows at `now`.
  func bannerText(at now: Double) -> String? {
    banner.flatMap { $0.until > now ? $0.text : nil }
  }

  // MARK: Transitions

  /// Gives `target` the keyboard focus; outside the message list no message is browsed.
  mutating func focus(on target: Focus) {
    focus = target
    if target != .messageList { browsedMessage = nil }
  }

  /// The message list takes the focus, on the last of `messageCount` messages (none when empty).
  mutating func enterMessageList(messageCount: Int) {
    focus(on: .messageList)
    browsedMessage = messageCount > 0 ? messageCount - 1 : nil
  }

  /// Up / Down in the message list: the focus moves `step` messages, within `messageCount`; outside
  /// the list, or in an empty one, nothing moves.
  /// - Returns: Whether the list has the focus on a message now.
  @discardableResult
  mutating func browse(by step: Int, messageCount: Int) -> Bool {
    guard focus == .messageList, messageCount > 0 else { return false }
    browsedMessage = min(max(0, (browsedMessage ?? messageCount - 1) + step), messageCount - 1)
    return true
  }

  /// The split turns on or off; turned on, view 1's counters exist from then on.
  mutating func setSplit(_ on: Bool) {
    layout.isSplit = on
    if on { hasSplit = true }
  }

  /// Lays the window out for a `width × height` window, keeping the split.
  mutating func resize(width: Double, height: Double) {
    var next = ChatWindowLayout(width: width, height: height)
    next.isSplit = layout.isSplit
    layout = next
  }

  /// Turns the sticker policy's `option` on or off.
  mutating func toggleStickerPolicy(_ option: TextAttachmentViewProviderReusePolicy) {
    if stickerPolicy.isSuperset(of: option) { stickerPolicy.subtract(option) } else { stickerPolicy.formUnion(option) }
  }

  /// Opens the search bar (keeping its query when open already) and gives its field the focus.
  mutating func openSearch() {
    if search == nil { search = SearchBar() }
    focus(on: .search)
  }

  /// Closes the search bar: its hits are forgotten and the composer has the focus again.
  mutating func closeSearch() {
    search = nil
    if focus == .search { focus(on: .composer) }
  }

  /// Shows `text` in the banner until `until`.
  mutating func show(_ text: String, until: Double) {
    banner = Banner(text: text, until: until)
  }
}
