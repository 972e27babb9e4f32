import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// Opening storage from ready-made paragraphs (a transcript): one node per paragraph, in order,
/// sharing the given contents rather than copying them.
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

  @Test func paragraphsAreMadeAndNumberedInDocumentOrder() throws {
    let given = contents(2_000)
    let storage = TextContentStorage(paragraphs: given)
    #expect(storage.paragraphCount == given.count)
    #expect(storage.builtParagraphCount == given.count)
    var previous: TextParagraph?
    for index in 0..<given.count {
      let paragraph = try #require(storage.paragraph(at: index))
      #expect(paragraph.attributedString.string == given[index].0.string)
      #expect(paragraph.paragraphAttributes == given[index].1)
      #expect(storage.index(of: paragraph) == index)
      if let previous { #expect(paragraph.serial > previous.serial) }
      previous = paragraph
    }
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
