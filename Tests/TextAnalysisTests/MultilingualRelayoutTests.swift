import Foundation
import ReuseKitSupport
import ReuseKitTestSupport
import Testing
import TextAnalysis
import TextEngine

/// With ICU and FriBidi, an edit's relayout still re-breaks only what it must and equals a layout from scratch.
@Suite struct MultilingualRelayoutTests {
  private func snapshot(_ fragment: TextLayoutFragment) -> [String] {
    fragment.textLineFragments.map { line in
      let runs = line.runs.map { "\($0.range)\($0.x)\($0.isRightToLeft)" }.joined(separator: ",")
      let carets = (line.characterRange.lowerBound...line.characterRange.upperBound).map {
        line.locationX(forCharacterAt: $0)
      }
      return "\(line.characterRange) \(line.typographicBounds) \(runs) \(carets)"
    }
  }

  @Test(arguments: [1, 2]) func relayoutAfterRandomEditsEqualsALayoutFromScratch(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let storage = TextContentStorage(MultilingualText.paragraph(&random, words: 300))
    let incremental = try MultilingualText.manager(storage, width: 160)
    var shared = 0
    for step in 0..<80 {
      let length = try #require(incremental.ensureLayout(forParagraphAt: 0)).textParagraph.length
      let at = Int(random.next() % UInt64(length + 1))
      let removed = min(length - at, Int(random.next() % 4))
      let inserted = MultilingualText.paragraph(&random, words: Int(random.next() % 2))
      try storage.replaceCharacters(in: at..<(at + removed), with: inserted)
      let after = try #require(incremental.ensureLayout(forParagraphAt: 0))
      let scratch = try #require(try MultilingualText.manager(storage, width: 160).ensureLayout(forParagraphAt: 0))
      #expect(snapshot(after) == snapshot(scratch), "seed \(seed), step \(step): edit at \(at)")
      if after.linesBroken < after.textLineFragments.count / 2 { shared += 1 }
    }
    #expect(shared > 60)  // most edits re-broke a few lines, not the paragraph
  }
}
