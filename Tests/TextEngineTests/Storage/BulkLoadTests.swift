import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// Opening storage from ready-made paragraphs (a transcript): the contents are kept as given in an
/// in-memory source, read in blocks, and built into paragraph objects a window at a time, with
/// identifiers in document order whatever the order they are built in, and every attachment
/// registered from the start.
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
    #expect(storage.paragraphsBuilt == 0)
    // One run node per block of given paragraphs.
    let block = InMemoryTextContentSource.blockSize
    #expect(storage.paragraphs.nodeCount == (given.count + block - 1) / block)
    _ = storage.paragraph(at: 1_000)
    #expect(storage.paragraphsBuilt == storage.paragraphsPerRead, "one window, centred on it")
    #expect(storage.checkInvariants() == [])
  }

  @Test func aViewOnManyGivenParagraphsBuildsOnlyTheWindowsItLaysOut() throws {
    let storage = Fixtures.chat(paragraphs: 200_000, stickerEvery: 3)
    let view = Fixtures.view(storage)
    view.scrollToBottom()
    try view.scroll(toParagraphAt: 100_000, position: .top)
    // Two screenfuls and their margins, in whole read windows: a few hundred, not 200,000.
    #expect(storage.paragraphsBuilt > 0)
    #expect(storage.paragraphsBuilt <= 400, "\(storage.paragraphsBuilt) built")
    #expect(storage.checkInvariants() == [])
  }

  @Test func paragraphsAreBuiltWithIdentifiersInDocumentOrder() throws {
    let given = contents(2_000)
    let storage = TextContentStorage(paragraphs: given)
    // Built out of order: the end first, then a middle window.
    _ = storage.paragraph(at: 1_999)
    _ = storage.paragraph(at: 700)
    var previous: TextParagraph?
    for index in 0..<given.count {
      let paragraph = try #require(storage.paragraph(at: index))
      #expect(paragraph.attributedString.string == given[index].0.string)
      #expect(paragraph.paragraphAttributes == given[index].1)
      #expect(storage.index(of: paragraph) == index)
      // Given paragraphs take consecutive process-wide serials: identifiers count down by one.
      if let previous { #expect(paragraph.identifier == previous.identifier - 1) }
      previous = paragraph
    }
    #expect(storage.paragraphs.nodeCount == given.count)
    #expect(storage.paragraphsBuilt == given.count)
    #expect(storage.checkInvariants() == [])
  }

  @Test func anOffsetInsideABlockNotYetBuiltFindsItsParagraph() throws {
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
    #expect(storage.paragraphsBuilt == 0)
    let location = try storage.location(at: offset + 2)
    #expect(storage.index(of: location) == 700)
    #expect(location.offset == 2)
    #expect(try storage.offset(of: location) == offset + 2)
    #expect(storage.paragraphsBuilt == storage.paragraphsPerRead)
  }

  @Test func anAttachmentGivenInSeveralPlacesIsThatObjectInEach() throws {
    let shared = TextAttachment()
    var given = contents(200)
    given[10].0 = AttributedText("a").appending(AttributedText(attachment: shared))
    given[150].0 = AttributedText(attachment: shared).appending(AttributedText(attachment: shared))
    let storage = TextContentStorage(paragraphs: given)
    #expect(storage.occurrenceCount(of: shared.identity) == 3, "counted at open, nothing built")
    // The later paragraph is built first: its occurrences are the object itself, as given.
    let later = try #require(storage.paragraph(at: 150)).attributedString.attachments
    let first = try #require(storage.paragraph(at: 10)).attributedString.attachments
    #expect(first.count == 1 && first[0] === shared)
    #expect(later.count == 2 && later.allSatisfy { $0 === shared })
    #expect(storage.contains(shared) && storage.occurrenceCount(of: shared.identity) == 3)
    // Released and built again, the paragraphs hand back the same object.
    #expect(storage.releaseUnheldParagraphsNow() > 0)
    #expect(storage.occurrenceCount(of: shared.identity) == 3)
    #expect(storage.paragraph(at: 150)?.attributedString.attachments.allSatisfy { $0 === shared } == true)
    #expect(storage.paragraph(at: 10)?.attributedString.attachments.first === shared)
    #expect(storage.checkInvariants(readingSource: true) == [])
  }

  @Test func attachmentsAreCountedOncePerOccurrence() throws {
    let given = contents(300)
    let storage = TextContentStorage(paragraphs: given)
    for (text, _) in given {
      for attachment in text.attachments {
        #expect(storage.contains(attachment) && storage.occurrenceCount(of: attachment.identity) == 1)
      }
    }
    // The same contents again (the same attachment objects) go in as they are: a second occurrence each.
    try storage.replaceParagraphs(0..<0, with: Array(given.prefix(3)))
    let again = try #require(storage.paragraph(at: 0)?.attributedString.attachments.first)
    #expect(again === given[0].0.attachments.first)
    #expect(storage.occurrenceCount(of: again.identity) == 2)
    #expect(storage.checkInvariants(readingSource: true) == [])
  }
}

