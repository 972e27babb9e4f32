import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// An edit's relayout re-breaks only the lines it can change and gives exactly the lines a
/// layout from scratch gives.
@Suite struct IncrementalLayoutTests {
  /// A deterministic generator (SplitMix64), so a failing case can be replayed.
  private struct Random: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
  }

  private static let width = 200.0

  private func manager(for storage: TextContentStorage) -> TextLayoutManager {
    TextLayoutManager(
      textContentManager: storage, textContainer: TextContainer(size: CGSize(width: Self.width, height: 0)),
      glyphMeasurer: FixedAdvanceGlyphMeasurer())
  }

  /// Random text: words of 1–14 letters (some longer than a line), spaces, hard breaks,
  /// accented letters, emoji and stickers.
  private func randomText(_ random: inout Random, characters: Int) -> AttributedText {
    var text = AttributedText()
    var count = 0
    while count < characters {
      switch random.below(20) {
      case 0: text.append(AttributedText(String(AttributedText.lineSeparator)))
      case 1: text.append(AttributedText(attachment: Fixtures.sticker()))
      case 2: text.append(AttributedText("e\u{301}🙂"))
      case 3: text.append(AttributedText(String(repeating: "w", count: 30)))  // wider than a line
      case 4: text.append(AttributedText("bold", attributes: TextAttributes(isBold: true, fontScale: 1.5)))
      default:
        let letters = (0..<(1 + random.below(14))).map { _ in Character(UnicodeScalar(97 + UInt8(random.below(26)))) }
        text.append(AttributedText(String(letters) + " "))
      }
      count = text.length
    }
    return text
  }

  private struct LineSnapshot: Equatable {
    var range: Range<Int>
    var bounds: CGRect
    var baseline: Double
    var runs: [String]
    var caretXs: [Double]
  }

  private func snapshot(_ fragment: TextLayoutFragment) -> [LineSnapshot] {
    fragment.textLineFragments.map { line in
      LineSnapshot(
        range: line.characterRange, bounds: line.typographicBounds, baseline: line.baselineOffset,
        runs: line.runs.map { "\($0.range) \($0.string) \($0.x) \($0.width) \($0.attributes.isBold)" },
        caretXs: (line.characterRange.lowerBound...line.characterRange.upperBound).map {
          line.locationX(forCharacterAt: $0)
        })
    }
  }

  @Test(arguments: [1, 2, 3, 4]) func relayoutAfterRandomEditsEqualsALayoutFromScratch(seed: UInt64) throws {
    var random = Random(state: seed)
    let storage = TextContentStorage(randomText(&random, characters: 3_000))
    let incremental = manager(for: storage)
    var reusedSome = 0
    for step in 0..<150 {
      let before = try #require(incremental.ensureLayout(forParagraphAt: 0))
      let length = before.textParagraph.length
      // Aim at line starts often: that is where a break can move up a line.
      let lineStarts = before.textLineFragments.map(\.characterRange.lowerBound)
      let at: Int
      switch random.below(3) {
      case 0: at = min(length, lineStarts[random.below(lineStarts.count)] + random.below(3))
      default: at = random.below(length + 1)
      }
      let removed = random.below(4) == 0 ? min(length - at, random.below(120)) : min(length - at, random.below(3))
      let inserted = random.below(3) == 0 ? AttributedText() : randomText(&random, characters: 1 + random.below(12))
      try storage.replaceCharacters(in: at..<(at + removed), with: inserted)

      let after = try #require(incremental.ensureLayout(forParagraphAt: 0))
      let scratch = try #require(manager(for: storage).ensureLayout(forParagraphAt: 0))
      #expect(scratch.linesBroken == scratch.textLineFragments.count)
      #expect(
        snapshot(after) == snapshot(scratch),
        "seed \(seed), step \(step): edit at \(at) -\(removed) +\(inserted.length)")
      #expect(after.height == scratch.height)
      #expect(
        after.attachmentPlacements.map { "\($0.offset) \($0.frame)" }
          == scratch.attachmentPlacements.map { "\($0.offset) \($0.frame)" })
      if after.linesBroken < after.textLineFragments.count { reusedSome += 1 }
    }
    #expect(reusedSome > 100)  // the relayout shared lines, not just matched
  }

  @Test func trailingAlignedParagraphsRelayOutToTheSameLines() throws {
    final class Trailing: TextLayoutManagerDelegate {
      func textLayoutManager(_ textLayoutManager: TextLayoutManager, paragraphStyleFor paragraph: TextParagraph)
        -> ParagraphStyle
      { ParagraphStyle(headIndent: 7, spacingBefore: 3, spacingAfter: 5, blockAlignment: .trailing) }
    }
    let delegate = Trailing()
    var random = Random(state: 99)
    let storage = TextContentStorage(randomText(&random, characters: 800))
    let incremental = manager(for: storage)
    incremental.delegate = delegate
    for _ in 0..<60 {
      _ = incremental.ensureLayout(forParagraphAt: 0)
      let length = storage.length
      let at = random.below(length + 1)
      try storage.replaceCharacters(
        in: at..<min(length, at + random.below(5)), with: randomText(&random, characters: 2))
      let fresh = manager(for: storage)
      fresh.delegate = delegate
      let after = try #require(incremental.ensureLayout(forParagraphAt: 0))
      let scratch = try #require(fresh.ensureLayout(forParagraphAt: 0))
      #expect(snapshot(after) == snapshot(scratch))
      #expect(after.height == scratch.height)
    }
  }

  /// About `bytes` bytes of words of 1–12 letters, as prose has: line breaks after an edit fall
  /// back onto the old ones within a few lines. (With words all of one length they may never: an
  /// edit then moves every break below it, and relayout re-breaks every line below, as it must.)
  private func prose(bytes: Int) -> String {
    var random = Random(state: 42)
    var result = ""
    result.reserveCapacity(bytes + 16)
    while result.utf8.count < bytes {
      result += String(repeating: "abcdefghijkl".randomElement(using: &random)!, count: 1 + random.below(12)) + " "
    }
    return result
  }

  @Test func aKeystrokeInAMegabyteParagraphReBreaksOnlyTheLinesWhoseBreaksMove() throws {
    let view = Fixtures.view(TextContentStorage(AttributedText(prose(bytes: 1 << 20))))
    let measurer = try #require(view.textLayoutManager.glyphMeasurer as? FixedAdvanceGlyphMeasurer)
    try view.setSelectedRange(500_000..<500_000)
    var brokenPerKey: [Int] = []
    for key in 0..<60 {
      let before = try #require(view.textLayoutManager.ensureLayout(forParagraphAt: 0))
      let caret = view.selectedRange.lowerBound
      let measured = measurer.measuredCharacters
      if key.isMultiple(of: 3) { view.deleteBackward() } else { view.insertText(key.isMultiple(of: 5) ? " " : "x") }
      view.layoutViewport()
      let after = try #require(view.textLayoutManager.ensureLayout(forParagraphAt: 0))
      #expect(after !== before)
      // The lines whose start moved (relative to the text around them) had to be re-broken;
      // relayout re-breaks them plus at most the three lines from two above the edit.
      let delta = after.textParagraph.length - before.textParagraph.length
      let edit = min(caret, view.selectedRange.lowerBound)
      let oldStarts = Set(
        before.textLineFragments.map { $0.characterRange.lowerBound }.map { $0 <= edit ? $0 : $0 + delta })
      let moved = after.textLineFragments.filter { !oldStarts.contains($0.characterRange.lowerBound) }.count
      #expect(after.linesBroken <= moved + 3, "key \(key): \(after.linesBroken) lines broken, \(moved) moved")
      // And the measurer saw the characters of those lines only (lines hold at most 60 here), plus one chunk.
      let perKey = measurer.measuredCharacters - measured
      #expect(
        perKey > 0 && perKey <= after.linesBroken * 60 + LineBreaker.chunk, "key \(key): \(perKey) characters measured")
      brokenPerKey.append(after.linesBroken)
    }
    #expect(lineCount(view) > 17_000)  // the paragraph really is long…
    #expect(brokenPerKey.sorted()[brokenPerKey.count / 2] <= 5)  // …and a typical key re-breaks a few lines
  }

  private func lineCount(_ view: TextView) -> Int {
    view.textLayoutManager.ensureLayout(forParagraphAt: 0)?.textLineFragments.count ?? 0
  }

  @Test func caretHitTestingAndSelectionStayRightInAHugeParagraph() throws {
    let words = (0..<60_000).map { "w\($0 % 89) " }.joined() + "\u{2028}end"
    let view = Fixtures.view(TextContentStorage(AttributedText(words)))
    let length = view.textContentManager.length
    for offset in [0, 1, 12_345, 200_000, length - 4, length - 3, length] {
      let caret = try #require(view.caretRect(at: offset))
      let hit = view.characterOffset(at: CGPoint(x: caret.minX, y: caret.midY))
      #expect(hit == offset, "offset \(offset)")
    }
    // Down and up keep the column and move one line.
    try view.setSelectedRange(150_000..<150_000)
    let start = try #require(view.caretRect())
    view.moveDown()
    let below = try #require(view.caretRect())
    #expect(below.minY == start.maxY)
    view.moveUp()
    #expect(view.selectedRange == 150_000..<150_000)
    // A selection over three lines gives three rectangles, from the lines it covers only.
    let fragment = try #require(view.textLayoutManager.ensureLayout(forParagraphAt: 0))
    let line = fragment.lineFragmentIndex(forCharacterAt: 150_000)
    let lines = fragment.textLineFragments
    let range = (lines[line].characterRange.lowerBound + 1)..<(lines[line + 2].characterRange.lowerBound + 1)
    try view.scroll(toParagraphAt: 0, position: .center)
    let rects = view.selectionRects(for: range)
    #expect(rects.count == 3)
    #expect(rects.map(\.minY) == (line...(line + 2)).map { lines[$0].typographicBounds.minY })
  }

  @Test func lineQueriesUseTheLinesAroundAPoint() throws {
    let words = (0..<20_000).map { "w\($0 % 89) " }.joined()
    let storage = TextContentStorage(AttributedText(words))
    let fragment = try #require(manager(for: storage).ensureLayout(forParagraphAt: 0))
    let lines = fragment.textLineFragments
    let lineHeight = lines[0].typographicBounds.height
    let band = fragment.lineFragmentIndices(intersectingYFrom: 1_000, to: 1_800)
    #expect(band.count <= Int((800 / lineHeight).rounded(.up)) + 1)
    #expect(
      lines[band.lowerBound].typographicBounds.maxY > 1_000 && lines[band.lowerBound].typographicBounds.minY <= 1_000)
    #expect(lines[band.upperBound - 1].typographicBounds.minY < 1_800)
    #expect(lines[band.upperBound].typographicBounds.minY >= 1_800)
    for offset in stride(from: 0, to: storage.length, by: 997) {
      let index = fragment.lineFragmentIndex(forCharacterAt: offset)
      #expect(lines[index].characterRange.contains(offset))
    }
  }
}
