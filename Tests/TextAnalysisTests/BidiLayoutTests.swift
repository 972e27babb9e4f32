import Foundation
import ReuseKitSupport
import ReuseKitTestSupport
import Testing
import TextAnalysis
import TextEngine

/// Lines are reordered for display; carets, hit testing and selections follow the characters.
@Suite struct BidiLayoutTests {
  private func fragment(_ text: AttributedText, width: Double = 400) throws -> TextLayoutFragment {
    let storage = TextContentStorage(text)
    let manager = try MultilingualText.manager(storage, width: width)
    return try #require(manager.ensureLayout(forParagraphAt: 0))
  }

  private func runs(_ line: TextLineFragment) -> [String] {
    line.runs.map { "\($0.string)@\($0.x)\($0.isRightToLeft ? "<" : ">")" }
  }

  @Test func hebrewInALeftToRightLineRunsRightToLeftInPlace() throws {
    let line = try #require(try fragment(AttributedText("abc אבג")).textLineFragments.first)
    #expect(runs(line) == ["abc @0.0>", "אבג@32.0<"])
    // Carets: at the leading edge of each character; before א (after the space) at the space's end.
    #expect((0...7).map { line.locationX(forCharacterAt: $0) } == [0, 8, 16, 24, 32, 48, 40, 56])
  }

  @Test func levelsAreResolvedOverTheParagraphNotTheLine() throws {
    // Over the whole paragraph the comma sits between "abc" and "def" (both L): it joins "abc".
    // Resolved over line 1 alone it would follow "abc" at the right-to-left line's level.
    let lines = try fragment(AttributedText("שלום abc, def"), width: 80).textLineFragments
    #expect(lines.count == 2)
    let first = try #require(lines.first)
    #expect(first.runs.map(\.string).contains("abc,"))
    #expect(!first.runs.map(\.string).contains(", "))
  }

  @Test func anOverrideGoesOnPastALineBreak() throws {
    let lines = try fragment(AttributedText("\u{202E}hello world\u{202C}"), width: 56).textLineFragments
    #expect(lines.count == 2)
    let second = try #require(lines.last)
    let world = try #require(second.runs.first { $0.string.contains("world") })
    #expect(world.isRightToLeft)
  }

  @Test func aParagraphStartingWithALongIsolateTakesTheDirectionAfterIt() throws {
    let text = AttributedText("\u{2067}" + String(repeating: "א", count: 300) + "\u{2069}abc")
    #expect(try fragment(text).baseWritingDirection == .leftToRight)
  }

  @Test func aHebrewParagraphIsRightToLeftAndRightAligned() throws {
    let fragment = try fragment(AttributedText("אב 12 גד"))
    let line = try #require(fragment.textLineFragments.first)
    #expect(Double(line.typographicBounds.maxX) == 400)  // its natural edge is the right one
    #expect(Double(line.typographicBounds.minX) == 336)
    // Numbers read left to right inside the right-to-left line.
    #expect(runs(line) == [" גד@336.0<", "12@360.0>", "אב @376.0<"])
  }

  @Test func aMixedLineHoldingAStickerPlacesEveryRun() throws {
    var text = AttributedText("שלום ")
    text.append(AttributedText(attachment: Fixtures.sticker()))
    text.append(AttributedText(" abc 42 עולם"))
    let fragment = try fragment(text)
    let line = try #require(fragment.textLineFragments.first)
    // Visual order, left to right: עולם, "abc 42" (the number follows the Latin word: rule W7), the
    // sticker, שלום. 17 characters of 8 points and the 24-point sticker, right-aligned at 400.
    #expect(runs(line) == [" עולם@240.0<", "abc 42@280.0>", " @328.0<", "\u{FFFC}@336.0<", "שלום @360.0<"])
    let sticker = try #require(fragment.attachmentPlacements.first)
    let stickerRun = try #require(line.runs.first { $0.attributes.attachment != nil })
    #expect(Double(sticker.frame.minX) == stickerRun.x)
    #expect(stickerRun.x > line.runs.first { $0.string.contains("abc") }!.x)  // right of the Latin
    #expect(stickerRun.x < line.runs.first { $0.string.contains("שלום") }!.x)  // left of the first word
    #expect(Double(line.typographicBounds.maxX) == 400)
  }

  @Test func hitTestingEveryCaretGivesItsOffsetBack() throws {
    let samples = [
      "שלום עולם", "abc אבג def", "אב 12 גד", "hello שלום world 42 מה נשמע", "مرحبا بالعالم 2026 ok",
      "(שלום) [abc] {מה}", "👍🏽 שלום 🇯🇵 abc", "12 34 אב", "אבג abc 123 def הוז",
    ]
    for sample in samples {
      for width in [400.0, 56.0, 40.0] {
        try assertRoundTrips(try fragment(AttributedText(sample), width: width), sample)
      }
    }
  }

  @Test func hitTestingRoundTripsInRandomMultilingualParagraphs() throws {
    var random = SplitMix64(seed: 77)
    for _ in 0..<300 {
      let text = MultilingualText.paragraph(&random, words: 1 + Int(random.next() % 16))
      try assertRoundTrips(try fragment(text, width: 80 + Double(random.next() % 300)), text.string)
    }
  }

  private func assertRoundTrips(_ fragment: TextLayoutFragment, _ sample: String) throws {
    for line in fragment.textLineFragments {
      for offset in line.characterRange.lowerBound...line.lastCaretOffset {
        let x = line.locationX(forCharacterAt: offset)
        #expect(line.characterOffset(nearestX: x) == offset, "\(sample): offset \(offset) at x \(x)")
      }
    }
  }

  @Test func aSelectionAcrossADirectionBoundaryIsSeveralRectangles() throws {
    let fragment = try fragment(AttributedText("abc אבגד efg"))
    let line = try #require(fragment.textLineFragments.first)
    // "c אב": c and the space on the left, then א and ב at the right end of the Hebrew word.
    let rects = line.selectionRects(for: 2..<6)
    #expect(rects.map { Double($0.minX) } == [16, 48])
    #expect(rects.map { Double($0.width) } == [16, 16])
    // A selection inside one direction is one rectangle.
    #expect(line.selectionRects(for: 4..<8).count == 1)
    #expect(line.selectionRects(for: 0..<3).map { Double($0.minX) } == [0])
  }

  /// Bidi controls (embeddings, overrides, isolates, marks), joiners and lone marks in random order:
  /// layout keeps every character, no line overflows, and every caret round-trips.
  @Test func bidiControlsAndStrayMarksNeitherCrashNorBreakTheRoundTrip() throws {
    let scalars: [UInt32] = [
      0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x200D, 0x0301,
      0x05D0, 0x05D1, 0x0627, 0x0644, 0x0031, 0x0032, 0x0061, 0x0062, 0x0020, 0x0028, 0x0029, 0x2028, 0xFFFC,
      0x1F44D, 0x1F3FD,
    ]
    var random = SplitMix64(seed: 5)
    for _ in 0..<300 {
      var string = String.UnicodeScalarView()
      for _ in 0..<(1 + Int(random.next() % 60)) {
        string.append(Unicode.Scalar(scalars[Int(random.next() % UInt64(scalars.count))])!)
      }
      let text = String(string)
      let width = 40 + Double(random.next() % 200)
      let fragment = try fragment(AttributedText(text), width: width)
      let lines = fragment.textLineFragments
      #expect(lines.map(\.characterRange.count).reduce(0, +) == text.count)
      #expect(lines.allSatisfy { $0.typographicBounds.width <= width })
      try assertRoundTrips(fragment, text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
    }
  }
}