extension AttributedText {
  fileprivate func appending(_ other: AttributedText) -> AttributedText {
    var copy = self
    copy.append(other)
    return copy
  }
}

/// Paragraphs in memory that nothing holds go back to being runs, so that jumping around a large
/// document does not build it all; locations into released paragraphs still resolve.
@Suite struct GivenParagraphReleaseTests {
  private func jumpAround(_ view: TextView, count: Int, jumps: Int = 400) throws {
    // Spread over the document, in no order (104,729 is prime).
    for jump in 1...jumps { try view.scroll(toParagraphAt: jump * 104_729 % count, position: .center) }
  }

  @Test func jumpingAroundKeepsTheParagraphsMadeBounded() throws {
    let storage = Fixtures.chat(paragraphs: 200_000, stickerEvery: 3)
    let view = Fixtures.view(storage)
    try jumpAround(view, count: storage.paragraphCount)
    // 400 jumps built a few hundred windows; most went back to runs. What stays is what the
    // retained fragments and the view hold, plus the sweep's slack and one read window.
    #expect(storage.paragraphsBuilt > 10_000)
    #expect(storage.paragraphsReleased > 5_000)
    let live = storage.paragraphsBuilt - storage.paragraphsReleased
    #expect(live < storage.releaseSlack + storage.paragraphsPerRead + 3 * view.textLayoutManager.fragmentRetentionLimit)
    #expect(storage.checkInvariants() == [])
  }

  @Test func aLocationIntoAReleasedParagraphStillResolves() throws {
    let storage = Fixtures.chat(paragraphs: 100_000)
    let view = Fixtures.view(storage)
    try view.scroll(toParagraphAt: 500, position: .center)
    let location = try #require(storage.paragraph(at: 500).map { TextLocation(paragraph: $0, offset: 3) })
    let identifier = location.elementIdentifier
    let text = storage.paragraph(at: 500)?.attributedString.string
    let original = try #require(storage.paragraph(at: 500).map(ObjectIdentifier.init))
    try jumpAround(view, count: storage.paragraphCount)
    // Released: the location's paragraph object is gone, so it resolves by identifier.
    #expect(location.cachedParagraph == nil)
    #expect(storage.index(of: location) == 500)
    let rebuilt = try #require(storage.paragraph(for: location))
    #expect(ObjectIdentifier(rebuilt) != original)
    #expect(rebuilt.identifier == identifier)
    #expect(rebuilt.attributedString.string == text)
    #expect(try storage.offset(of: location) == storage.startOffset(ofParagraphAt: 500) + 3)
  }

