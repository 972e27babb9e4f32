import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

@Suite struct TextContentStorageTests {
  private func storage(_ paragraphs: [String]) -> TextContentStorage {
    TextContentStorage(AttributedText(paragraphs.joined(separator: "\n")))
  }

  private func paragraphs(_ storage: TextContentStorage) -> [TextParagraph] {
    (0..<storage.paragraphCount).compactMap { storage.paragraph(at: $0) }
  }

  @Test func splitsTextIntoParagraphsAtNewlines() {
    let storage = storage(["one", "two\u{2028}still two", "three"])
    #expect(storage.paragraphCount == 3)
    #expect(paragraphs(storage).map(\.attributedString.string) == ["one", "two\u{2028}still two", "three"])
    #expect(storage.length == 3 + 1 + 13 + 1 + 5)
  }

  @Test func editingOneCharacterReplacesOnlyThatParagraph() throws {
    let storage = storage(["alpha", "beta", "gamma"])
    let before = paragraphs(storage)
    try storage.replaceCharacters(in: 7..<7, with: "X")  // inside "beta"
    let after = paragraphs(storage)
    #expect(after.map(\.attributedString.string) == ["alpha", "bXeta", "gamma"])
    #expect(after[0] === before[0])
    #expect(after[1] !== before[1])
    #expect(after[2] === before[2])
    #expect(!before[1].isInDocument)
  }

  @Test func splittingReplacesOneParagraphWithTwo() throws {
    let storage = storage(["alpha", "beta", "gamma"])
    let before = paragraphs(storage)
    try storage.replaceCharacters(in: 8..<8, with: "\n")
    let after = paragraphs(storage)
    #expect(after.map(\.attributedString.string) == ["alpha", "be", "ta", "gamma"])
    #expect(after[0] === before[0] && after[3] === before[2])
    #expect(after[1] !== before[1] && after[2] !== before[1])
  }

  @Test func mergingReplacesTwoParagraphsWithOne() throws {
    let storage = storage(["alpha", "beta", "gamma", "delta"])
    let before = paragraphs(storage)
    try storage.replaceCharacters(in: 10..<11, with: "")  // the \n after "beta"
    let after = paragraphs(storage)
    #expect(after.map(\.attributedString.string) == ["alpha", "betagamma", "delta"])
    #expect(after[0] === before[0] && after[2] === before[3])
  }

