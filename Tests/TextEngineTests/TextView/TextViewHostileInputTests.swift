import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// Offsets, lengths, indices and points at the edges of their types: each is refused with an error
/// or clamped, and the document is left as it was (issue 14: checked arithmetic everywhere).
@Suite struct TextViewHostileInputTests {
  private static let extremes = [Int.min, Int.min + 1, -1, Int.max - 1, Int.max]
  private static let extremeDoubles: [Double] = [
    .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
  ]

  private func document() -> (TextContentStorage, CountingTextView) {
    let storage = Fixtures.chat(paragraphs: 40, stickerEvery: 3)
    return (storage, Fixtures.view(storage, policy: [.onEditingInlineParagraphs, .onScrollingOutOfViewport]))
  }

  private func text(_ storage: TextContentStorage) -> String {
    (try? storage.attributedString(in: 0..<storage.length).string) ?? "<error>"
  }

  @Test func storageRefusesOutOfRangeOffsetsAndIndices() throws {
    let (storage, view) = document()
    let before = text(storage)
    let paragraph = try #require(storage.paragraph(at: 3))
    for value in Self.extremes {
      #expect(throws: TextEditError.self) { try storage.location(at: value) }
      #expect(throws: TextEditError.self) { try storage.startOffset(ofParagraphAt: value) }
      #expect(storage.paragraph(at: value) == nil)
      #expect(throws: TextEditError.self) { try storage.replaceCharacters(in: value..<Int.max, with: "x") }
      let range = value < 0 ? value..<0 : 0..<value
      #expect(throws: TextEditError.self) { try storage.replaceCharacters(in: range, with: "x") }
      #expect(throws: TextEditError.self) { try storage.attributedString(in: min(value, 0)..<Int.max) }
      #expect(throws: TextEditError.self) { try storage.setAttributes(in: 0..<Int.max) { $0.fontScale = 2 } }
      #expect(throws: TextEditError.self) { try storage.setParagraphAttributes([:], forParagraphAt: value) }
      #expect(throws: TextEditError.self) { try storage.insertParagraphs([("x", [:])], at: value) }
      #expect(throws: TextEditError.self) { try storage.replaceParagraphs(in: value..<Int.max, with: []) }
      let location = TextLocation(paragraph: paragraph, offset: 1).advanced(by: value)
      guard value != -1 else { continue }  // offset 0: a good location
      #expect(throws: TextEditError.self) { try storage.offset(of: location) }
      #expect(throws: TextEditError.self) {
        try storage.replaceCharacters(in: TextRange(location: location), with: "x")
      }
    }
    #expect(text(storage) == before)
    #expect(view.reuseInvariantViolations() == [])
  }

  @Test func textViewRefusesOrClampsExtremeOffsets() throws {
    let (storage, view) = document()
    let before = text(storage)
    for value in Self.extremes {
      #expect(throws: TextEditError.self) { try view.setSelectedRange(value..<Int.max) }
      #expect(throws: TextEditError.self) { try view.replaceCharacters(in: 0..<max(value, 0) | 1 << 40, with: "x") }
      #expect(throws: TextEditError.self) {
        try view.changeAttributes(in: min(value, 0)..<Int.max) { $0.fontScale = 2 }
      }
      #expect(throws: TextEditError.self) { try view.scroll(toParagraphAt: value) }
      view.setCaret(value)
      #expect((0...storage.length).contains(view.caretOffset))
      view.moveCaret(to: value, extending: true)
      view.moveCaret(to: ~value, extending: true)
      #expect(view.selectedRange.lowerBound >= 0 && view.selectedRange.upperBound <= storage.length)
      view.selectWord(at: value)
      _ = view.caretRect(at: value)
      _ = view.selectionRects(for: min(value, 0)..<Int.max)
      _ = view.selectionRects(for: Int.min..<max(value, Int.min + 1))
      view.moveLeft(extending: true)
      view.moveRight(extending: true)
      view.moveUp(extending: true)
      view.moveDown(extending: true)
      view.moveToLineStart(extending: true)
      view.moveToLineEnd(extending: true)
      view.copy()
    }
    view.setCaret(0)
    view.deleteBackward()
    view.setCaret(Int.max)
    view.deleteForward()
    #expect(text(storage) == before)
    #expect(view.reuseInvariantViolations() == [])
  }

  @Test func nonFiniteScrollsAndPointsStayInTheDocument() throws {
    let (storage, view) = document()
    let before = text(storage)
    for value in Self.extremeDoubles {
      view.scroll(by: value)
      #expect(view.scrollOffset.isFinite && view.scrollOffset >= 0 && view.scrollOffset <= view.maximumScrollOffset)
      view.scroll(toY: value)
      #expect(view.scrollOffset.isFinite && view.scrollOffset >= 0 && view.scrollOffset <= view.maximumScrollOffset)
      for other in Self.extremeDoubles + [0] {
        let offset = view.characterOffset(at: CGPoint(x: value, y: other))
        #expect((0...storage.length).contains(offset))
        let swapped = view.characterOffset(at: CGPoint(x: other, y: value))
        #expect((0...storage.length).contains(swapped))
      }
    }
    #expect(text(storage) == before)
    #expect(view.reuseInvariantViolations() == [])
  }

  @Test func extremeViewportSizesAreClampedToUsableOnes() throws {
    let (storage, view) = document()
    for value in Self.extremeDoubles + [0, -1, 1e12] {
      view.setViewportSize(CGSize(width: value, height: value))
      #expect(view.viewportSize.width.isFinite && view.viewportSize.height.isFinite)
      #expect(view.viewportSize.width >= 1 && view.viewportSize.height >= 1)
      view.scrollToBottom()
      #expect(view.reuseInvariantViolations() == [])
    }
    view.setViewportSize(Fixtures.viewport)
    #expect(storage.paragraphCount == 40)
  }
}
