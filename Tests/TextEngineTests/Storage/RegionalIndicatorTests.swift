import Testing

@testable import TextEngine

/// Flags pair regional indicators from the start of a run of them, so appending can merge
/// characters that one character on each side of the seam does not show.
@Suite struct RegionalIndicatorTests {
  @Test func lengthsStayInStepWithTheStringWhenFlagHalvesPairAcrossTheSeam() {
    let b = "\u{1F1E7}"
    let c = "\u{1F1E8}"
    let d = "\u{1F1E9}"
    let cases: [(String, String)] = [
      (b + c + d, b + c + d), (d, b + c), (d, b + c + d), (b + c, d), (d, d), ("x" + d, b + c + d + "y"), (d, "y"),
    ]
    for (head, tail) in cases {
      var text = AttributedText(head)
      text.append(AttributedText(tail, attributes: TextAttributes(fontScale: 2)))
      #expect(text.length == text.string.count, "\(head.unicodeScalars.count) + \(tail.unicodeScalars.count) scalars")
      #expect(text.runs.map(\.length).reduce(0, +) == text.length)
    }
  }

  @Test func pastingFlagsAfterALoneHalfKeepsTheDocumentConsistent() throws {
    let b = "\u{1F1E7}"
    let c = "\u{1F1E8}"
    let d = "\u{1F1E9}"
    let storage = TextContentStorage(paragraphs: [(AttributedText(b + c + d), [:])])
    _ = try storage.replaceCharacters(in: 2..<2, with: AttributedText(b + c + d))
    let paragraph = try #require(storage.paragraph(at: 0))
    #expect(paragraph.length == paragraph.attributedString.string.count)
    #expect(storage.length == 3)
  }
}
