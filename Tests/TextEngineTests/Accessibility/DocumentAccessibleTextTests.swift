import Foundation
import ReuseKitSupport
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// A whole document as one accessible text (a chat's message list): every call against the joined
/// string read by ``StringAccessibleText`` and ``AccessibleTextUnits``, on the in-memory document and
/// on an external source; reading builds only what it reads, and creates no provider.
@MainActor
@Suite struct DocumentAccessibleTextTests {
  /// Paragraphs with emoji, ZWJ sequences, flags, CJK, Arabic, combining marks and stickers (some
  /// alone).
  static func paragraphs(_ count: Int) -> [(AttributedText, [String: String])] {
    let texts = [
      "Hello there. How are you?", "👍🏽 ok", "👨‍👩‍👧 family time!", "🇯🇵 東京に行きました。楽しかった。",
      "مرحبا بك. كيف حالك؟", "cafe\u{301} au lait", "line one\u{2028}line two",
    ]
    return (0..<count).map { index in
      // Now and then two sticker-only messages in a row: words run across them.
      if index % 11 == 3 || index % 11 == 4 { return (Fixtures.text(["", ""]), [:]) }
      let text = texts[index % texts.count] + " \(index)"
      return (index % 5 == 0 ? Fixtures.text([text, " end"]) : AttributedText(text), [:])
    }
  }

  private func expectMatchesTheJoinedString(_ backend: Backend, seed: UInt64) {
    let contents = Self.paragraphs(300)
    let view = Fixtures.view(backend.manager(contents), policy: .onScrollingOutOfViewport)
    let document = DocumentAccessibleText(textView: view)
    let joined = contents.map(\.0.string).joined(separator: "\n")
    let model = StringAccessibleText(joined)
    #expect(document.scalarCount == model.scalarCount)
    var random = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let lower = random.next(below: model.scalarCount + 1)
      let upper = min(model.scalarCount, lower + random.next(below: 300))
      #expect(document.text(scalars: lower..<upper) == model.text(scalars: lower..<upper), "\(lower)..<\(upper)")
      #expect(document.scalar(at: lower) == model.scalar(at: lower), "scalar \(lower)")
      for granularity in [AccessibleTextGranularity.character, .word, .sentence, .paragraph] {
        #expect(
          document.range(of: granularity, at: lower)
            == AccessibleTextUnits.range(of: granularity, at: lower, in: joined),
          "\(granularity) at \(lower)")
      }
    }
    #expect(document.text(scalars: 0..<model.scalarCount) == joined)
    #expect(document.text(scalars: -4..<(model.scalarCount + 9)) == joined, "ranges are clamped")
    #expect(document.scalar(at: model.scalarCount) == nil)
  }

  @Test(arguments: Backend.allCases)
  func readsAndUnitsMatchTheJoinedString(backend: Backend) {
    expectMatchesTheJoinedString(backend, seed: 21)
  }

  /// Every character start maps to its first scalar and back, across paragraphs.
  @Test(arguments: Backend.allCases)
  func characterAndScalarOffsetsRoundTrip(backend: Backend) throws {
    let contents = Self.paragraphs(40)
    let view = Fixtures.view(backend.manager(contents))
    let document = DocumentAccessibleText(textView: view)
    let joined = contents.map(\.0.string).joined(separator: "\n")
    var scalar = 0
    for (character, value) in joined.enumerated() {
      #expect(document.scalarOffset(ofCharacter: character) == scalar, "character \(character)")
      for inside in 0..<value.unicodeScalars.count {
        #expect(document.characterOffset(ofScalar: scalar + inside) == character, "scalar \(scalar + inside)")
      }
      scalar += value.unicodeScalars.count
    }
    #expect(document.characterOffset(ofScalar: scalar) == joined.count)
    #expect(document.scalarOffset(ofCharacter: joined.count) == scalar)
  }

  @Test func theCaretAndSelectionAreTheViewsInScalars() throws {
    let contents = Self.paragraphs(20)
    let view = Fixtures.view(TextContentStorage(paragraphs: contents))
    let document = DocumentAccessibleText(textView: view)
    let second = contents[0].0.string.unicodeScalars.count + 1  // "👍🏽 ok 1" starts here
    #expect(document.moveCaret(toScalar: second + 2))
    #expect(view.selectedRange == (contents[0].0.length + 2)..<(contents[0].0.length + 2), "after the 👍🏽")
    #expect(document.caretScalarOffset == second + 2)
    #expect(document.select(scalars: second..<(second + 5)))
    #expect(document.selectedScalarRanges == [second..<(second + 5)])
    #expect(view.selectedRange == (contents[0].0.length + 1)..<(contents[0].0.length + 5), "5 scalars, 4 characters")
    #expect(!document.moveCaret(toScalar: document.scalarCount + 1))
    #expect(!document.select(scalars: 0..<(document.scalarCount + 1)))
  }

  /// Lines are the laid-out lines of the paragraph's fragment; extents and hit-testing go through
  /// the layout manager.
  @Test func linesAndGeometryComeFromTheLayout() throws {
    let long = String(repeating: "word ", count: 60)
    let view = Fixtures.view(
      TextContentStorage(paragraphs: [(AttributedText("first"), [:]), (AttributedText(long), [:])]))
    let document = DocumentAccessibleText(textView: view)
    let fragment = try #require(view.textLayoutManager.ensureLayout(forParagraphAt: 1))
    let lines = fragment.textLineFragments.map(\.characterRange)
    #expect(lines.count > 1, "the paragraph wraps")
    let start = 6  // "first\n"
    #expect(document.range(of: .line, at: start + 1) == (start + lines[0].lowerBound)..<(start + lines[1].lowerBound))
    let rect = try #require(document.characterRect(atScalar: start + lines[1].lowerBound))
    #expect(document.scalarOffset(at: CGPoint(x: rect.midX, y: rect.midY)) == start + lines[1].lowerBound)
    #expect(document.range(of: .line, at: 2) == 0..<6, "a paragraph of one line, with its separator")
  }

  /// A read of about 4 KB from the middle of 100,000 paragraphs with stickers builds a bounded number
  /// of paragraphs (what it reads, in read windows), lays out nothing, and creates no provider.
  @Test(arguments: Backend.allCases)
  func readingBuildsOnlyWhatItReadsAndCreatesNoProvider(backend: Backend) throws {
    let manager = backend.manager(Self.paragraphs(100_000))
    let view = Fixtures.view(manager, policy: [.onScrollingOutOfViewport, .onEditingInlineParagraphs])
    let document = DocumentAccessibleText(textView: view)
    let providers = view.tally.providersInitialized
    let loaded = view.tally.viewsLoaded
    let built = manager.paragraphsBuilt
    let total = document.scalarCount
    let text = document.text(scalars: (total / 2)..<(total / 2 + 4_096))
    #expect(text.unicodeScalars.count == 4_096)
    _ = document.range(of: .sentence, at: total / 3)
    _ = document.range(of: .word, at: total - 10)
    #expect(manager.paragraphsBuilt - built < 4_096 / 10 + 3 * manager.paragraphsPerRead, "only what it reads")
    #expect(view.tally.providersInitialized == providers && view.tally.viewsLoaded == loaded)
  }
}

