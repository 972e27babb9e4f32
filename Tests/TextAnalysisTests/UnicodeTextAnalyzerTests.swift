import Testing
import TextAnalysis
import TextEngine

@Suite struct UnicodeTextAnalyzerTests {
  @Test func latinBreaksAfterSpacesAndHyphens() throws {
    let analyzer = try UnicodeTextAnalyzer()
    #expect(analyzer.lineBreakOpportunities(in: "hello world") == [6])
    #expect(analyzer.lineBreakOpportunities(in: "well-known fact") == [5, 11])
    // CR LF is one character; a line breaks after it (a mandatory break) and after the space.
    #expect(analyzer.lineBreakOpportunities(in: "a\r\nb c") == [2, 4])
  }

  @Test func japaneseAndChineseBreakBetweenIdeographs() throws {
    let analyzer = try UnicodeTextAnalyzer()
    let japanese: Substring = "日本語の文章"
    let breaks = analyzer.lineBreakOpportunities(in: japanese)
    #expect(breaks.count >= 3)
    #expect(breaks.allSatisfy { (1..<japanese.count).contains($0) })
    #expect(analyzer.lineBreakOpportunities(in: "我们今天去公园").count >= 3)
  }

  @Test func thaiBreaksBetweenWordsByDictionary() throws {
    let analyzer = try UnicodeTextAnalyzer()
    // "สวัสดีครับ" is two words: สวัสดี (hello) and ครับ (polite particle), no space between.
    let thai: Substring = "สวัสดีครับ"
    #expect(analyzer.lineBreakOpportunities(in: thai) == ["สวัสดี".count])
  }

  @Test func emojiClustersAreOneCharacterAndNeverSplit() throws {
    let analyzer = try UnicodeTextAnalyzer()
    let text: Substring = "a👨‍👩‍👧‍👦b👍🏽c🇯🇵🇫🇷"
    #expect(text.count == 7)
    let breaks = analyzer.lineBreakOpportunities(in: text)
    #expect(breaks.allSatisfy { (1..<7).contains($0) })
    #expect(analyzer.embeddingLevels(of: text, baseDirection: .leftToRight) == Array(repeating: 0, count: 7))
  }

  @Test func firstStrongCharacterGivesTheDirection() throws {
    let analyzer = try UnicodeTextAnalyzer()
    #expect(analyzer.firstStrongDirection(of: "123 שלום world") == .rightToLeft)
    #expect(analyzer.firstStrongDirection(of: "(hello) שלום") == .leftToRight)
    #expect(analyzer.firstStrongDirection(of: "مرحبا") == .rightToLeft)
    #expect(analyzer.firstStrongDirection(of: "123 !?") == nil)
    let long = Substring(String(repeating: "1 ", count: 100) + "א")
    #expect(analyzer.firstStrongDirection(of: long) == .rightToLeft)
  }

  @Test func theFirstStrongCharacterSkipsAnIsolateLongerThanAChunk() throws {
    let analyzer = try UnicodeTextAnalyzer()
    let isolated = Substring("\u{2067}" + String(repeating: "א", count: 70) + "\u{2069}abc")
    #expect(analyzer.firstStrongDirection(of: isolated) == .leftToRight)
    let nested = Substring("\u{2066}\u{2067}" + String(repeating: "א", count: 130) + "\u{2069}\u{2069}שלום")
    #expect(analyzer.firstStrongDirection(of: nested) == .rightToLeft)
  }

  @Test func levelsFollowTheBidiAlgorithmPerCharacter() throws {
    let analyzer = try UnicodeTextAnalyzer()
    #expect(analyzer.embeddingLevels(of: "ab שלום", baseDirection: .leftToRight) == [0, 0, 0, 1, 1, 1, 1])
    // Numbers in a right-to-left paragraph are at level 2, Latin too; the space between stays at 1.
    #expect(analyzer.embeddingLevels(of: "אב 12 גד", baseDirection: .rightToLeft) == [1, 1, 1, 2, 2, 1, 1, 1])
    // A Hebrew letter with a combining point is one character with one level.
    let pointed: Substring = "שָׁלוֹם"
    #expect(
      analyzer.embeddingLevels(of: pointed, baseDirection: .leftToRight) == Array(repeating: 1, count: pointed.count))
  }
}
