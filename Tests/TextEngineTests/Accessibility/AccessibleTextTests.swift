import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// A text view's document as AT-SPI reads it: offsets in Unicode scalars (an emoji with a skin tone
/// is two, a ZWJ family five, a flag two), mapped to the view's character offsets and back, with
/// the text units around an offset and the changes clients hear of.
@MainActor
@Suite struct AccessibleTextTests {
  /// A laid-out view of `text` (the shared fixture: fixed advances, 480×800).
  private func view(_ text: String) -> TextView { Fixtures.view(TextContentStorage(AttributedText(text))) }

  /// Emoji, ZWJ sequences, flags, CJK, combining marks: every scalar offset maps to the character
  /// holding it, and every character start maps back to its first scalar.
  @Test func scalarOffsetsMapToCharactersAndBack() throws {
    let text = "a👍🏽b👨‍👩‍👧c🇯🇵東京e\u{301}\nnext"
    let accessible = TextViewAccessibleText(textView: view(text))
    #expect(accessible.scalarCount == text.unicodeScalars.count)
    var scalar = 0
    for (characterIndex, character) in text.enumerated() {
      #expect(accessible.scalarOffset(ofCharacter: characterIndex) == scalar, "character \(characterIndex)")
      for inside in 0..<character.unicodeScalars.count {
        #expect(accessible.characterOffset(ofScalar: scalar + inside) == characterIndex, "scalar \(scalar + inside)")
      }
      #expect(accessible.text(scalars: scalar..<(scalar + character.unicodeScalars.count)) == String(character))
      scalar += character.unicodeScalars.count
    }
    #expect(accessible.characterOffset(ofScalar: scalar) == text.count, "the end maps to the end")
    #expect(accessible.text(scalars: 0..<accessible.scalarCount) == text)
    #expect(accessible.scalar(at: 1) == "👍".unicodeScalars.first)
    #expect(accessible.scalar(at: accessible.scalarCount) == nil)
    #expect(accessible.text(scalars: -5..<1000) == text, "ranges are clamped")
  }

  @Test func theCaretAndSelectionAreInScalars() throws {
    let view = view("👨‍👩‍👧 family")
    let accessible = TextViewAccessibleText(textView: view)
    #expect(accessible.moveCaret(toScalar: 5))
    #expect(view.selectedRange == 1..<1, "scalar 5 is after the family's 5 scalars: character 1")
    #expect(accessible.caretScalarOffset == 5)
    #expect(accessible.select(scalars: 6..<12))
    #expect(view.selectedRange == 2..<8)
    #expect(accessible.selectedScalarRanges == [6..<12])
    #expect(!accessible.moveCaret(toScalar: 1000), "outside the text")
    #expect(!accessible.select(scalars: 3..<1000))
  }

  @Test func editsTakeScalarOffsets() throws {
    let view = view("東京 🇯🇵!")
    let accessible = TextViewAccessibleText(textView: view)
    #expect(accessible.insert("👍🏽", atScalar: 5) == 7, "after the flag's two scalars")
    #expect(accessible.text(scalars: 0..<accessible.scalarCount) == "東京 🇯🇵👍🏽!")
    accessible.delete(scalars: 3..<5)
    #expect(accessible.text(scalars: 0..<accessible.scalarCount) == "東京 👍🏽!")
    accessible.replaceContents(with: "new")
    #expect(accessible.text(scalars: 0..<3) == "new" && accessible.scalarCount == 3)
  }

  @Test func unitsAroundAnOffset() {
    let english = "Hello there. How are you? Fine!"
    #expect(AccessibleTextUnits.range(of: .word, at: 7, in: english) == 6..<13)
    #expect(AccessibleTextUnits.range(of: .sentence, at: 15, in: english) == 13..<26)
    #expect(AccessibleTextUnits.range(of: .sentence, at: 0, in: english) == 0..<13)
    #expect(AccessibleTextUnits.range(of: .character, at: 4, in: english) == 4..<5)
    #expect(AccessibleTextUnits.range(of: .character, at: 31, in: english) == 31..<31, "the end")
    let japanese = "今日は良い天気ですね。散歩に行きましょう。"
    #expect(AccessibleTextUnits.range(of: .sentence, at: 12, in: japanese) == 11..<21)
    #expect(AccessibleTextUnits.range(of: .word, at: 0, in: japanese) == 0..<2, "Han, then kana")
    let emoji = "a👍🏽b"
    #expect(AccessibleTextUnits.range(of: .character, at: 2, in: emoji) == 1..<3, "one character of two scalars")
    let paragraphs = "one\ntwo\nthree"
    #expect(AccessibleTextUnits.range(of: .paragraph, at: 5, in: paragraphs) == 4..<8)
    #expect(AccessibleTextUnits.range(of: .line, at: 9, in: paragraphs) == 8..<13, "no layout: a paragraph is a line")
  }

  @Test func aChangeIsItsScalarsRemovedAndInserted() throws {
    #expect(AccessibleTextChange(from: "same", to: "same") == nil)
    let typed = try #require(AccessibleTextChange(from: "Hello", to: "Hello!"))
    #expect(typed.offset == 5 && typed.removed.isEmpty && typed.inserted == "!")
    let toned = try #require(AccessibleTextChange(from: "a👍b", to: "a👍🏽b"))
    #expect(toned.offset == 2 && toned.inserted == "🏽" && toned.removed.isEmpty, "the tone is one scalar")
    let replaced = try #require(AccessibleTextChange(from: "cat", to: "cut"))
    #expect(replaced.offset == 1 && replaced.removed == "a" && replaced.inserted == "u")
  }

  /// Edits are reported; laying out and building paragraphs are not.
  @Test func editsAreObservedAndLayoutIsNot() throws {
    let view = view("first\nsecond")
    var edits: [TextContentEdit] = []
    let observation = TextContentEditObservation(of: view.textContentManager) { edits.append($0) }
    view.scroll(by: 10)
    view.layoutViewport()
    #expect(edits.isEmpty, "a pass is not an edit")
    try view.replaceCharacters(in: 6..<6, with: AttributedText("the "))
    #expect(edits == [TextContentEdit(firstParagraph: 1, removed: ["second"], inserted: ["the second"])])
    withExtendedLifetime(observation) {}
  }
}
