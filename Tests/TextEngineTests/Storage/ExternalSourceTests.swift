import Foundation
import ReuseKitSupport
import ReuseKitTestSupport
import Testing

// Public API only, as an app writing its own backend sees it: no `@testable`.
@testable import TextEngine

/// A backend written outside the package: the test target's own `MemoryTextContentSource`, a
/// public ``TextContentSource`` conformance, opened with the public initializer, gets every feature
/// of the one engine: editing, undo, release and rebuilding, attachments, and locations.
@Suite struct ExternalSourceTests {
  @Test func aSourceDefinedOutsideThePackageGetsEveryFeature() throws {
    let source = MemoryTextContentSource.chat(count: 2_000, stickerEvery: 5, blockSize: 50)
    let manager = try TextContentManager(source: source)
    let view = Fixtures.view(manager, policy: .onScrollingOutOfViewport)
    view.textLayoutManager.fragmentRetentionLimit = 8
    #expect(manager.checkInvariants() == [])
    // Editing through the view: one source transaction, read back by a new manager.
    let start = try manager.startOffset(ofParagraphAt: 11)
    try view.setSelectedRange((start + 1)..<(start + 1))
    view.insertText("X")
    #expect(manager.paragraph(at: 11)?.attributedString.string == "mXessage 11")
    #expect(try TextContentManager(source: source).paragraph(at: 11)?.attributedString.string == "mXessage 11")
    #expect(manager.checkInvariants() == [])
    // Undo is an edit like any other.
    view.undo()
    #expect(manager.paragraph(at: 11)?.attributedString.string == "message 11")
    #expect(source.counts.transactionsCommitted == 2)
    // Attachments: identified by their stored identifier, so a rebuilt one is the same one.
    weak let stickerParagraph = manager.paragraph(at: 5)
    let sticker = try #require(stickerParagraph?.attributedString.attachments.first)
    let stored = try #require(sticker.persistentIdentifier)
    let location = TextLocation(paragraph: try #require(stickerParagraph), offset: 2)
    let offset = try manager.offset(of: location)
    // Release and rebuilding: scrolled far away, the paragraph goes back into a run.
    for _ in 0..<40 { view.scroll(by: 600) }
    manager.releaseUnheldParagraphsNow()
    #expect(stickerParagraph == nil, "released")
    #expect(manager.contains(sticker), "an attachment in a released paragraph is still in the document")
    #expect(manager.checkInvariants() == [])
    // Locations resolve by identifier through the source, to an equal paragraph.
    #expect(try manager.offset(of: location) == offset)
    let rebuilt = try #require(manager.paragraph(for: location))
    #expect(rebuilt.identifier == location.elementIdentifier)
    let rebuiltSticker = try #require(rebuilt.attributedString.attachments.first)
    #expect(rebuiltSticker !== sticker && rebuiltSticker.persistentIdentifier == stored)
    #expect(manager.contains(rebuiltSticker))
    // Inserting the same attachment again inserts that object: a second occurrence, same identifier.
    try manager.insertParagraphs([(AttributedText(attachment: rebuiltSticker), [:])], at: 0)
    let inserted = try #require(manager.paragraph(at: 0)?.attributedString.attachments.first)
    #expect(inserted === rebuiltSticker && inserted.persistentIdentifier == stored)
    #expect(manager.occurrenceCount(of: rebuiltSticker.identity) == 2)
    // The insertion above moved the location; an edit of its paragraph makes it stale.
    #expect(try manager.offset(of: location) == offset + 2)
    try manager.replaceCharacters(in: (offset + 2)..<(offset + 3), with: AttributedText("Z"))
    #expect(throws: TextEditError.staleLocation) { try manager.offset(of: location) }
    #expect(manager.checkInvariants() == [])
    #expect(view.reuseInvariantViolations().isEmpty)
  }

  /// Random edits, builds, releases and location round trips on the in-memory document and on the
  /// external source, against an array of strings; the manager's invariants after every step.
  @Test(arguments: [Backend.memory, .stored], [7, 8] as [UInt64])
  func randomEditsMatchAModelAndKeepTheInvariants(backend: Backend, seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var model = (0..<300).map { "line \($0)" }
    let manager = backend.manager(model.map { (AttributedText($0), [:]) })
    manager.releaseSlack = 8
    manager.paragraphsPerRead = 5
    func text() -> String { model.joined(separator: "\n") }
    for step in 0..<400 {
      let length = text().count
      switch random.next(below: 6) {
      case 0, 1:
        // A replacement anywhere, sometimes joining or splitting paragraphs.
        let from = random.next(below: length + 1)
        let to = min(length, from + random.next(below: 12))
        let insert = ["", "a", "bc\nd", "\n", "xyz"][random.next(below: 5)]
        try manager.replaceCharacters(in: from..<to, with: AttributedText(insert))
        var whole = Array(text())
        whole.replaceSubrange(from..<to, with: Array(insert))
        model = String(whole).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      case 2:
        let index = random.next(below: model.count + 1)
        try manager.insertParagraphs([(AttributedText("new \(step)"), [:])], at: index)
        if model == [""] { model = ["new \(step)"] } else { model.insert("new \(step)", at: index) }
      case 3:
        let index = random.next(below: model.count)
        #expect(manager.paragraph(at: index)?.attributedString.string == model[index], "step \(step)")
      case 4:
        manager.releaseUnheldParagraphsNow()
      default:
        let offset = random.next(below: length + 1)
        let location = try manager.location(at: offset)
        manager.releaseUnusedParagraphs()
        #expect(try manager.offset(of: location) == offset, "step \(step)")
      }
      let violations = manager.checkInvariants(readingSource: true)
      #expect(violations.isEmpty, "step \(step): \(violations)")
      #expect(manager.paragraphCount == model.count && manager.length == text().count, "step \(step)")
      if violations.isEmpty == false { break }
    }
    #expect(try manager.attributedString(in: 0..<manager.length).string == text())
    #expect(manager.paragraphsReleased > 0)
  }
}
