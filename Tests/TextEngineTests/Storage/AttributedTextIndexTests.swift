import Foundation
import Testing

@testable import TextEngine

/// ``AttributedText``'s character index stays in step with its string through slices and appends.
@Suite struct AttributedTextIndexTests {
  private static let pieces = [
    "hello ", "e\u{301}", "🙂", "\u{2028}", "a", "\u{FFFC}", "日本語", "\r", "\n", "👍🏽", "🇫🇷", "x\u{308}y",
    String(repeating: "z", count: 700), String(repeating: "é", count: 600),
  ]

  private func expectInStep(_ text: AttributedText, _ label: String) {
    #expect(text.length == text.string.count, "\(label): length")
    var index = text.string.startIndex
    for offset in 0...text.length {
      #expect(text.stringIndex(at: offset) == index, "\(label): offset \(offset)")
      if index < text.string.endIndex { index = text.string.index(after: index) }
    }
  }

  @Test func indexFollowsRandomSlicesAndAppends() {
    var state: UInt64 = 7
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(max(1, bound)))
    }
    var text = AttributedText()
    for step in 0..<300 {
      if next(3) == 0, text.length > 0 {
        let lower = next(text.length)
        text = text.slice(lower..<(lower + next(text.length - lower + 1)))
      } else {
        var piece = AttributedText(Self.pieces[next(Self.pieces.count)])
        if next(2) == 0 { piece = piece.settingAttributes({ $0.isBold = true }, in: 0..<piece.length) }
        if next(2) == 0 {
          text.append(piece)
        } else {
          piece.append(text)
          text = piece
        }
      }
      if step.isMultiple(of: 10) { expectInStep(text, "step \(step)") }
    }
    expectInStep(text, "end")
  }

  @Test func differenceNamesTheChangedCharacters() {
    let old = AttributedText("the quick brown fox")
    var new = old.slice(0..<4)
    new.append(AttributedText("slow"))
    new.append(old.slice(9..<old.length))
    #expect(new.difference(from: old) == .init(oldRange: 4..<9, newRange: 4..<8))
    // A combining accent typed after a letter changes that letter.
    var accented = old.slice(0..<3)
    accented.append(AttributedText("\u{301}"))
    accented.append(old.slice(3..<old.length))
    #expect(accented.difference(from: old) == .init(oldRange: 2..<3, newRange: 2..<3))
    // Attributes count as a change.
    let bold = old.settingAttributes({ $0.isBold = true }, in: 10..<15)
    #expect(bold.difference(from: old) == .init(oldRange: 10..<15, newRange: 10..<15))
  }
}
