import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// The layout manager's rendering attributes: TextKit's calls, how edits move them, bad input, and
/// when the validator runs.
@Suite struct RenderingAttributesTests {
  private static let yellow = RenderingAttributeValue.color(TextColor(red: 255, green: 230, blue: 0))
  private static let blue = RenderingAttributeValue.color(TextColor(red: 0, green: 0, blue: 200))

  /// A view over `count` paragraphs "message N".
  private static func view(_ count: Int = 30, backend: Backend = .memory) -> CountingTextView {
    Fixtures.view(Fixtures.chat(paragraphs: count, backend: backend))
  }

  private static func range(_ manager: TextContentManager, _ from: (Int, Int), _ to: (Int, Int)) throws -> TextRange {
    let first = try #require(manager.paragraph(at: from.0))
    let last = try #require(manager.paragraph(at: to.0))
    return TextRange(
      location: TextLocation(paragraph: first, offset: from.1), end: TextLocation(paragraph: last, offset: to.1))
  }

  /// Every run the manager enumerates from the document's start, as (paragraph index, range, attributes).
  private static func runs(_ view: TextView, reverse: Bool = false) throws -> [(Int, Range<Int>, RenderingAttributes)] {
    let manager = view.textContentManager
    let start =
      reverse
      ? manager.documentRange.endLocation
      : TextLocation(elementIdentifier: manager.documentRange.location.elementIdentifier, offset: 0)
    var result: [(Int, Range<Int>, RenderingAttributes)] = []
    try view.textLayoutManager.enumerateRenderingAttributes(from: start, reverse: reverse) { _, attributes, range in
      result.append(
        (manager.index(of: range.location) ?? -1, range.location.offset..<range.endLocation.offset, attributes))
      return true
    }
    return result
  }

  @Test(arguments: Backend.allCases)
  func setAddRemoveAndEnumerateAcrossParagraphs(backend: Backend) throws {
    let view = Self.view(backend: backend)
    let manager = view.textContentManager
    let layout = view.textLayoutManager
    // "message 3" is 9 characters: from offset 4 of paragraph 3 to offset 2 of paragraph 5.
    try layout.setRenderingAttributes([.backgroundColor: Self.yellow], for: Self.range(manager, (3, 4), (5, 2)))
    var found = try Self.runs(view)
    #expect(found.map(\.0) == [3, 4, 5])
    #expect(found.map(\.1) == [4..<9, 0..<9, 0..<2])
    #expect(found.allSatisfy { $0.2 == [.backgroundColor: Self.yellow] })
    // Adding a key keeps the others; nil removes it, as TextKit documents.
    try layout.addRenderingAttribute(
      .underlineStyle, value: .underlineStyle(.single), for: Self.range(manager, (4, 0), (4, 3)))
    try layout.addRenderingAttribute(.backgroundColor, value: nil, for: Self.range(manager, (4, 1), (4, 2)))
    found = try Self.runs(view)
    #expect(found.map(\.1) == [4..<9, 0..<1, 1..<2, 2..<3, 3..<9, 0..<2])
    #expect(found[1].2 == [.backgroundColor: Self.yellow, .underlineStyle: .underlineStyle(.single)])
    #expect(found[2].2 == [.underlineStyle: .underlineStyle(.single)])
    // Reverse enumeration gives the same runs backwards, and stopping stops.
    #expect(try Self.runs(view, reverse: true).map(\.1) == found.map(\.1).reversed())
    var seen = 0
    try layout.enumerateRenderingAttributes(from: manager.documentRange.location, reverse: false) { _, _, _ in
      seen += 1
      return seen < 2
    }
    #expect(seen == 2)
    // Starting inside a run reports it from the location on.
    let inside = try #require(manager.paragraph(at: 3))
    var firstRange: Range<Int>?
    try layout.enumerateRenderingAttributes(from: TextLocation(paragraph: inside, offset: 6), reverse: false) {
      _, _, r in
      firstRange = r.location.offset..<r.endLocation.offset
      return false
    }
    #expect(firstRange == 6..<9)
    try layout.removeRenderingAttribute(.backgroundColor, for: manager.documentRange)
    try layout.removeRenderingAttribute(.underlineStyle, for: manager.documentRange)
    #expect(try Self.runs(view).isEmpty)
    #expect(layout.renderingAttributeStore.paragraphs.isEmpty)
    #expect(layout.checkRenderingAttributeInvariants() == [])
  }