  @Test func badEditsThrowAndChangeNothing() throws {
    let storage = storage(["alpha", "beta"])
    let before = paragraphs(storage)
    #expect(throws: TextEditError.offsetOutOfRange(offset: 99, length: 10)) {
      try storage.replaceCharacters(in: 99..<99, with: "x")
    }
    #expect(throws: TextEditError.offsetOutOfRange(offset: -1, length: 10)) {
      try storage.replaceCharacters(in: -1..<0, with: "x")
    }
    let stale = TextLocation(paragraph: before[1], offset: 1)
    try storage.replaceCharacters(in: 6..<6, with: "B")  // replaces "beta"
    let afterFirstEdit = paragraphs(storage)
    #expect(throws: TextEditError.staleLocation) {
      try storage.replaceCharacters(in: TextRange(location: stale), with: "x")
    }
    let alpha = TextLocation(paragraph: afterFirstEdit[0], offset: 3)
    #expect(throws: TextEditError.invertedRange) {
      try storage.replaceCharacters(
        in: TextRange(location: alpha, end: TextLocation(paragraph: afterFirstEdit[0], offset: 1)), with: "x")
    }
    #expect(throws: TextEditError.offsetOutOfRange(offset: 9, length: 5)) {
      try storage.replaceCharacters(
        in: TextRange(location: TextLocation(paragraph: afterFirstEdit[0], offset: 9)), with: "x")
    }
    #expect(zip(paragraphs(storage), afterFirstEdit).allSatisfy { $0 === $1 })
    #expect(paragraphs(storage).map(\.attributedString.string) == ["alpha", "Bbeta"])
  }

  @Test func locationsAndOffsetsRoundTrip() throws {
    let storage = storage(["ab", "", "cde"])
    for offset in 0...storage.length {
      let location = try storage.location(at: offset)
      #expect(try storage.offset(of: location) == offset)
    }
    #expect(storage.paragraph(for: try storage.location(at: 3)) === storage.paragraph(at: 1))
    #expect(try storage.location(at: 4).offset == 0)
  }

  @Test func enumerationStopsEarlyAndHonoursTheDelegate() {
    let storage = storage(["a", "b", "c", "d"])
    var seen: [String] = []
    storage.enumerateTextElements { element in
      seen.append((element as! TextParagraph).attributedString.string)
      return seen.count < 2
    }
    #expect(seen == ["a", "b"])
    let hider = Hider(hidden: ["b", "c"])
    storage.delegate = hider
    seen = []
    storage.enumerateTextElements { element in
      seen.append((element as! TextParagraph).attributedString.string)
      return true
    }
    #expect(seen == ["a", "d"])
  }

  @Test func anAttachmentInsertedAgainIsTheSameObjectInBothPlaces() throws {
    let sticker = Fixtures.sticker()
    let storage = TextContentStorage(AttributedText(attachment: sticker))
    try storage.replaceCharacters(in: 1..<1, with: AttributedText(attachment: sticker))
    let attachments = storage.paragraph(at: 0)!.attributedString.attachments
    #expect(attachments.count == 2)
    #expect(attachments[0] === sticker && attachments[1] === sticker, "no copy: one object, two occurrences")
    #expect(storage.occurrenceCount(of: sticker.identity) == 2)
    // Moving an attachment within one edit (delete and insert together) keeps the object.
    try storage.replaceCharacters(in: 0..<2, with: AttributedText(attachment: sticker))
    #expect(storage.paragraph(at: 0)!.attributedString.attachments.first === sticker)
    #expect(storage.occurrenceCount(of: sticker.identity) == 1)
  }

  @Test func keystrokeAtAMillionParagraphsVisitsFewIndexNodes() throws {
    let storage = TextContentStorage(paragraphs: (0..<1_000_000).map { (AttributedText("p\($0)"), [:]) })
    let before = storage.indexNodesVisited
    try storage.replaceCharacters(in: 3_000_000..<3_000_000, with: "x")
    let visited = storage.indexNodesVisited - before
    #expect(visited > 0 && visited < 400, "a keystroke visited \(visited) index nodes")
  }

  @Test func aKeystrokeInsideAHugePastedBlockStaysLogarithmic() throws {
    let storage = TextContentStorage(paragraphs: (0..<1_000).map { (AttributedText("p\($0)"), [:]) })
    // One paste of 30,000 paragraphs lands in one block ("p3" is split around it).
    let paste = AttributedText((0..<30_000).map { "q\($0)" }.joined(separator: "\n"))
    try storage.replaceCharacters(in: 10..<10, with: paste)
    #expect(storage.releaseUnheldParagraphsNow() > 29_000)
    let source = try #require(storage.source as? InMemoryTextContentSource)
    let (visited, queries) = (source.treeNodesVisited, storage.sourceQueries)
    // A keystroke deep inside it, by offset, with its paragraph released: found and rebuilt
    // through the block's tree, not by walking the block.
    let offset = try storage.startOffset(ofParagraphAt: 20_000)
    try storage.replaceCharacters(in: (offset + 1)..<(offset + 1), with: "x")
    #expect(storage.paragraph(at: 20_000)?.attributedString.string == "qx19997")
    let nodes = source.treeNodesVisited - visited
    #expect(nodes > 0 && nodes < 1_500, "the keystroke visited \(nodes) of the block's 30,000 nodes")
    #expect(storage.sourceQueries - queries < 8)
    #expect(storage.checkInvariants() == [])
  }
}
