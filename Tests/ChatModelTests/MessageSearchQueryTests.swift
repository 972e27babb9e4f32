import ChatModel
import ReuseKitSupport
import Testing

/// The matching rule: folding, word and character tokens, phrases with a prefix last word, UTF-16
/// spans; and the indexed forms the store's full-text index is built from.
@Suite struct MessageSearchQueryTests {
  /// The spans of `query` in `text`, as `[offset, length]` pairs.
  private func spans(_ query: String, in text: String) throws -> [[Int]] {
    try MessageSearchQuery(query).matches(in: text).map { [$0.offset, $0.length] }
  }

  /// The UTF-16 offset of the first `needle` in `text`.
  private func utf16Offset(of needle: String, in text: String) throws -> Int {
    let range = try #require(text.range(of: needle))
    return text.utf16.distance(from: text.startIndex, to: range.lowerBound)
  }

  @Test func latinIgnoresCaseAndAccentsPrecomposedOrCombining() throws {
    #expect(try spans("cafe", in: "Café au LAIT") == [[0, 4]])
    #expect(try spans("CAFÉ AU", in: "café au lait") == [[0, 7]])
    // Decomposed: "e" + U+0301 is two UTF-16 units, both in the span.
    #expect(try spans("cafe", in: "Cafe\u{301}!") == [[0, 5]])
    #expect(try spans("istanbul", in: "İstanbul") == [[0, 8]])
    #expect(try spans("resume", in: "my RÉSUMÉ") == [[3, 6]])
    #expect(try spans("caf", in: "Café") == [[0, 3]])
  }

  @Test func wordsMatchWholeExceptTheLastWhichIsAPrefix() throws {
    #expect(try spans("mor", in: "good morning") == [[5, 3]])
    #expect(try spans("orning", in: "good morning").isEmpty)
    #expect(try spans("goo morning", in: "good morning").isEmpty)
    #expect(try spans("good mor", in: "good, morning") == [[0, 9]])
    #expect(try spans("good mor", in: "good day morning").isEmpty)
    // Occurrences do not overlap, and every one is a hit.
    #expect(try spans("aa", in: "aa aa aaa") == [[0, 2], [3, 2], [6, 2]])
  }

  @Test func cyrillicArabicAndHebrewAreWords() throws {
    #expect(try spans("привет мир", in: "Привет, Мир!") == [[0, 11]])
    #expect(try spans("мир", in: "мировой") == [[0, 3]])
    // Cyrillic keeps its marks: й is not и.
    #expect(try spans("иод", in: "йод").isEmpty)
    #expect(try spans("مرحبا", in: "مرحبا بالعالم") == [[0, 5]])
    #expect(try spans("بالع", in: "مرحبا بالعالم") == [[6, 4]])
    #expect(try spans("עול", in: "שלום עולם") == [[5, 3]])
  }

  @Test func hanKanaAndThaiMatchAnywhereAtAnyLength() throws {
    let text = "我们在東京都见面"
    #expect(try spans("京", in: text) == [[try utf16Offset(of: "京", in: text), 1]])
    #expect(try spans("東京", in: text) == [[3, 2]])
    #expect(try spans("東京都见", in: text) == [[3, 4]])
    #expect(try spans("都东", in: text).isEmpty)
    // Characters that touch in the query must touch in the text.
    #expect(try spans("東京", in: "東 京").isEmpty)
    #expect(try spans("東 京", in: "東京") == [[0, 2]])
    #expect(try spans("カタ", in: "カタカナ") == [[0, 2]])
    let thai = "สวัสดีครับ"
    #expect(try spans("ครับ", in: thai) == [[6, 4]])
    #expect(try spans("ส", in: thai) == [[0, 1], [3, 1]])
  }

  @Test func mixedScriptsFormOnePhrase() throws {
    let text = "Meet at 東京tower now"
    #expect(try spans("東京 tow", in: text) == [[8, 5]])
    #expect(try spans("at 東", in: text) == [[5, 4]])
  }

