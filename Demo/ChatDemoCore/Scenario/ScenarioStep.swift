import ChatKit
import ChatModel
import Instrumentation
import TextEngine

/// One step of a scenario file. See the README's "Scenario format".
public enum ScenarioStep: Equatable, Sendable {
  /// Where a `select` starts inside its message.
  public enum Offset: Equatable, Sendable {
    case at(Int)
    case end
  }

  /// A key for `key` steps.
  public enum Key: String, CaseIterable, Sendable {
    case backspace, delete, enter, left, right, up, down, home, end
  }

  /// How an `expect` step compares.
  public enum Comparison: String, CaseIterable, Sendable {
    case equals, atMost, atLeast

    func holds(_ actual: Int, _ expected: Int) -> Bool {
      switch self {
      case .equals: actual == expected
      case .atMost: actual <= expected
      case .atLeast: actual >= expected
      }
    }
  }

  /// What a `scene` step shows in view 0.
  public enum Scene: String, CaseIterable, Sendable {
    /// The chat transcript.
    case chat
    /// The same storage in a code editor with a line-number gutter.
    case editor
  }

  /// The day a `collapse` or `expand` step acts on.
  public enum DayTarget: Equatable, Sendable {
    /// The `n`-th day, 0 the oldest.
    case day(Int)
    /// The day holding this paragraph (a message or a day separator).
    case message(Int)
  }

  case select(message: Int, offset: Offset, length: Int)
  case scrollTo(message: Int, position: TextView.ScrollPosition)
  case scrollBy(dy: Double)
  case scrollToTop
  case scrollToBottom
  case type(String)
  case key(Key, repeat: Int)
  case insertSticker(String)
  case send([ChatMessage.Part])
  case undo(repeat: Int)
  case redo(repeat: Int)
  case cut
  case copy
  case paste
  case resize(width: Int, height: Int)
  case advance(seconds: Double)
  case setPolicies(TextAttachmentViewProviderReusePolicy)
  case screenshot(name: String)
  case expect(counter: Counter, comparison: Comparison, value: Int)
  case scene(Scene)
  case collapse(DayTarget)
  case expand(DayTarget)
  case split(Bool)

  /// The op's name as written in scenario files.
  public var op: String {
    switch self {
    case .select: "select"
    case .scrollTo: "scrollTo"
    case .scrollBy: "scrollBy"
    case .scrollToTop: "scrollToTop"
    case .scrollToBottom: "scrollToBottom"
    case .type: "type"
    case .key: "key"
    case .insertSticker: "insertSticker"
    case .send: "send"
    case .undo: "undo"
    case .redo: "redo"
    case .cut: "cut"
    case .copy: "copy"
    case .paste: "paste"
    case .resize: "resize"
    case .advance: "advance"
    case .setPolicies: "setPolicies"
    case .screenshot: "screenshot"
    case .expect: "expect"
    case .scene: "scene"
    case .collapse: "collapse"
    case .expand: "expand"
    case .split: "split"
    }
  }

  /// The sticker names this step uses.
  var stickerNames: [String] {
    switch self {
    case .insertSticker(let name): [name]
    case .send(let parts): parts.compactMap { if case .sticker(let name) = $0 { name } else { nil } }
    default: []
    }
  }
}
