import ChatKit
import ChatModel
import Instrumentation
import ScenarioVocabulary
import TextEngine

/// One step of a scenario file. See the README's "Scenario format".
package enum ScenarioStep: Equatable, Sendable {
  /// Where a `select` starts inside its message: the scenario vocabulary's, which the Swift test
  /// host shares.
  package typealias Offset = ScenarioOffset

  /// A key for `key` steps: the scenario vocabulary's, which the Swift test host shares.
  package typealias Key = ScenarioKey

  /// How an `expect` step compares.
  package enum Comparison: String, CaseIterable, Sendable {
    /// The counter must equal the value (`"equals": N`).
    case equals
    /// The counter must be at most the value (`"atMost": N`).
    case atMost
    /// The counter must be at least the value (`"atLeast": N`).
    case atLeast

    func holds(_ actual: Int, _ expected: Int) -> Bool {
      switch self {
      case .equals: actual == expected
      case .atMost: actual <= expected
      case .atLeast: actual >= expected
      }
    }
  }

  /// What a `scene` step shows in view 0.
  package enum Scene: String, CaseIterable, Sendable {
    /// The chat transcript.
    case chat
    /// The same storage in a code editor with a line-number gutter.
    case editor
  }

  /// The day a `collapse` or `expand` step acts on.
  package enum DayTarget: Equatable, Sendable {
    /// The `n`-th day, 0 the oldest.
    case day(Int)
    /// The day holding this paragraph (a message or a day separator).
    case message(Int)
  }

  /// `select`: focuses the view as a click into message `message` does and selects `length` characters from
  /// `offset` (a caret when `length` is 0).
  case select(message: Int, offset: Offset, length: Int)
  /// `scrollTo`: jumps so that message `message` is at the top, center or bottom of the view.
  case scrollTo(message: Int, position: TextView.ScrollPosition)
  /// `scrollBy`: turns the mouse wheel to scroll by `dy` pixels, positive down (the wheel scrolls view 0 only).
  case scrollBy(dy: Double)
  /// `fling`: flings view 0 at `velocity` points per second (positive toward later messages, as a
  /// positive `scrollBy`), slowing by `friction` per second (``FlingMotion``; 2 when not given, 0
  /// for a constant speed), for `seconds` of 60 Hz frames on the clock, each drawn; a fling still
  /// moving then is stopped, as a touch stops it.
  case fling(velocity: Double, seconds: Double, friction: Double)
  /// `scrollToTop`: jumps to the top of the document.
  case scrollToTop
  /// `scrollToBottom`: jumps to the bottom of the document.
  case scrollToBottom
  /// `type`: types the text (`"text"`) where the keyboard focus is, one keystroke and one frame per character.
  case type(String)
  /// `key`: presses `key` (`"key"`) `repeat` times where the keyboard focus is.
  case key(Key, repeat: Int)
  /// `insertSticker`: inserts the named sticker (`"sticker"`) at the caret with the palette's Ctrl+1…9.
  case insertSticker(String)
  /// `send`: clicks into the composer, types the parts (`"parts"` or `"text"`) there and presses Enter, sending
  /// a message from `me`.
  case send([ChatMessage.Part])
  /// `receive`: a message from someone else (`"from"`, with `"text"` or `"parts"`) arrives, as from the
  /// network: appended at the end of the transcript with the run's time, after a day separator when a
  /// new day starts. No input is involved. (Boxed: a step array stays small, see `ScenarioParseMemoryTests`.)
  indirect case receive(ChatMessage)
  /// `tab`: presses Tab (Shift+Tab with `"backward": true`): the keyboard focus moves between the
  /// composer and the message list, where `key` steps `up` and `down` move it by message.
  case tab(backward: Bool)
  /// `undo`: presses Ctrl+Z `repeat` times where the keyboard focus is.
  case undo(repeat: Int)
  /// `redo`: presses Ctrl+Shift+Z `repeat` times where the keyboard focus is.
  case redo(repeat: Int)
  /// `cut`: presses Ctrl+X where the keyboard focus is.
  case cut
  /// `copy`: presses Ctrl+C where the keyboard focus is.
  case copy
  /// `paste`: presses Ctrl+V where the keyboard focus is; pasted stickers are new attachments.
  case paste
  /// `resize`: resizes the window so that its transcript is `width × height`.
  case resize(width: Int, height: Int)
  /// `advance`: advances the manual clock by `seconds` in steps of 1/60 s, rendering a frame at each step
  /// where something on screen changes by itself (as the window's loop wakes), and none otherwise.
  case advance(seconds: Double)
  /// `setPolicies`: sets the reuse policies (`"policies"`) with F2 / F3 for each option that differs.
  case setPolicies(TextAttachmentViewProviderReusePolicy)
  /// `screenshot`: writes a PNG named `name` into the `--screenshots` folder (nothing without one).
  case screenshot(name: String)
  /// `expect`: checks the step's view's `counter` total since the start against `value`, for the report.
  case expect(counter: Counter, comparison: Comparison, value: Int)
  /// `scene`: shows the chat or the editor in view 0 (F6).
  case scene(Scene)
  /// `collapse`: hides the messages of a day, as a click on its pill does.
  case collapse(DayTarget)
  /// `expand`: shows the messages of a collapsed day again, as a click on its pill does.
  case expand(DayTarget)
  /// `split`: turns the second view beside view 0 on (`true`, `"on"`) or off (`false`, `"off"`) with F5.
  case split(Bool)
  /// `search`: opens the search bar with Ctrl+F (focusing its field when open), types `query`
  /// (`"query"`) over the field's text one keystroke and one frame per character, then lets the
  /// clock run at 60 Hz until the search has run (the bar's debounce): the transcript jumps to the
  /// newest hit and highlights the hits on screen.
  case search(String)
  /// `nextHit`: presses Enter in the search bar (Shift+Enter with `"backward": true`): the next
  /// older hit (newer, backward), jumped to and highlighted.
  case nextHit(backward: Bool)

  /// The step's operation in the scenario vocabulary.
  package var operation: ScenarioOperation {
    switch self {
    case .select: .select
    case .scrollTo: .scrollTo
    case .scrollBy: .scrollBy
    case .fling: .fling
    case .scrollToTop: .scrollToTop
    case .scrollToBottom: .scrollToBottom
    case .type: .type
    case .key: .key
    case .insertSticker: .insertSticker
    case .send: .send
    case .receive: .receive
    case .tab: .tab
    case .undo: .undo
    case .redo: .redo
    case .cut: .cut
    case .copy: .copy
    case .paste: .paste
    case .resize: .resize
    case .advance: .advance
    case .setPolicies: .setPolicies
    case .screenshot: .screenshot
    case .expect: .expect
    case .scene: .scene
    case .collapse: .collapse
    case .expand: .expand
    case .split: .split
    case .search: .search
    case .nextHit: .nextHit
    }
  }

  /// The op's name as written in scenario files.
  package var op: String { operation.rawValue }

  /// The sticker names this step uses.
  var stickerNames: [String] {
    switch self {
    case .insertSticker(let name): [name]
    case .send(let parts): parts.compactMap { if case .sticker(let name) = $0 { name } else { nil } }
    case .receive(let message): message.parts.compactMap { if case .sticker(let name) = $0 { name } else { nil } }
    default: []
    }
  }
}
