import ReuseKitSupport
import Testing

@testable import TextEngine

/// The default analyzer's line-break opportunities: the byte-wise path for ASCII text with attachments (U+FFFC) gives what
/// the character-wise rule gives ("a break after whitespace", counted in `Character`s).
@Suite struct SimpleTextAnalyzerTests {
  /// The rule itself, character by character.
  private func reference(_ text: Substring) -> [Int] {
    var result: [Int] = []
    var previousIsWhitespace = false
    for (offset, character) in text.enumerated() {
      if previousIsWhitespace, offset > 0 { result.append(offset) }
      previousIsWhitespace = character.isWhitespace
    }
    return result
  }

  @Test func asciiAndCRLFAreCountedAsCharacters() {
    let analyzer = SimpleTextAnalyzer()
    #expect(analyzer.lineBreakOpportunities(in: "ab cd") == [3])
    #expect(analyzer.lineBreakOpportunities(in: "a\r\nb") == [2])  // CR LF is one character
    #expect(analyzer.lineBreakOpportunities(in: "a\r\rb") == [2, 3])
    #expect(analyzer.lineBreakOpportunities(in: "\t\u{0B}\u{0C}x") == [1, 2, 3])
    #expect(analyzer.lineBreakOpportunities(in: "x\r") == [])
    #expect(analyzer.lineBreakOpportunities(in: "a \u{FFFC} b") == [2, 4])
    #expect(analyzer.lineBreakOpportunities(in: "") == [])
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func randomTextMatchesTheCharacterRule(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let alphabet: [String] = [
      "a", "b", " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "-", "\u{FFFC}", "\u{FFFC}\u{301}", "é", "e\u{301}",
      "\u{85}", "\u{A0}", "😀",
    ]
    let analyzer = SimpleTextAnalyzer()
    for _ in 0..<300 {
      let asciiOnly = random.next(below: 2) == 0
      let pool = asciiOnly ? alphabet.filter { $0 == "\u{FFFC}" || $0.utf8.allSatisfy { $0 < 0x80 } } : alphabet
      let text = (0..<random.next(below: 40)).map { _ in pool[random.next(below: pool.count)] }.joined()
      // Also as a slice of a longer string, as the line breaker passes it.
      let padded = "xx " + text + " yy"
      let slice = padded.dropFirst(3).dropLast(3)
      #expect(
        analyzer.lineBreakOpportunities(in: Substring(text)) == reference(Substring(text)), "\(text.debugDescription)")
      #expect(analyzer.lineBreakOpportunities(in: slice) == reference(slice), "\(text.debugDescription)")
    }
  }
}