/// Edits told as changes of the whole document's text: applied in order to the text before, they
/// give the text after, wherever the edit falls (the start, the middle, the end, all of it).
@MainActor
@Suite struct DocumentTextChangeTests {
  /// Applies `change`; `false` (and `scalars` unchanged) when it does not fit them.
  private static func apply(_ change: AccessibleTextChange, to scalars: inout [Unicode.Scalar]) -> Bool {
    let range = change.offset..<(change.offset + change.removed.unicodeScalars.count)
    guard range.lowerBound >= 0, range.upperBound <= scalars.count,
      String(String.UnicodeScalarView(scalars[range])) == change.removed
    else { return false }
    scalars.replaceSubrange(range, with: Array(change.inserted.unicodeScalars))
    return true
  }

  @Test(arguments: Backend.allCases, [5, 6] as [UInt64])
  func changesReplayedOnTheOldTextGiveTheNewText(backend: Backend, seed: UInt64) throws {
    let manager = backend.manager(DocumentAccessibleTextTests.paragraphs(60))
    manager.releaseSlack = 4
    func joined() throws -> [Unicode.Scalar] {
      Array(try manager.attributedString(in: 0..<manager.length).string.unicodeScalars)
    }
    var changes: [AccessibleTextChange] = []
    let observation = TextContentEditObservation(of: manager) { edit in
      if let change = AccessibleTextChange(edit, in: manager) { changes.append(change) }
    }
    var random = SplitMix64(seed: seed)
    var text = try joined()
    let pieces = ["", "👍🏽", "\n", "x\ny", "日本", "🇯🇵\n\n"]
    for step in 0..<150 {
      switch random.next(below: 6) {
      case 0:
        try manager.insertParagraphs([(AttributedText("end 👨‍👩‍👧 \(step)"), [:])], at: manager.paragraphCount)
      case 1:
        try manager.insertParagraphs([(AttributedText("start \(step)"), [:])], at: 0)
      case 2 where manager.paragraphCount > 1:
        // The last paragraphs go, as a deleted message at the end.
        let count = 1 + random.next(below: min(3, manager.paragraphCount - 1))
        let start = try manager.startOffset(ofParagraphAt: manager.paragraphCount - count)
        try manager.replaceCharacters(in: (start - 1)..<manager.length, with: AttributedText())
      case 3:
        manager.releaseUnheldParagraphsNow()
        _ = manager.paragraph(at: random.next(below: manager.paragraphCount))
      default:
        let from = random.next(below: manager.length + 1)
        let to = min(manager.length, from + random.next(below: 8))
        try manager.replaceCharacters(
          in: from..<to, with: AttributedText(pieces[random.next(below: pieces.count)]))
      }
      for change in changes { #expect(Self.apply(change, to: &text), "step \(step): \(change)") }
      changes.removeAll()
      let now = try joined()
      let same = text == now
      #expect(same, "step \(step): \(text.count) scalars replayed, \(now.count) in the document")
      if !same { break }
    }
    // Replacing everything.
    try manager.replaceCharacters(in: 0..<manager.length, with: AttributedText("all 🇫🇷\nnew"))
    for change in changes { #expect(Self.apply(change, to: &text)) }
    #expect(text == Array("all 🇫🇷\nnew".unicodeScalars))
    withExtendedLifetime(observation) {}
  }
}
