import Foundation
import Testing
import TextEngine

/// Layout measures long paragraphs in chunks; each chunk ends at a word's end, so a shaping
/// measurer sees every word whole, wherever breaking started.
@Suite struct ChunkedMeasuringTests {
  private static let text = String(repeating: "بببببببببب ", count: 20)

  private func manager(for storage: TextContentStorage, width: Double) -> TextLayoutManager {
    TextLayoutManager(
      textContentManager: storage, textContainer: TextContainer(size: CGSize(width: width, height: 0)),
      glyphMeasurer: JoiningGlyphMeasurer())
  }

  private func caretXs(_ fragment: TextLayoutFragment) -> [[Double]] {
    fragment.textLineFragments.map { line in
      (line.characterRange.lowerBound...line.characterRange.upperBound).map { line.locationX(forCharacterAt: $0) }
    }
  }

  @Test func aParagraphMeasuredInChunksMeasuresAsWhole() throws {
    let storage = TextContentStorage(AttributedText(Self.text))
    let fragment = try #require(manager(for: storage, width: 100_000).ensureLayout(forParagraphAt: 0))
    let line = try #require(fragment.textLineFragments.first)
    #expect(fragment.textLineFragments.count == 1)
    let whole = JoiningGlyphMeasurer().advances(of: Self.text[...], attributes: TextAttributes())
    // The line's width is the whole text's, trailing space aside (the caret math is direction-free).
    let expected = whole.dropLast().reduce(0, +)
    #expect(Double(line.typographicBounds.width) == expected)
  }

  @Test func relayoutMeasuresAsLayoutFromScratch() throws {
    let storage = TextContentStorage(AttributedText(Self.text))
    let incremental = manager(for: storage, width: 150)
    for at in [200, 150, 99, 180] {
      _ = incremental.ensureLayout(forParagraphAt: 0)
      try storage.replaceCharacters(in: at..<at, with: AttributedText("ب"))
      let after = try #require(incremental.ensureLayout(forParagraphAt: 0))
      let scratch = try #require(manager(for: storage, width: 150).ensureLayout(forParagraphAt: 0))
      #expect(caretXs(after) == caretXs(scratch), "insert at \(at)")
    }
  }
}
