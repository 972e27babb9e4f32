import ReuseKitSupport
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// The content manager's Unicode scalar offsets (what AT-SPI counts), against a model of strings:
/// emoji with skin tones, ZWJ families, flags, CJK and combining marks, through random edits, on
/// the in-memory document and on an external source, with nothing built to answer.
@Suite struct ScalarOffsetTests {
  /// Texts whose characters are several scalars each, and some of one.
  static let pieces = ["", "a", "👍🏽", "👨‍👩‍👧", "🇯🇵x", "日本\n語", "\n", "xyz", "café"]

  /// The model's answers: the scalar offset each paragraph starts at, and the total.
  private static func starts(_ model: [String]) -> (starts: [Int], total: Int) {
    var starts: [Int] = []
    var offset = 0
    for paragraph in model {
      starts.append(offset)
      offset += paragraph.unicodeScalars.count + 1
    }
    return (starts, offset - 1)
  }

  @Test(arguments: Backend.allCases, [3, 4] as [UInt64])
  func scalarOffsetsMatchAModelThroughRandomEdits(backend: Backend, seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var model = (0..<200).map { $0 % 7 == 0 ? "e\u{301}clair \($0) 👍🏽" : "line \($0)" }
    let manager = backend.manager(model.map { (AttributedText($0), [:]) })
    manager.releaseSlack = 8
    manager.paragraphsPerRead = 5
    for step in 0..<300 {
      let text = model.joined(separator: "\n")
      switch random.next(below: 5) {
      case 0, 1:
        let length = text.count
        let from = random.next(below: length + 1)
        let to = min(length, from + random.next(below: 6))
        let insert = Self.pieces[random.next(below: Self.pieces.count)]
        try manager.replaceCharacters(in: from..<to, with: AttributedText(insert))
        var whole = Array(text)
        whole.replaceSubrange(from..<to, with: Array(insert))
        model = String(whole).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      case 2:
        let index = random.next(below: model.count + 1)
        try manager.insertParagraphs([(AttributedText("n\u{308}ew 🇫🇷 \(step)"), [:])], at: index)
        model.insert("n\u{308}ew 🇫🇷 \(step)", at: index)
      case 3:
        manager.releaseUnheldParagraphsNow()
      default:
        // Scalar queries: the first one counts the blocks; later edits keep the sums.
        let (starts, total) = Self.starts(model)
        #expect(try manager.scalarLength() == total, "step \(step)")
        for _ in 0..<8 {
          let offset = random.next(below: total + 1)
          let index = (starts.lastIndex { $0 <= offset })!
          let found = try manager.paragraph(containingScalar: offset)
          #expect(found.index == index && found.start == starts[index], "step \(step), scalar \(offset)")
          let paragraph = random.next(below: model.count)
          #expect(try manager.startScalarOffset(ofParagraphAt: paragraph) == starts[paragraph], "step \(step)")
        }
      }
      let violations = manager.checkInvariants(readingSource: true)
      #expect(violations.isEmpty, "step \(step): \(violations)")
      if !violations.isEmpty { break }
    }
    let (_, total) = Self.starts(model)
    #expect(try manager.scalarLength() == total)
    #expect(try manager.paragraph(containingScalar: total).index == model.count - 1)
    #expect(throws: TextEditError.offsetOutOfRange(offset: total + 1, length: total)) {
      try manager.paragraph(containingScalar: total + 1)
    }
    #expect(throws: TextEditError.self) { try manager.startScalarOffset(ofParagraphAt: model.count) }
  }

  @Test func anEmptyDocumentHasNoScalarsAndOneParagraph() throws {
    let manager = TextContentStorage()
    #expect(try manager.scalarLength() == 0)
    #expect(try manager.paragraph(containingScalar: 0) == (0, 0))
    try manager.replaceCharacters(in: 0..<0, with: AttributedText("👨‍👩‍👧\nb"))
    #expect(try manager.scalarLength() == 7)
    #expect(try manager.paragraph(containingScalar: 6) == (1, 6))
    #expect(manager.checkInvariants(readingSource: true) == [])
  }

  /// Answering builds no paragraph, and each answer reads at most one block's scalar lengths.
  @Test(arguments: Backend.allCases)
  func scalarQueriesBuildNothingAndReadOneBlockAtMost(backend: Backend) throws {
    let model = (0..<20_000).map { $0 % 3 == 0 ? "message \($0) 👍🏽" : "message \($0)" }
    let manager = backend.manager(model.map { (AttributedText($0), [:]) })
    let (starts, total) = Self.starts(model)
    #expect(try manager.scalarLength() == total)
    let built = manager.paragraphsBuilt
    let queries = manager.sourceQueries
    var random = SplitMix64(seed: 9)
    for _ in 0..<100 {
      let index = random.next(below: model.count)
      let offset = starts[index] + random.next(below: model[index].unicodeScalars.count + 1)
      #expect(try manager.paragraph(containingScalar: offset) == (index, starts[index]))
      #expect(try manager.startScalarOffset(ofParagraphAt: index) == starts[index])
    }
    #expect(manager.paragraphsBuilt == built, "scalar offsets build no paragraph")
    #expect(manager.sourceQueries - queries <= 100, "one block read per query at most")
  }
}
