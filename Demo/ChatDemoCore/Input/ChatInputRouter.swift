import CSDL2
import ChatKit
import Foundation
import ReuseKitSDL

/// The chat window's input rules: what an event means, given the app's state, as commands.
///
/// The router holds no state and performs nothing: the same event in the same ``ChatAppState``
/// gives the same commands, and ``ChatApp/perform(_:)`` performs them. The window's own events
/// (closing, resizing) are commands by themselves (``command(forWindowEvent:)``); every other event
/// is translated once (the app's ``TextInputTranslator`` drops the text of a shortcut keystroke)
/// and then reaches at most one responder (``commands(for:in:isComposing:)``):
///
/// - a key binding (``ChatCommand/init(key:modifiers:focus:)``) makes a key press a command —
///   except, while the focused view's IME composes, the bindings that edit (Enter, Esc,
///   Ctrl+1…9: ``ChatCommand/editsFocusedText``), whose keys go to the composition; Page Up/Down go
///   to the transcript, and any other key goes to the focused view;
/// - text and compositions go to the focused view;
/// - the wheel scrolls the transcript;
/// - a click focuses and captures the transcript or the composer (or presses a palette button);
///   drags and the release go to the view that captured the click, in its own coordinates.
struct ChatInputRouter: Sendable {
  /// How many buttons the palette under the composer has.
  let paletteCount: Int

  /// The command a window event is: ``ChatCommand/quit`` for its closing, ``ChatCommand/layOut``
  /// for a size change; `nil` for input events.
  static func command(forWindowEvent event: SDL_Event) -> ChatCommand? {
    switch SDL_EventType(event.type) {
    case SDL_QUIT: .quit
    case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue): .layOut
    default: nil
    }
  }

  /// The commands a translated event (window coordinates) means in `state`: none when nothing
  /// takes it, one responder's otherwise (with the focus and capture a click moves before it).
  /// - Parameters:
  ///   - input: The event.
  ///   - state: The app's state (focus, layout, split, mouse capture).
  ///   - isComposing: Whether the focused view's IME is composing (its marked text is not empty).
  func commands(for input: TextInputEvent, in state: ChatAppState, isComposing: Bool) -> [ChatCommand] {
    let own = commandsIgnoringFling(for: input, in: state, isComposing: isComposing)
    // A key, a click or a wheel turn stops a fling first, as a touch stops a flicked list.
    switch input {
    case .key, .mouseDown, .wheel: return state.fling == nil ? own : [.stopFling] + own
    default: return own
    }
  }

  /// The commands an event means, a fling aside.
  private func commandsIgnoringFling(for input: TextInputEvent, in state: ChatAppState, isComposing: Bool)
    -> [ChatCommand]
  {
    let focus = state.focus
    switch input {
    case .key(let key, let modifiers):
      // While an IME composes, the keys of editing commands (Enter commits, Esc cancels) belong to
      // the composition; the others (F1–F4, save, quit) work as they do without one.
      if let command = ChatCommand(key: key, modifiers: modifiers, focus: focus),
        !(command.editsFocusedText && isComposing)
      {
        return [command]
      }
      if key == .pageUp || key == .pageDown { return [.input(input, to: .transcript)] }
      return focus == .messageList ? [] : [.input(input, to: focus)]  // the list is read, not typed into
    case .text, .composition:
      return focus == .messageList ? [] : [.input(input, to: focus)]
    case .wheel:
      return [.input(input, to: .transcript)]
    case .mouseDown(let x, let y, _, _):
      let point = CGPoint(x: x, y: y)
      let layout = state.layout
      let strip: ChatAppState.Focus = state.search == nil ? .composer : .search
      let targets: [ChatAppState.Focus] = state.isSplit ? [.transcript, .secondary, strip] : [.transcript, strip]
      if let target = targets.first(where: { Self.hitRect(of: $0, in: layout).contains(point) }) {
        let event = input.translated(by: Self.frame(of: target, in: layout).origin)
        return [.focus(target), .captureMouse(target), .input(event, to: target)]
      }
      let buttons = StickerPalette.buttonFrames(count: paletteCount, in: layout.paletteRect)
      return buttons.firstIndex { $0.contains(point) }.map { [.insertSticker(paletteIndex: $0)] } ?? []
    case .mouseDrag, .mouseUp:
      guard let target = state.mouseCapture else { return [] }
      let event = input.translated(by: Self.frame(of: target, in: state.layout).origin)
      if case .mouseUp = input { return [.captureMouse(nil), .input(event, to: target)] }
      return [.input(event, to: target)]
    }
  }

  /// Where a click focuses a view: the transcript, or the composer's whole strip.
  private static func hitRect(of target: ChatAppState.Focus, in layout: ChatWindowLayout) -> CGRect {
    switch target {
    case .transcript, .messageList: layout.chatRect
    case .composer, .search: layout.composerFrame
    case .secondary: layout.secondaryRect
    }
  }

  /// Where a view draws in the window: mouse coordinates are made relative to its origin.
  private static func frame(of target: ChatAppState.Focus, in layout: ChatWindowLayout) -> CGRect {
    switch target {
    case .transcript, .messageList: layout.chatRect
    case .composer: layout.composerTextRect
    case .search: layout.searchTextRect
    case .secondary: layout.secondaryRect
    }
  }
}

extension TextInputEvent {
  /// The same event with mouse coordinates divided by `factor`: screen coordinates made points.
  func dividingCoordinates(by factor: Double) -> TextInputEvent {
    guard factor != 1, factor > 0 else { return self }
    switch self {
    case .mouseDown(let x, let y, let count, let modifiers):
      return .mouseDown(x: x / factor, y: y / factor, clickCount: count, modifiers: modifiers)
    case .mouseDrag(let x, let y): return .mouseDrag(x: x / factor, y: y / factor)
    case .mouseUp(let x, let y): return .mouseUp(x: x / factor, y: y / factor)
    default: return self
    }
  }

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