  @Test func emojiAndStickerPlaceholdersAreNeverMatchedAndOffsetsCountUTF16() throws {
    let text = "😀😀 hello \u{FFFC} 𠀀𠀁 I ❤️ pizza 🍕"
    #expect(try spans("hello", in: text) == [[5, 5]])
    #expect(try spans("𠀁", in: text) == [[try utf16Offset(of: "𠀁", in: text), 2]])
    #expect(try spans("𠀀𠀁", in: text) == [[13, 4]])
    #expect(try spans("hello 𠀀", in: text) == [[5, 10]])
    #expect(try spans("pizza", in: text) == [[try utf16Offset(of: "pizza", in: text), 5]])
    for query in ["🍕", "\u{FFFC}", "❤️"] {
      #expect(
        throws: MessageSearchError(
          .nothingToSearch, reason: "the query \"\(query)\" has no letter or digit to search for")
      ) {
        try MessageSearchQuery(query)
      }
    }
  }

  @Test func emptyPunctuationAndOverlongQueriesAreTypedErrors() {
    for query in ["", "   ", ",.!?", "--"] {
      #expect {
        try MessageSearchQuery(query)
      } throws: { ($0 as? MessageSearchError)?.kind == .nothingToSearch }
    }
    let long = Array(repeating: "a", count: MessageSearchQuery.maximumTokens + 1).joined(separator: " ")
    #expect {
      try MessageSearchQuery(long)
    } throws: { ($0 as? MessageSearchError)?.kind == .tooLong }
    #expect(throws: Never.self) {
      try MessageSearchQuery(Array(repeating: "a", count: MessageSearchQuery.maximumTokens).joined(separator: " "))
    }
  }

  @Test func theIndexedFormHasFoldedWordsAndCharacterBigrams() throws {
    #expect(MessageSearchQuery.fullTextDocument("東京都 Hello, Wörld! 🍕 \u{FFFC}") == "東京 京都 都 hello world")
    #expect(MessageSearchQuery.fullTextDocument("a東b") == "a 東 b")
    #expect(MessageSearchQuery.fullTextDocument("🍕 \u{FFFC}").isEmpty)
    // Thai marks are left out of the indexed form.
    #expect(MessageSearchQuery.fullTextDocument("ที่") == "ท")
    // ASCII letters fold to lowercase; digits stay; punctuation separates.
    #expect(MessageSearchQuery.fullTextDocument("MiXeD 123abc, x-y_Z") == "mixed 123abc x y z")
    #expect(MessageSearchQuery.fullTextDocument("Ab東京Cd") == "ab 東京 京 cd")
    #expect(try MessageSearchQuery("Hello wor").fullTextQuery == "\"hello\" \"wor\"*")
    #expect(try MessageSearchQuery("東").fullTextQuery == "\"東\"*")
    #expect(try MessageSearchQuery("東京").fullTextQuery == "\"東京\"")
    #expect(try MessageSearchQuery("東京都").fullTextQuery == "\"東京\" \"京都\"")
    #expect(try MessageSearchQuery("go 東京 now").fullTextQuery == "\"go\" \"東京\" \"now\"*")
    #expect(try MessageSearchQuery("good morn").fullTextQuery(lastWordPrefix: 2) == "\"good\" \"mo\"*")
    #expect(try MessageSearchQuery("Привет").fullTextQuery(lastWordPrefix: 2) == "\"пр\"*")
    #expect(try MessageSearchQuery("mo").fullTextQuery(lastWordPrefix: 2) == "\"mo\"*")
  }

  /// Random texts over Latin (upper, lower, precomposed and combining accents), digits,
  /// punctuation, Cyrillic, Hebrew points, Han and Thai with marks: every query cut from a text
  /// that matches it has every term of its index query among the text's indexed tokens, the
  /// property the store relies on to never miss a hit a scan finds.
  @Test func theIndexedFormOffersEveryTextAQueryMatches() throws {
    let alphabet: [String] = [
      "a", "B", "z", "Q", "0", "7", " ", " ", ",", "-", "é", "É", "e\u{301}", "ß", "И", "ж", "ש", "\u{5B8}",
      "東", "京", "都", "ท", "\u{E35}", "\u{E48}", "🍕", "\u{FFFC}",
    ]
    var random = SplitMix64(seed: 0x5EA7C4)
    var checked = 0
    for _ in 0..<2_000 {
      let text = (0..<(1 + random.next(below: 24))).map { _ in alphabet[random.next(below: alphabet.count)] }.joined()
      let characters = Array(text)
      let start = random.next(below: characters.count)
      let end = start + 1 + random.next(below: characters.count - start)
      guard let query = try? MessageSearchQuery(String(characters[start..<end])), !query.matches(in: text).isEmpty
      else { continue }
      let tokens = MessageSearchQuery.fullTextDocument(text).split(separator: " ").map(String.init)
      for term in query.fullTextQuery.split(separator: " ") {
        let isPrefix = term.hasSuffix("*")
        let word = term.filter { $0 != "\"" && $0 != "*" }
        #expect(
          tokens.contains { isPrefix ? $0.hasPrefix(word) : $0 == word },
          "\(term) of \(query.fullTextQuery) is not offered by \(tokens) for \(text.debugDescription)")
      }
      checked += 1
    }
    #expect(checked > 500)
  }
}
