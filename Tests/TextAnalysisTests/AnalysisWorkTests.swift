import Foundation
import ReuseKitSupport
import Testing
import TextAnalysis
import TextEngine

/// A keystroke analyses a window around what it re-breaks, never the whole paragraph.
@Suite struct AnalysisWorkTests {
  @Test func aKeystrokeInAMegabyteMultilingualParagraphAnalysesAFewHundredCharacters() throws {
    var random = SplitMix64(seed: 3)
    var pieces: [String] = []
    var count = 0
    while count < 1_000_000 {
      let word = MultilingualText.words[Int(random.next() % UInt64(MultilingualText.words.count))]
      pieces.append(word)
      count += word.count + 1
    }
    let storage = TextContentStorage(AttributedText("שלום " + pieces.joined(separator: " ")))
    let analyzer = try CountingTextAnalyzer()
    let manager = TextLayoutManager(
      textContentManager: storage, textContainer: TextContainer(size: CGSize(width: 300, height: 0)),
      glyphMeasurer: FixedAdvanceGlyphMeasurer())
    manager.textAnalyzer = analyzer
    let first = try #require(manager.ensureLayout(forParagraphAt: 0))
    #expect(first.textLineFragments.count > 20_000)
    #expect(Double(first.textLineFragments[0].typographicBounds.maxX) == 300)  // right to left: right-aligned
    for keystroke in 0..<10 {
      let before = analyzer.charactersAnalysed
      let at = 500_000 + keystroke * 7
      try storage.replaceCharacters(in: at..<at, with: AttributedText(keystroke % 2 == 0 ? "א" : "x"))
      let after = try #require(manager.ensureLayout(forParagraphAt: 0))
      #expect(after.linesBroken < 40)  // the lines whose breaks move, of over 20,000
      #expect(analyzer.charactersAnalysed - before < 2_000, "keystroke \(keystroke)")
    }
  }
}