  @Test(arguments: Backend.allCases)
  func badRangesThrowAndChangeNothing(backend: Backend) throws {
    let view = Self.view(backend: backend)
    let manager = view.textContentManager
    let layout = view.textLayoutManager
    #expect(throws: TextEditError.invertedRange) {
      try layout.setRenderingAttributes([.backgroundColor: Self.yellow], for: Self.range(manager, (5, 2), (3, 0)))
    }
    #expect(throws: TextEditError.offsetOutOfRange(offset: 40, length: 9)) {
      try layout.setRenderingAttributes([.backgroundColor: Self.yellow], for: Self.range(manager, (3, 0), (3, 40)))
    }
    let stale = try Self.range(manager, (2, 0), (2, 3))
    try manager.replaceCharacters(in: stale, with: AttributedText("X"))
    #expect(throws: TextEditError.staleLocation) {
      try layout.addRenderingAttribute(.foregroundColor, value: Self.blue, for: stale)
    }
    #expect(throws: TextEditError.staleLocation) {
      try layout.enumerateRenderingAttributes(from: stale.location, reverse: false) { _, _, _ in true }
    }
    #expect(try Self.runs(view).isEmpty)
    #expect(view.renderingAttributeChanges == 0)
  }

  @Test(arguments: Backend.allCases)
  func editsMoveAttributesLikeTemporaryAttributes(backend: Backend) throws {
    let view = Self.view(backend: backend)
    let manager = view.textContentManager
    let layout = view.textLayoutManager
    // Paragraph 3 "message 3": characters 0..<7 ("message") highlighted; paragraph 8 whole.
    try layout.setRenderingAttributes([.backgroundColor: Self.yellow], for: Self.range(manager, (3, 0), (3, 7)))
    try layout.setRenderingAttributes(
      [.underlineStyle: .underlineStyle(.single)], for: Self.range(manager, (8, 0), (8, 9)))
    // Typing inside the run: the inserted character has none, the rest shift.
    try manager.replaceCharacters(in: Self.range(manager, (3, 3), (3, 3)), with: AttributedText("X"))
    #expect(try Self.runs(view).map(\.1) == [0..<3, 4..<8, 0..<9])
    // Replacing characters: they lose theirs.
    try manager.replaceCharacters(in: Self.range(manager, (3, 5), (3, 7)), with: AttributedText("yy"))
    #expect(try Self.runs(view).map(\.1) == [0..<3, 4..<5, 7..<8, 0..<9])
    // Splitting paragraph 8 after "mess": the first half keeps 0..<4, the new paragraph gets the rest.
    try manager.replaceCharacters(in: Self.range(manager, (8, 4), (8, 4)), with: AttributedText("\n"))
    var found = try Self.runs(view)
    #expect(found.map(\.0) == [3, 3, 3, 8, 9])
    #expect(found.map(\.1) == [0..<3, 4..<5, 7..<8, 0..<4, 0..<5])
    // Joining them again: both halves keep theirs, in one paragraph (merged into one run).
    try manager.replaceCharacters(in: Self.range(manager, (8, 4), (9, 0)), with: AttributedText(""))
    found = try Self.runs(view)
    #expect(found.map(\.0) == [3, 3, 3, 8])
    #expect(found.map(\.1) == [0..<3, 4..<5, 7..<8, 0..<9])
    // Restyling the characters keeps them (characters are compared, not their stored attributes).
    let start = try manager.startOffset(ofParagraphAt: 8)
    try manager.setAttributes(in: start..<(start + 9)) { $0.isBold = true }
    #expect(try Self.runs(view).map(\.1).last == 0..<9)
    // Deleting a paragraph whole takes its attributes with it.
    try manager.replaceParagraphs(in: 8..<9, with: [])
    #expect(try Self.runs(view).map(\.0) == [3, 3, 3])
    #expect(layout.renderingAttributeStore.paragraphs.count == 1)
    #expect(layout.checkRenderingAttributeInvariants() == [])
  }

  /// A store-backed manager releases paragraph objects and builds them again with the same
  /// identifiers: the attributes, kept by identifier, are found on the rebuilt paragraph.
  @Test func attributesSurviveTheReleaseAndRebuildingOfTheirParagraph() throws {
    let view = Self.view(2_000, backend: .stored)
    let manager = view.textContentManager
    weak let original = manager.paragraph(at: 5)
    let identifier = try #require(original?.identifier)
    try view.textLayoutManager.setRenderingAttributes(
      [.backgroundColor: Self.yellow],
      for: TextRange(
        location: TextLocation(elementIdentifier: identifier, offset: 1),
        end: TextLocation(elementIdentifier: identifier, offset: 4)))
    let released = manager.paragraphsReleased
    view.textLayoutManager.fragmentRetentionLimit = 0  // fragments hold their paragraphs: keep none
    view.scroll(toY: 30_000)
    view.scroll(toY: 0)
    #expect(manager.paragraphsReleased > released)
    #expect(original == nil, "the paragraph object was released")
    #expect(manager.paragraph(at: 5)?.identifier == identifier)
    let found = try Self.runs(view)
    #expect(found.map(\.0) == [5])
    #expect(found.map(\.1) == [1..<4])
  }

  @Test(arguments: Backend.allCases)
  func theValidatorRunsForEachFragmentAPassShowsUntilInvalidated(backend: Backend) throws {
    let view = Self.view(200, backend: backend)
    let layout = view.textLayoutManager
    var validated: [Int64] = []
    layout.renderingAttributesValidator = { manager, fragment in
      validated.append(fragment.textParagraph.identifier)
      // What TextKit's discussion describes: the validator sets the fragment's attributes.
      let paragraph = fragment.textParagraph
      try? manager.setRenderingAttributes(
        [.foregroundColor: Self.blue],
        for: TextRange(
          location: TextLocation(paragraph: paragraph, offset: 0), end: TextLocation(paragraph: paragraph, offset: 1)))
    }
    // The fragments already validated (none: no validator was set) are valid; new ones are not.
    view.scroll(toY: 2_000)
    let shown = view.textViewportLayoutController.configuredFragments.map(\.fragment.textParagraph.identifier)
    #expect(!shown.isEmpty)
    #expect(Set(validated) == Set(shown))
    #expect(validated.count == Set(validated).count)
    // Another pass over the same fragments validates nothing.
    validated.removeAll()
    view.layoutViewport()
    #expect(validated.isEmpty)
    // Invalidating a range validates its fragments at the next pass, and only them.
    let manager = view.textContentManager
    let first = try #require(view.textViewportLayoutController.configuredFragments.first).paragraphIndex
    try layout.invalidateRenderingAttributes(for: Self.range(manager, (first + 1, 0), (first + 2, 0)))
    view.layoutViewport()
    let expected = try [first + 1, first + 2].map { try #require(manager.paragraph(at: $0)).identifier }
    #expect(validated == expected)
    var foreground = 0
    try layout.enumerateRenderingAttributes(from: manager.documentRange.location, reverse: false) { _, attributes, _ in
      if attributes[.foregroundColor] == Self.blue { foreground += 1 }
      return true
    }
    #expect(foreground == Set(shown).count)
  }
}
