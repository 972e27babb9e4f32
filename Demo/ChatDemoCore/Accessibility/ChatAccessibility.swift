import CATK
import ChatKit
import Foundation
import ReuseKitATK
import TextEngine

/// The chat as a screen reader reads it, over AT-SPI2: the application, its window, the message
/// list and the composer, as ATK objects that atk-bridge shows on the accessibility bus.
///
/// Made only when a bus is there (``AccessibilityBridge/busIsPresent``); the app pumps it once a
/// frame. Nothing here lays out, builds a provider or loads a view.
@MainActor
final class ChatAccessibility {
  /// The running bridge.
  let bridge: AccessibilityBridge
  /// The application (role `application`).
  let application: AccessibleElement
  /// The window (role `frame`).
  let window: AccessibleElement
  /// The message list (role `log`, as a chat history is).
  let messageList: AccessibleElement
  /// The composer (role `entry`, editable text).
  let composer: AccessibleElement
  /// Which element had the focus when last told.
  private var focused: AccessibleElement?

  private init(
    bridge: AccessibilityBridge, application: AccessibleElement, window: AccessibleElement,
    messageList: AccessibleElement, composer: AccessibleElement
  ) {
    self.bridge = bridge
    self.application = application
    self.window = window
    self.messageList = messageList
    self.composer = composer
  }

  /// The tree for `app`, with atk-bridge started; `nil` when there is no accessibility bus.
  static func start(for app: ChatApp) -> ChatAccessibility? {
    guard AccessibilityBridge.busIsPresent else { return nil }
    let application = AccessibleElement(role: ATK_ROLE_APPLICATION, name: "chat-demo")
    let window = AccessibleElement(role: ATK_ROLE_FRAME, name: "ReuseKit Chat")
    let messageList = AccessibleElement(role: ATK_ROLE_LOG, name: "Messages")
    let composer = AccessibleElement(
      role: ATK_ROLE_ENTRY, name: "Message", text: TextViewAccessibleText(textView: app.composer))
    application.setChildren([window])
    window.setChildren([messageList, composer])
    guard let bridge = AccessibilityBridge.start(root: application) else { return nil }
    let tree = ChatAccessibility(
      bridge: bridge, application: application, window: window, messageList: messageList, composer: composer)
    tree.describe(app)
    return tree
  }

  /// Gives each element its states and geometry from `app`'s current layout.
  private func describe(_ app: ChatApp) {
    let common: Set<AtkStateType> = [ATK_STATE_ENABLED, ATK_STATE_SENSITIVE, ATK_STATE_VISIBLE, ATK_STATE_SHOWING]
    window.states = { common.union([ATK_STATE_ACTIVE]) }
    window.frame = { [unowned app] in
      CGRect(x: 0, y: 0, width: app.router.layout.width, height: app.router.layout.height)
    }
    messageList.states = { [unowned app] in
      var states = common.union([ATK_STATE_FOCUSABLE, ATK_STATE_MULTI_LINE])
      if app.router.focus != .composer { states.insert(ATK_STATE_FOCUSED) }
      return states
    }
    messageList.frame = { [unowned app] in app.router.layout.chatRect }
    composer.states = { [unowned app] in
      var states = common.union([ATK_STATE_FOCUSABLE, ATK_STATE_EDITABLE, ATK_STATE_MULTI_LINE])
      if app.router.focus == .composer { states.insert(ATK_STATE_FOCUSED) }
      return states
    }
    composer.frame = { [unowned app] in app.router.layout.composerTextRect }
  }

  /// Runs the bridge's pending work and tells clients what changed since the last frame.
  func update(_ app: ChatApp) {
    let now = app.router.focus == .composer ? composer : messageList
    if now !== focused {
      focused?.notifyState(ATK_STATE_FOCUSED, false)
      now.notifyState(ATK_STATE_FOCUSED, true)
      focused = now
    }
    bridge.pump()
  }
}
