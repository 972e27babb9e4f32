import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

@Suite struct TextLayoutManagerTests {
  private func manager(_ text: String, width: Double = 80) -> (TextContentStorage, TextLayoutManager) {
    let storage = TextContentStorage(AttributedText(text))
    let manager = TextLayoutManager(
      textContentManager: storage, textContainer: TextContainer(size: CGSize(width: width, height: 0)),
      glyphMeasurer: FixedAdvanceGlyphMeasurer())
    return (storage, manager)
  }

  @Test func wrapsWordsAtTheContainerWidth() throws {
    // 8 pt per character, 80 pt wide: 10 characters per line.
    let (storage, manager) = manager("hello brave new world")
    let fragment = try #require(withExtendedLifetime(storage) { manager.ensureLayout(forParagraphAt: 0) })
    let lines = fragment.textLineFragments.map { $0.characterRange }
    #expect(lines == [0..<6, 6..<16, 16..<21])  // "hello " | "brave new " | "world"
    #expect(fragment.height == 48)
  }

  @Test func breaksAnOverlongWordByCharacters() throws {
    let (storage, manager) = manager("abcdefghijklmnop")
    let fragment = try #require(withExtendedLifetime(storage) { manager.ensureLayout(forParagraphAt: 0) })
    #expect(fragment.textLineFragments.map { $0.characterRange } == [0..<10, 10..<16])
  }

  @Test func breaksHardAtTheLineSeparator() throws {
    let (storage, manager) = manager("ab\u{2028}cd", width: 400)
    let fragment = try #require(withExtendedLifetime(storage) { manager.ensureLayout(forParagraphAt: 0) })
    #expect(fragment.textLineFragments.map { $0.characterRange } == [0..<3, 3..<5])
    #expect(fragment.textLineFragments[0].lastCaretOffset == 2)
  }

  @Test func measuresAttachmentsByTheirBounds() throws {
    let storage = TextContentStorage(Fixtures.text(["ab", "cd"]))
    let manager = TextLayoutManager(
      textContentManager: storage, textContainer: TextContainer(size: CGSize(width: 400, height: 0)),
      glyphMeasurer: FixedAdvanceGlyphMeasurer())
    let fragment = try #require(manager.ensureLayout(forParagraphAt: 0))
    let placement = try #require(fragment.attachmentPlacements.first)
    #expect(placement.offset == 2)
    #expect(placement.frame.minX == 16 && placement.frame.width == 24)
    // Ascent grows to the sticker's 20 pt above the baseline; descent stays at 4.
    #expect(fragment.height == 24)
    #expect(fragment.textLineFragments[0].locationX(forCharacterAt: 3) == 40)
  }

  /// As in TextKit, a fragment is replaced only when its paragraph is edited; a relayout
  /// (`invalidateLayout`, a width change) lays the same object out again.
  @Test func fragmentIdentityChangesOnlyWhenItsParagraphChanges() throws {
    let (storage, manager) = manager("one\ntwo\nthree " + String(repeating: "word ", count: 20), width: 400)
    let first = (0..<3).compactMap { manager.ensureLayout(forParagraphAt: $0) }
    let again = (0..<3).compactMap { manager.ensureLayout(forParagraphAt: $0) }
    #expect(zip(again, first).allSatisfy { $0 === $1 })
    try storage.replaceCharacters(in: 5..<5, with: "X")
    let second = (0..<3).compactMap { manager.ensureLayout(forParagraphAt: $0) }
    #expect(second[0] === first[0] && second[1] !== first[1] && second[2] === first[2])
    let laidOut = manager.paragraphsLaidOut
    manager.invalidateLayout(for: try #require(storage.paragraph(at: 2)?.elementRange))
    let third = (0..<3).compactMap { manager.ensureLayout(forParagraphAt: $0) }
    #expect(zip(third, second).allSatisfy { $0 === $1 })
    #expect(manager.paragraphsLaidOut == laidOut + 1)
    #expect(third[2].relayoutCount == 1 && third[0].relayoutCount == 0)
    let wide = third[2].height
    manager.setContainerWidth(100)
    let fourth = (0..<3).compactMap { manager.ensureLayout(forParagraphAt: $0) }
    #expect(zip(fourth, third).allSatisfy { $0 === $1 })
    // Laid out again for the new width: the long paragraph wraps onto more lines.
    #expect(fourth[2].layoutWidth == 100 && fourth[2].height > wide)
  }

  @Test func estimatesAreReplacedByMeasuredHeights() throws {
    let (storage, manager) = manager("short\n" + String(repeating: "word ", count: 40), width: 80)
    let estimate = try #require(manager.height(ofParagraphAt: 1))
    let fragment = try #require(withExtendedLifetime(storage) { manager.ensureLayout(forParagraphAt: 1) })
    #expect(manager.height(ofParagraphAt: 1) == fragment.height)
    #expect(fragment.height == 20 * 16)
    #expect(estimate > 16)
    let above = try #require(manager.height(ofParagraphAt: 0))
    #expect(Double(fragment.layoutFragmentFrame.minY) == above)
  }

  @Test func twoLayoutManagersOnOneStorageBothSeeEveryEdit() throws {
    let storage = TextContentStorage(AttributedText("one\ntwo"))
    let narrow = TextLayoutManager(
      textContentManager: storage, textContainer: TextContainer(size: CGSize(width: 40, height: 0)),
      glyphMeasurer: FixedAdvanceGlyphMeasurer())
    let wide = TextLayoutManager(
      textContentManager: storage, textContainer: TextContainer(size: CGSize(width: 400, height: 0)),
      glyphMeasurer: FixedAdvanceGlyphMeasurer())
    try storage.replaceCharacters(in: 3..<3, with: " more words here\nnew")
    for manager in [narrow, wide] {
      let texts = (0..<storage.paragraphCount).compactMap {
        manager.ensureLayout(forParagraphAt: $0)?.textParagraph.attributedString.string
      }
      #expect(texts == ["one more words here", "new", "two"])
    }
    #expect(
      narrow.ensureLayout(forParagraphAt: 0)!.textLineFragments.count
        > wide.ensureLayout(forParagraphAt: 0)!.textLineFragments.count)
  }

  @Test func aProviderThatTracksItsViewsBoundsSizesItsAttachment() throws {
    for (provider, width) in [(TrackingBoundsProvider.self, 48.0), (AnimatedTestProvider.self, 24.0)]
      as [(TextAttachmentViewProvider.Type, Double)]
    {
      let storage = TextContentStorage(Fixtures.text(["ab", "cd"], provider: provider))
      let view = Fixtures.view(storage)  // the first pass makes the provider
      let paragraph = try #require(storage.paragraph(at: 0)?.elementRange)
      view.textLayoutManager.invalidateLayout(for: paragraph)
      view.layoutViewport()
      let fragment = try #require(view.textLayoutManager.ensureLayout(forParagraphAt: 0))
      #expect(Double(try #require(fragment.attachmentPlacements.first).frame.width) == width)
    }
  }
}
