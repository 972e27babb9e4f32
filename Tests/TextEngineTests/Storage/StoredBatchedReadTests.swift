import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// A store-backed manager reads paragraphs in windows: showing a viewport takes a handful of
/// element queries to the source, not one per paragraph (the million-element count is in
/// `StoredTextContentManagerTests.openingAMillionElementsBuildsOnlyWhatTheViewportAndItsMarginShow`).
@Suite struct StoredBatchedReadTests {
  @Test func aJumpIntoTheMiddleReadsOneCentredWindowAndKeepsOffsetsExact() throws {
    let source = MemoryTextContentSource.chat(count: 10_000, stickerEvery: 4, blockSize: 500)
    let manager = try StoredTextContentManager(source: source)
    let memory = TextContentStorage(paragraphs: source.allContents)
    let paragraph = try #require(manager.paragraph(at: 4_321))
    #expect(source.counts.elementQueries == 1)
    #expect(manager.paragraphsBuilt == manager.paragraphsPerRead)
    #expect(paragraph.attributedString.string == memory.paragraph(at: 4_321)?.attributedString.string)
    // The neighbours read with it (4,305 ..< 4,337) are in place: no further read, exact offsets.
    for index in [4_305, 4_320, 4_322, 4_336] {
      #expect(try manager.startOffset(ofParagraphAt: index) == memory.startOffset(ofParagraphAt: index))
    }
    #expect(manager.paragraph(at: 4_310)?.attributedString.string == "message 4310")
    #expect(source.counts.elementQueries == 1, "all in the window")
    // Either side of it, offsets come from the source's lengths: exact, and nothing is read.
    for index in [4_304, 4_337, 9_999] {
      #expect(try manager.startOffset(ofParagraphAt: index) == memory.startOffset(ofParagraphAt: index))
    }
    #expect(source.counts.elementQueries == 1)
    // Building them, a read fills the run's end, one read each.
    for index in [4_304, 4_337, 9_999] {
      #expect(
        manager.paragraph(at: index)?.attributedString.string == memory.paragraph(at: index)?.attributedString.string)
    }
    #expect(source.counts.elementQueries == 4)
  }

  @Test func aWindowNeverCrossesItsBlock() throws {
    let source = MemoryTextContentSource.chat(count: 100, blockSize: 10)
    let manager = try StoredTextContentManager(source: source)
    _ = manager.paragraph(at: 15)
    #expect(manager.paragraphsBuilt == 10, "the whole block 10..<20, no more")
    #expect(manager.paragraph(at: 19)?.attributedString.string == "message 19")
    #expect(source.counts.elementQueries == 1)
    manager.paragraphsPerRead = 1
    #expect(manager.paragraph(at: 20)?.attributedString.string == "message 20")
    #expect(manager.paragraphsBuilt == 11)
  }
}
