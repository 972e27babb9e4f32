import CATK
import ChatKit
import Foundation
import ReuseKitATK
import TextEngine

/// The chat as a screen reader reads it, over AT-SPI2: the application, its window, the message
/// list and the composer, as ATK objects that atk-bridge shows on the accessibility bus.
///
/// Made only when a bus is there (``AccessibilityBridge/busIsPresent``); it reads the app through
/// ``ChatAccessibilityHost`` and runs once a frame through the host's frame hook. Nothing here lays
/// out, builds a provider or loads a view.
@MainActor
package final class ChatAccessibility {
  /// The longest the app's loop sleeps while a bridge runs: GLib's D-Bus traffic is pumped once a
  /// frame, a loop at rest has no frames, and a client's call waits no longer than this.
  package static let wake = 0.05

  /// The running bridge.
  package let bridge: AccessibilityBridge
  /// The app described.
  private unowned let host: any ChatAccessibilityHost
  /// The application (role `application`).
  let application: AccessibleElement
  /// The window (role `frame`).
  let window: AccessibleElement
  /// The message list (role `log`, as a chat history is): the whole transcript as one text
  /// (``DocumentAccessibleText``), each message also a child of its own.
  let messageList: AccessibleElement
  /// The composer (role `entry`, editable text).
  let composer: AccessibleElement
  /// The search bar's field (role `entry`), showing only while the bar is open.
  let searchEntry: AccessibleElement
  /// The last incoming message's notification (role `notification`), the window's fourth child.
  private var notification: AccessibleElement?
  /// Which element had the focus when last told.
  private var focused: AccessibleElement?
  /// The message list's children, made on demand.
  private(set) var messages: MessageListAccessibility?
  /// The composer's text, caret and selection as clients last heard of them.
  private var composerText = ""
  private var composerSelection = SelectionReport(0..<0)
  private var composerObservation: TextContentEditObservation?
  /// Whether the tree ignores edits and frames, as if it were not there: a benchmark's way of
  /// measuring keystrokes with and without it in turn, in one run (atk-bridge cannot be stopped and
  /// started again).
  package var isSuspended = false {
    didSet { messages?.isSuspended = isSuspended }
  }

  private init(
    host: any ChatAccessibilityHost, bridge: AccessibilityBridge, application: AccessibleElement,
    window: AccessibleElement, messageList: AccessibleElement, composer: AccessibleElement,
    searchEntry: AccessibleElement
  ) {
    self.host = host
    self.bridge = bridge
    self.application = application
    self.window = window
    self.messageList = messageList
    self.composer = composer
    self.searchEntry = searchEntry
  }

  /// The tree for `host`, with atk-bridge started and attached to the host's frames; `nil` when
  /// there is no accessibility bus. The host keeps the tree for as long as it runs.
  @discardableResult
  package static func start(for host: any ChatAccessibilityHost) -> ChatAccessibility? {
    guard AccessibilityBridge.busIsPresent else { return nil }
    let application = AccessibleElement(role: ATK_ROLE_APPLICATION, name: "chat-demo")
    let window = AccessibleElement(role: ATK_ROLE_FRAME, name: "ReuseKit Chat")
    let messageList = AccessibleElement(
      role: ATK_ROLE_LOG, name: "Messages", text: DocumentAccessibleText(textView: host.transcriptView))
    let composer = AccessibleElement(
      role: ATK_ROLE_ENTRY, name: "Message", text: TextViewAccessibleText(textView: host.composerView))
    let searchEntry = AccessibleElement(
      role: ATK_ROLE_ENTRY, name: "Search messages", text: TextViewAccessibleText(textView: host.searchView))
    application.setChildren([window])
    window.setChildren([messageList, composer, searchEntry])
    guard let bridge = AccessibilityBridge.start(root: application) else { return nil }
    let tree = ChatAccessibility(
      host: host, bridge: bridge, application: application, window: window, messageList: messageList,
      composer: composer, searchEntry: searchEntry)
    tree.describe()
    tree.messages = MessageListAccessibility(
      list: messageList, storage: host.transcriptView.textContentManager, chatView: host.transcriptView,
      focusedIndex: { [unowned host] in
        if case .messageList(let browsed) = host.focusedPart { browsed } else { nil }
      })
    // Each edit of the composer is told as it ends (typing, then sending, in one frame is two changes).
    tree.composerObservation = TextContentEditObservation(
      of: host.composerView.textContentManager, handler: { _ in },
      ended: { [weak tree] in MainActor.assumeIsolated { tree?.composerTextChanged() } })
    host.observeFrames(wake: wake) { [tree] in tree.update() }
    return tree
  }

  /// Tells clients how the composer's text changed in the edit that just ended, and where its
  /// caret went.
  private func composerTextChanged() {
    guard !isSuspended else { return }
    guard let text = composer.text as? TextViewAccessibleText else { return }
    let now = text.string
    if let change = AccessibleTextChange(from: composerText, to: now) {
      if !change.removed.isEmpty { composer.notifyTextDeleted(at: change.offset, change.removed) }
      if !change.inserted.isEmpty { composer.notifyTextInserted(at: change.offset, change.inserted) }
    }
    composerText = now
    updateComposerSelection()
  }

  /// Tells clients how the composer's caret and selection moved since they last heard.
  private func updateComposerSelection() {
    guard let text = composer.text as? TextViewAccessibleText else { return }
    composerSelection.tell(composer, of: text.textView, as: text)
  }

  /// Announces `text` politely: a new `notification` object named by it comes into the window and
  /// shows, which Orca presents (Debian 12's Orca 43 too). ATK 2.46's `announcement` signal is not
  /// used: Orca 43 does not read it, and a newer Orca reading both would say the message twice.
  private func announce(_ text: String) {
    let made = AccessibleElement(role: ATK_ROLE_NOTIFICATION, name: text)
    made.setAttribute("live", "polite")
    made.states = { [ATK_STATE_ENABLED, ATK_STATE_VISIBLE, ATK_STATE_SHOWING] }
    made.frame = { [unowned self] in messageList.frame() }
    if notification != nil { window.notifyChildRemoved(at: 3) }
    window.setChildren([messageList, composer, searchEntry, made])
    window.notifyChildAdded(made, at: 3)
    made.notifyState(ATK_STATE_SHOWING, true)
    notification = made
  }

  /// Gives each element its states and geometry from the host's current layout.
  private func describe() {
    let common: Set<AtkStateType> = [ATK_STATE_ENABLED, ATK_STATE_SENSITIVE, ATK_STATE_VISIBLE, ATK_STATE_SHOWING]
    window.states = { common.union([ATK_STATE_ACTIVE]) }
    window.frame = { [unowned host] in host.windowFrame }
    messageList.states = { [unowned host] in
      // Its children are made on demand: clients (and the bridge's cache) must not walk them all.
      var states = common.union([
        ATK_STATE_FOCUSABLE, ATK_STATE_MULTI_LINE, ATK_STATE_MANAGES_DESCENDANTS, ATK_STATE_SELECTABLE_TEXT,
      ])
      if host.focusedPart == .transcript { states.insert(ATK_STATE_FOCUSED) }
      return states
    }
    messageList.frame = { [unowned host] in host.transcriptFrame }
    composer.states = { [unowned host] in
      var states = common.union([ATK_STATE_FOCUSABLE, ATK_STATE_EDITABLE, ATK_STATE_MULTI_LINE])
      if host.focusedPart == .composer { states.insert(ATK_STATE_FOCUSED) }
      return states
    }
    composer.frame = { [unowned host] in host.composerFrame }
    searchEntry.states = { [unowned host] in
      guard host.searchFrame != nil else { return [ATK_STATE_ENABLED, ATK_STATE_FOCUSABLE, ATK_STATE_EDITABLE] }
      var states = common.union([ATK_STATE_FOCUSABLE, ATK_STATE_EDITABLE, ATK_STATE_SINGLE_LINE])
      if host.focusedPart == .search { states.insert(ATK_STATE_FOCUSED) }
      return states
    }
    searchEntry.frame = { [unowned host] in host.searchFrame ?? .zero }
  }

  /// Runs the bridge's pending work and tells clients what changed since the last frame.
  package func update() {
    guard !isSuspended else { return }
    messages?.flushChanged()
    messages?.updateSelection()
    updateComposerSelection()
    for announcement in messages?.flushAdded() ?? [] { announce(announcement) }
    for announcement in host.takeAnnouncements() { announce(announcement) }
    let now: AccessibleElement =
      switch host.focusedPart {
      case .composer: composer
      case .messageList(let browsed): browsed.flatMap { messages?.element(at: $0) } ?? messageList
      case .transcript: messageList
      case .search: searchEntry
      }
    if now !== focused {
      focused?.notifyState(ATK_STATE_FOCUSED, false)
      now.notifyState(ATK_STATE_FOCUSED, true)
      // The list manages its descendants: clients follow its active one.
      if now.parent === messageList { messageList.notifyActiveDescendant(now) }
      focused = now
    }
    bridge.pump()
  }
}
