import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// Opening storage from ready-made paragraphs (a transcript): the contents are kept as given and
/// made into paragraph objects a chunk at a time, numbered in document order whatever the order
/// they are made in, with every attachment registered from the start.
@Suite struct BulkLoadTests {
  private func contents(_ count: Int) -> [(AttributedText, [String: String])] {
    (0..<count).map { index in
      let text =
        index % 3 == 0
        ? AttributedText("é \(index) ").appending(AttributedText(attachment: TextAttachment()))
        : AttributedText("message \(index)")
      return (text, ["n": String(index)])
    }
  }

  @Test func openingMakesNoParagraphObjects() {
    let given = contents(2_000)
    let storage = TextContentStorage(paragraphs: given)
    #expect(storage.paragraphCount == given.count)
    #expect(storage.length == given.reduce(0) { $0 + $1.0.length } + given.count - 1)
    #expect(storage.paragraphsMadeFromContents == 0)
    // One run node per chunk of 64 given paragraphs.
    #expect(storage.builtParagraphCount == (given.count + 63) / 64)
    _ = storage.paragraph(at: 1_000)
    #expect(storage.paragraphsMadeFromContents == 64)
  }

  @Test func aViewOnManyGivenParagraphsMakesOnlyTheChunksItLaysOut() throws {
    let storage = Fixtures.chat(paragraphs: 200_000, stickerEvery: 3)
    let view = Fixtures.view(storage)
    view.scrollToBottom()
    try view.scroll(toParagraphAt: 100_000, position: .top)
    // Two screenfuls and their margins, a few chunks of 64 each: not 200,000.
    #expect(storage.paragraphsMadeFromContents > 0)
    #expect(storage.paragraphsMadeFromContents <= 8 * 64, "\(storage.paragraphsMadeFromContents) made")
  }

  @Test func paragraphsAreMadeAndNumberedInDocumentOrder() throws {
    let given = contents(2_000)
    let storage = TextContentStorage(paragraphs: given)
    // Made out of order: the end first, then a middle chunk.
    _ = storage.paragraph(at: 1_999)
    _ = storage.paragraph(at: 700)
    var previous: TextParagraph?
    for index in 0..<given.count {
      let paragraph = try #require(storage.paragraph(at: index))
      #expect(paragraph.attributedString.string == given[index].0.string)
      #expect(paragraph.paragraphAttributes == given[index].1)
      #expect(storage.index(of: paragraph) == index)
      if let previous { #expect(paragraph.serial == previous.serial + 1) }
      previous = paragraph
    }
    #expect(storage.builtParagraphCount == given.count)
    #expect(storage.paragraphsMadeFromContents == given.count)
  }

  @Test func anOffsetInsideAChunkNotYetMadeFindsItsParagraph() throws {
    let given = contents(1_000)
    var offset = 0
    for index in 0..<700 { offset += given[index].0.length + 1 }
    let storage = TextContentStorage(paragraphs: given)
    // Start offsets come from the given lengths: nothing is made for them.
    var start = 0
    for index in 0..<1_000 {
      #expect(try storage.startOffset(ofParagraphAt: index) == start)
      start += given[index].0.length + 1
    }
    #expect(storage.paragraphsMadeFromContents == 0)
    let location = try storage.location(at: offset + 2)
    #expect(storage.index(of: location) == 700)
    #expect(location.offset == 2)
    #expect(try storage.offset(of: location) == offset + 2)
    #expect(storage.paragraphsMadeFromContents == 64)
  }

  @Test func anAttachmentGivenTwiceIsMadeACopyTheSecondTime() throws {
    let shared = TextAttachment()
    var given = contents(200)
    given[10].0 = AttributedText("a").appending(AttributedText(attachment: shared))
    given[150].0 = AttributedText(attachment: shared).appending(AttributedText(attachment: shared))
    let storage = TextContentStorage(paragraphs: given)
    // The later chunk is made first: its occurrences are still the copies.
    let later = try #require(storage.paragraph(at: 150)).attributedString.attachments
    let first = try #require(storage.paragraph(at: 10)).attributedString.attachments
    #expect(first.count == 1 && first[0] === shared)
    #expect(later.count == 2 && later.allSatisfy { $0 !== shared } && later[0] !== later[1])
    #expect(later.allSatisfy { storage.contains($0) })
  }

  @Test func attachmentsAreRegisteredOnceEach() throws {
    let given = contents(300)
    let storage = TextContentStorage(paragraphs: given)
    for (text, _) in given {
      for attachment in text.attachments { #expect(storage.contains(attachment)) }
    }
    // The same contents again (the same attachment objects) go in as copies.
    try storage.replaceParagraphs(0..<0, with: Array(given.prefix(3)))
    let copied = try #require(storage.paragraph(at: 0)?.attributedString.attachments.first)
    #expect(copied !== given[0].0.attachments.first)
  }
}

extension AttributedText {
  fileprivate func appending(_ other: AttributedText) -> AttributedText {
    var copy = self
    copy.append(other)
    return copy
  }
}
