import ChatDemoCore
import ChatKit
import ChatModel
import Foundation
import TextEngine

/// Makes random, valid scenario steps from the live view's state, the same for the same seed:
/// edits (typing, deleting, replacing a selection, inside sticker messages too), undo/redo, the
/// clipboard, scrolls, jumps, sticker inserts, sends, selections, resizes and clock advances.
struct ScenarioFuzzer {
  /// The sticker names it inserts (the bundled library's).
  static let stickers = TranscriptGenerator(messages: 1).stickers

  private var random: Xorshift
  private var remaining: Int

  /// A fuzzer making `steps` steps from `seed`.
  init(seed: UInt64, steps: Int) {
    random = Xorshift(seed: seed)
    remaining = steps
  }

  /// The next step for `view`, or `nil` when every step is made.
  mutating func next(for view: TextView) -> ScenarioStep? {
    guard remaining > 0 else { return nil }
    remaining -= 1
    let storage = view.textContentManager
    let roll = random.below(100)
    switch roll {
    case 0..<16: return select(in: storage)
    case 16..<30: return .type(typedText())
    case 30..<38:
      let keys: [ScenarioStep.Key] = [.backspace, .delete, .left, .right, .up, .down, .home, .end, .enter]
      return .key(keys[random.below(keys.count)], repeat: 1 + random.below(3))
    case 38..<44: return .insertSticker(sticker())
    case 44..<50: return random.below(2) == 0 ? .undo(repeat: 1 + random.below(3)) : .redo(repeat: 1 + random.below(2))
    case 50..<55:
      let step = [ScenarioStep.cut, .copy, .paste][random.below(3)]
      // A cut or paste over a day separator is refused (and reported): not a valid step. The
      // refusal itself is tested in ChatDaySeparatorEditingTests.
      return step == .copy || view.shouldChangeText(in: view.selectedRange) ? step : .copy
    case 55..<66: return .scrollBy(dy: Double(random.below(4_001)) - 2_000)
    case 66..<73:
      let positions: [TextView.ScrollPosition] = [.top, .center, .bottom]
      return .scrollTo(message: random.below(storage.paragraphCount), position: positions[random.below(3)])
    case 73..<76: return random.below(2) == 0 ? .scrollToTop : .scrollToBottom
    case 76..<80:
      let parts: [ChatMessage.Part] =
        random.below(2) == 0 ? [.text("fuzz \(roll)")] : [.text("hi "), .sticker(sticker()), .text(" there")]
      return .send(parts)
    case 80..<82: return .resize(width: 240 + random.below(500), height: 300 + random.below(700))
    default: return .advance(seconds: Double(1 + random.below(4)) / 60)
    }
  }

  /// A caret or a selection in a random message, up to a few characters long (across the next
  /// message's start, sometimes), with a bias towards the messages near the viewport.
  private mutating func select(in storage: TextContentManager) -> ScenarioStep {
    let message = random.below(storage.paragraphCount)
    let length = storage.paragraph(at: message)?.length ?? 0
    let offset: ScenarioStep.Offset = random.below(5) == 0 ? .end : .at(random.below(length + 1))
    let start = (try? storage.startOffset(ofParagraphAt: message)) ?? 0
    let at: Int
    switch offset {
    case .end: at = length
    case .at(let value): at = value
    }
    let room = storage.length - start - at
    let selection = random.below(3) == 0 ? 0 : min(room, random.below(12))
    return .select(message: message, offset: offset, length: selection)
  }

  private mutating func typedText() -> String {
    let pieces = [
      "a", "b", " ", "é", "\n", "xy", "👍", "\u{2028}", "e\u{301}", "\u{FFFC}", "\r\n", "\r", "\u{301}", "🇫", "🇷",
    ]
    return (0..<(1 + random.below(3))).map { _ in pieces[random.below(pieces.count)] }.joined()
  }

  private mutating func sticker() -> String { Self.stickers[random.below(Self.stickers.count)] }
}

/// A small seeded generator (xorshift64*), so that a seed names one run.
struct Xorshift {
  private var state: UInt64

  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

  /// A number in `0..<bound` (`bound` > 0).
  mutating func below(_ bound: Int) -> Int {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return Int((state &* 0x2545_F491_4F6C_DD1D) % UInt64(bound))
  }
}
