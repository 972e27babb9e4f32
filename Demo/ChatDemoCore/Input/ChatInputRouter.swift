import CSDL2
import ChatKit
import Foundation
import ReuseKitSDL

/// The chat window's one input path: every event from `SDL_PollEvent` enters through
/// ``route(_:)``, is translated once and reaches exactly one responder once.
///
/// ``route(_:)`` turns the window's own events (closing, resizing) into commands and everything else
/// into a ``TextInputEvent`` with the window's ``TextInputTranslator`` (which drops the text of a
/// shortcut keystroke, see its keystroke rule). ``dispatch(_:)`` then picks the one responder:
///
/// - a key binding (``ChatCommand/init(key:modifiers:focus:)``) makes a key press a command —
///   except, while the focused view's IME composes, the bindings that edit (Enter, Esc,
///   Ctrl+1…9: ``ChatCommand/editsFocusedText``), whose keys go to the composition; Page Up/Down go
///   to the transcript, and any other key goes to the focused view;
/// - text and compositions go to the focused view;
/// - the wheel scrolls the transcript;
/// - a click focuses and captures the transcript or the composer (or presses a palette button);
///   drags and the release go to the view that captured the click, in its own coordinates.
///
/// Commands on the chat view (HUD, policies, reset flashes, stop editing) are performed here through
/// ``ChatTextView``'s API; the app's own (send, save, quit, stickers, layout) go to the ``delegate``.
@MainActor
final class ChatInputRouter {
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
  }

  /// One routing decision: who receives an event.
  private enum Responder {
    case command(ChatCommand)
    case view(Focus, TextInputEvent)
  }

  /// The transcript.
  let chatView: ChatTextView
  /// The message being written.
  let composer: SDLTextView
  /// The second view of the transcript while split (F5), or `nil`.
  var secondaryView: ChatTextView?
  /// The editor that replaces the transcript in the editor scene (F6), or `nil`.
  var editorView: SDLTextView?
  /// Where the views and the palette sit; the app sets it when the window changes size.
  var layout: ChatWindowLayout
  /// How many buttons the palette under the composer has.
  let paletteCount: Int
  /// Performs the app's commands.
  weak var delegate: (any ChatInputRouterDelegate)?
  /// The view that receives typing; a click moves it, and Tab.
  private(set) var focus = Focus.composer
  /// The paragraph index of the message the message list's focus is on (``Focus/messageList``).
  private(set) var browsedMessage: Int?

  func setBrowsedMessage(_ index: Int?) {
    browsedMessage = index
    updateFocusRing()
  }

  /// Events handed to a responder so far (a view's ``SDLTextView/handle(_:)`` or a command): at most
  /// one per routed event.
  private(set) var deliveries = 0

  private var translator = TextInputTranslator()
  /// The view a left-button press went to, which receives the drag and the release.
  private var mouseCapture: Focus?

  /// Creates the router for a window's transcript, composer and palette.
  /// - Parameters:
  ///   - chatView: The transcript.
  ///   - composer: The message field.
  ///   - layout: Where the parts sit now.
  ///   - paletteCount: How many sticker buttons the palette shows.
  init(chatView: ChatTextView, composer: SDLTextView, layout: ChatWindowLayout, paletteCount: Int) {
    self.chatView = chatView
    self.composer = composer
    self.layout = layout
    self.paletteCount = paletteCount
  }

  /// Gives `target` the keyboard focus, as a click into it does: how a scenario's `select` step,
  /// which names a character offset rather than a point, moves the focus.
  func focus(on target: Focus) {
    focus = target
    if target != .messageList { browsedMessage = nil }
    updateFocusRing()
  }

  /// The text view with the keyboard focus.
  var focusedView: SDLTextView { view(focus) }

  /// Routes one event from `SDL_PollEvent` (events in the order SDL delivered them).
  /// - Parameter event: The event.
  /// - Returns: Whether a responder used it.
  @discardableResult
  func route(_ event: SDL_Event) -> Bool {
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
      return deliver(.quit)
    case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
      return deliver(.layOut)
    default:
      guard let input = translator.translate(event) else { return false }
      return dispatch(input)
    }
  }

  /// Hands a translated event (window coordinates) to the one responder it belongs to.
  /// - Parameter input: The event.
  /// - Returns: Whether the responder used it.
  @discardableResult
  func dispatch(_ input: TextInputEvent) -> Bool {
    switch responder(for: input) {
    case .command(let command): deliver(command)
    case .view(let target, let event): deliver(event, to: target)
    case nil: false
    }
  }

  private func responder(for input: TextInputEvent) -> Responder? {
    switch input {
    case .key(let key, let modifiers):
      // While an IME composes, the keys of editing commands (Enter commits, Esc cancels) belong to
      // the composition; the others (F1–F4, save, quit) work as they do without one.
      if let command = ChatCommand(key: key, modifiers: modifiers, focus: focus),
        !(command.editsFocusedText && !focusedView.markedText.isEmpty)
      {
        return .command(command)
      }
      if key == .pageUp || key == .pageDown { return .view(.transcript, input) }
      return focus == .messageList ? nil : .view(focus, input)  // the list is read, not typed into
    case .text, .composition:
      return focus == .messageList ? nil : .view(focus, input)
    case .wheel:
      return .view(.transcript, input)
    case .mouseDown(let x, let y, _, _):
      let point = CGPoint(x: x, y: y)
      let targets: [Focus] = secondaryView == nil ? [.transcript, .composer] : [.transcript, .secondary, .composer]
      for target in targets where hitRect(of: target).contains(point) {
        focus(on: target)
        mouseCapture = target
        return .view(target, input.translated(by: frame(of: target).origin))
      }
      let buttons = StickerPalette.buttonFrames(count: paletteCount, in: layout.paletteRect)
      return buttons.firstIndex { $0.contains(point) }.map { .command(.insertSticker(paletteIndex: $0)) }
    case .mouseDrag, .mouseUp:
      guard let target = mouseCapture else { return nil }
      if case .mouseUp = input { mouseCapture = nil }
      return .view(target, input.translated(by: frame(of: target).origin))
    }
  }

  private func deliver(_ command: ChatCommand) -> Bool {
    deliveries += 1
    switch command {
    case .toggleHUD:
      chatView.isHUDVisible.toggle()
      secondaryView?.isHUDVisible = chatView.isHUDVisible
    case .toggleStickerPolicy(let option):
      chatView.toggleStickerPolicy(option)
      secondaryView?.setStickerPolicy(chatView.requestedStickerPolicy ?? chatView.stickerPolicy)
    case .toggleResetFlashes: chatView.flashesResets.toggle()
    case .cycleFocus: cycleFocus()
    case .browse(let step): browse(by: step)
    case .stopEditing: chatView.stopEditing()
    case .send, .save, .quit, .insertSticker, .layOut, .toggleSplit, .toggleScene, .nextStickerPage:
      delegate?.perform(command)
    }
    return true
  }

  private func deliver(_ event: TextInputEvent, to target: Focus) -> Bool {
    deliveries += 1
    return view(target).handle(event)
  }

  private func view(_ target: Focus) -> SDLTextView {
    switch target {
    case .transcript, .messageList: editorView ?? chatView
    case .composer: composer
    case .secondary: secondaryView ?? chatView
    }
  }

  /// Where a click focuses a view: the transcript, or the composer's whole strip.
  private func hitRect(of target: Focus) -> CGRect {
    switch target {
    case .transcript, .messageList: layout.chatRect
    case .composer: layout.composerFrame
    case .secondary: layout.secondaryRect
    }
  }

  /// Where a view draws in the window: mouse coordinates are made relative to its origin.
  private func frame(of target: Focus) -> CGRect {
    switch target {
    case .transcript, .messageList: layout.chatRect
    case .composer: layout.composerTextRect
    case .secondary: layout.secondaryRect
    }
  }
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
