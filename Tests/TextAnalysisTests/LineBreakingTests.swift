import Foundation
import ReuseKitSupport
import ReuseKitTestSupport
import Testing
import TextAnalysis
import TextEngine

/// Lines break at UAX #14 opportunities, inside over-long words at the width, and never overflow.
@Suite struct LineBreakingTests {
  private func lines(_ text: String, width: Double) throws -> [TextLineFragment] {
    let storage = TextContentStorage(AttributedText(text))
    let manager = try MultilingualText.manager(storage, width: width)
    return Array(try #require(manager.ensureLayout(forParagraphAt: 0)).textLineFragments)
  }

  @Test func japaneseWithoutSpacesWrapsInsideTheWidth() throws {
    let text = String(repeating: "日本語の文章です。", count: 8)  // 72 characters, no space
    let result = try lines(text, width: 100)  // 12 characters of 8 points a line
    #expect(result.count >= 6)
    #expect(result.allSatisfy { $0.typographicBounds.width <= 100 })
    #expect(result.map(\.characterRange.count).reduce(0, +) == text.count)
  }

  @Test func thaiWrapsBetweenWordsNotInsideThem() throws {
    let word = "สวัสดี"  // 4 characters: its vowel marks join their letters
    let text = String(repeating: word + "ครับ", count: 6)
    let result = try lines(text, width: 100)
    #expect(result.count > 1)
    #expect(result.allSatisfy { $0.typographicBounds.width <= 100 })
    // Each line starts at a word: the text of every line but the first begins with one of the two words.
    let string = Array(text)
    for line in result.dropFirst() {
      let start = String(string[line.characterRange])
      #expect(start.hasPrefix("ครับ") || start.hasPrefix(word), "line starts inside a word: \(start)")
    }
  }

  @Test func aTenThousandCharacterWordBreaksAtTheContainerWidth() throws {
    let result = try lines(String(repeating: "w", count: 10_000), width: 200)
    #expect(result.count == 400)  // 25 characters of 8 points fill 200 points
    #expect(result.allSatisfy { $0.characterRange.count == 25 && $0.typographicBounds.width <= 200 })
  }

  @Test func aLongURLBreaksAtItsSlashesOrAtTheWidth() throws {
    let url = "https://example.com/" + (0..<40).map { "segment\($0)" }.joined(separator: "/")
    let result = try lines("see " + url + " now", width: 160)
    #expect(result.count > 10)
    #expect(result.allSatisfy { $0.typographicBounds.width <= 160 })
  }

  @Test func emojiSequencesStayWholeAndAreOneCaretStopEach() throws {
    let emoji = ["👨‍👩‍👧‍👦", "👍🏽", "🇯🇵", "🏳️‍🌈"]
    let text = (0..<40).map { emoji[$0 % 4] }.joined()
    #expect(text.count == 40)
    let result = try lines(text, width: 80)  // 10 clusters a line
    #expect(result.map(\.characterRange.count) == [10, 10, 10, 10])
    for line in result {
      let carets = (line.characterRange.lowerBound...line.lastCaretOffset).map { line.locationX(forCharacterAt: $0) }
      #expect(carets == (0...10).map { Double($0 * 8) })
    }
  }

  @Test func noLineIsWiderThanItsContainerInThousandsOfRandomParagraphs() throws {
    var random = SplitMix64(seed: 10)
    var linesChecked = 0
    for _ in 0..<2_000 {
      let width = 40 + Double(random.next() % 360)
      let storage = TextContentStorage(MultilingualText.paragraph(&random, words: 1 + Int(random.next() % 30)))
      let manager = try MultilingualText.manager(storage, width: width)
      let fragment = try #require(manager.ensureLayout(forParagraphAt: 0))
      for line in fragment.textLineFragments {
        let bounds = line.typographicBounds
        #expect(bounds.width <= width && bounds.minX >= 0 && bounds.maxX <= width, "\(bounds) in \(width)")
        for run in line.runs where !run.string.allSatisfy(\.isWhitespace) {
          // Trailing spaces hang past the line's end: on the right, or on the left of a right-to-left run.
          let hanging = Double(run.string.reversed().prefix(while: \.isWhitespace).count) * 8
          let minX = run.isRightToLeft ? run.x + hanging : run.x
          let maxX = run.isRightToLeft ? run.x + run.width : run.x + run.width - hanging
          #expect(minX >= bounds.minX - 1e-9 && maxX <= bounds.maxX + 1e-9, "run \(run.string) in \(bounds)")
        }
        linesChecked += 1
      }
    }
    #expect(linesChecked > 5_000)
  }
}