  @Test func heldParagraphsStayAndEditedOnesAreBuiltAgainFromTheSource() throws {
    let storage = Fixtures.chat(paragraphs: 100_000)
    let view = Fixtures.view(storage)
    try view.scroll(toParagraphAt: 1_000, position: .center)
    let held = try #require(storage.paragraph(at: 1_000))
    let edited = try #require(storage.paragraph(at: 1_100))
    let editedLocation = TextLocation(paragraph: edited, offset: 0)
    let firstCharacter = TextRange(location: editedLocation, end: TextLocation(paragraph: edited, offset: 1))
    try storage.replaceCharacters(in: firstCharacter, with: AttributedText("X"))
    weak let released = storage.paragraph(at: 1_100)
    let identifier = try #require(released?.identifier)
    let text = try #require(released?.attributedString.string)
    try jumpAround(view, count: storage.paragraphCount)
    #expect(storage.paragraphsReleased > 0)
    #expect(storage.paragraph(at: 1_000) === held, "a held paragraph is never released")
    // The edited paragraph lives in the source now: released, it is built again, equal.
    #expect(released == nil)
    let rebuilt = try #require(storage.paragraph(at: 1_100))
    #expect(rebuilt.identifier == identifier && rebuilt.attributedString.string == text)
    #expect(storage.index(of: TextLocation(elementIdentifier: identifier, offset: 0)) == 1_100)
    // The paragraph the edit replaced left the document.
    #expect(storage.index(of: editedLocation) == nil)
    #expect(storage.checkInvariants() == [])
  }

  @Test func aLocationByIdentifierSurvivesEditsInsideItsBlock() throws {
    let chunk = InMemoryTextContentSource.blockSize
    let storage = Fixtures.chat(paragraphs: 4 * chunk)
    // Identifier-only locations (as a provider or a saved selection holds them) in the second block.
    let identifiers = (chunk..<(2 * chunk)).compactMap { storage.paragraph(at: $0)?.identifier }
    let locations = identifiers.map { TextLocation(elementIdentifier: $0, offset: 0) }
    // Merge two paragraphs in the middle of the block, then delete the block's first paragraph's
    // text and separator (which replaces it and the next one with their merge).
    let merged = chunk + 5
    let end = try storage.startOffset(ofParagraphAt: merged + 1)
    let separator = TextRange(location: try storage.location(at: end - 1), end: try storage.location(at: end))
    try storage.replaceCharacters(in: separator, with: AttributedText())
    let first = try storage.startOffset(ofParagraphAt: chunk)
    let second = try storage.startOffset(ofParagraphAt: chunk + 1)
    let firstParagraph = TextRange(location: try storage.location(at: first), end: try storage.location(at: second))
    try storage.replaceCharacters(in: firstParagraph, with: AttributedText())
    // The edited paragraphs left the document; every other one is found where it now is.
    for (offset, location) in locations.enumerated() {
      let index = storage.index(of: location)
      switch chunk + offset {
      case chunk, chunk + 1, merged, merged + 1: #expect(index == nil, "paragraph \(chunk + offset)")
      case let original where original < merged: #expect(index == original - 1, "paragraph \(original)")
      case let original: #expect(index == original - 2, "paragraph \(original)")
      }
      if let index { #expect(storage.paragraph(at: index)?.identifier == location.elementIdentifier) }
    }
    #expect(storage.index(of: TextLocation(elementIdentifier: .min, offset: 0)) == nil)
    #expect(storage.index(of: TextLocation(elementIdentifier: .max, offset: 0)) == nil)
  }
}

extension BulkLoadTests {
  @Test func anAttachmentOnAnyCharacterIsRegistered() throws {
    // An attachment attribute on plain ASCII text, not on U+FFFC: still one of the document's.
    let attachment = TextAttachment()
    let storage = TextContentStorage(paragraphs: [
      (AttributedText("plain"), [:]), (AttributedText("a", attributes: TextAttributes(attachment: attachment)), [:]),
    ])
    #expect(storage.contains(attachment))
    let again = AttributedText("b", attributes: TextAttributes(attachment: attachment))
    try storage.replaceParagraphs(0..<0, with: [(again, [:])])
    #expect(storage.paragraph(at: 0)?.attributedString.attachments.first === attachment)
    #expect(storage.occurrenceCount(of: attachment.identity) == 2)
  }
}
