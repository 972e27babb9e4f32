import CSQLite
import ChatStore
import Foundation
import Instrumentation
import Testing
import TextEngine

/// Issue 23: a full disk never drops an edit silently. Every write fails with `SQLITE_FULL` from
/// some point on (the fault VFS, persistent); each edit is refused as `.storeFull`, said in
/// `lastEditFailure`, `editFailureCount` and an `.error` event; the document, the selection, the
/// undo history and the attachments' sticker ids stay as the store has them; once there is space
/// again, editing works without reopening anything.
@Suite struct StoreDiskFullTests {
  @Test func aFullDiskRefusesEachEditVisiblyAndEditingResumesWhenSpaceComesBack() throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("chat.sqlite")
    do { _ = try fixture.store(StoreFixture.transcript(messages: 80, days: 2), blockCapacity: 16) }
    let vfs = try FaultVFS()
    var original = ""
    do {
      let store = try ChatStore(contentsOf: url, stickers: fixture.stickers, access: .readWrite, vfs: vfs.name)
      let manager = try StoredTextContentManager(source: store)
      let view = TextView(
        storage: manager, viewportSize: CGSize(width: 400, height: 600), glyphMeasurer: FixedAdvanceGlyphMeasurer())
      let start = try manager.startOffset(ofParagraphAt: 40)
      original = try #require(manager.paragraph(at: 40)).attributedString.string
      try view.setSelectedRange(start..<start)
      for character in "saved " { view.insertText(String(character)) }
      #expect(view.editFailureCount == 0)

      // The disk fills.
      vfs.arm(.write, at: 1, error: SQLITE_FULL, persistent: true)
      let before = (manager.length, view.selectedRange, view.canUndo)
      for character in "lost" { view.insertText(String(character)) }
      let sticker = fixture.stickers.make("heart")
      view.insertAttachment(sticker)
      view.appendParagraph(AttributedText("a sent message"), attributes: ["from": "me"])
      view.deleteBackward()
      #expect(view.editFailureCount == 7, "every refused edit is counted")
      guard case .storeFull(let message)? = view.lastEditFailure else {
        Issue.record("expected .storeFull, got \(String(describing: view.lastEditFailure))")
        return
      }
      #expect(message.contains("disk full") && message.contains(url.path), "\(message)")
      #expect("\(view.lastEditFailure!)".hasPrefix("disk full: the edit was not saved"))
      let errors = view.instrumentation.events.filter { $0.kind == .error }
      #expect(errors.count == 7 && errors.allSatisfy { $0.message?.contains("disk full") == true })
      #expect(manager.length == before.0 && view.selectedRange == before.1 && view.canUndo == before.2)
      #expect(sticker.persistentIdentifier == nil, "a refused sticker gets no id the store does not hold")
      #expect(vfs.injected >= 7)

      // Space comes back: the same view, the same store, editing works again.
      vfs.disarm()
      for character in "again" { view.insertText(String(character)) }
      view.insertAttachment(sticker)
      #expect(view.editFailureCount == 7 && view.lastEditFailure == nil)
      #expect(sticker.persistentIdentifier != nil)
      #expect(manager.checkInvariants(readingSource: true) == [])
    }
    // What the store holds: every edit that succeeded, none that failed.
    let reread = try ChatStore(contentsOf: url, stickers: fixture.stickers, access: .readOnly)
    #expect(try reread.integrityCheck() == ["ok"])
    let paragraph = try StoreFixture.paragraphs(of: reread)[40]
    #expect(paragraph.attributedString.string == "saved again\u{FFFC}" + original)
    #expect(try reread.inconsistentBlocks() == [])
  }

  @Test func aCommitThatFailsRollsBackAndTheStoreTakesTheNextEdit() throws {
    let fixture = try StoreFixture()
    let url = fixture.directory.appendingPathComponent("chat.sqlite")
    do { _ = try fixture.store(StoreFixture.transcript(messages: 30, days: 0)) }
    let vfs = try FaultVFS()
    let store = try ChatStore(contentsOf: url, stickers: fixture.stickers, access: .readWrite, vfs: vfs.name)
    let block = try #require(try store.blockSummaries().first)
    vfs.arm(.write, at: 1, error: SQLITE_FULL, persistent: true)
    let element = StoredTextElement(identifier: 0, attributedString: AttributedText("x"), paragraphAttributes: [:])
    let sticker = fixture.stickers.make("heart")
    let withSticker = StoredTextElement(
      identifier: 0, attributedString: AttributedText(attachment: sticker), paragraphAttributes: [:])
    try store.beginTransaction()
    _ = try store.replaceElements(inBlock: block.block, positions: 0..<0, with: [element, withSticker])
    #expect(sticker.persistentIdentifier != nil, "the transaction gave the new sticker an id")
    let error = #expect(throws: ChatStoreError.self) { try store.commitTransaction() }
    #expect(error?.kind == .diskFull && error?.isOutOfSpace == true, "\(String(describing: error))")
    store.rollbackTransaction()
    #expect(sticker.persistentIdentifier == nil, "rolled back, the sticker has no id the store does not hold")
    vfs.disarm()
    try store.beginTransaction()
    _ = try store.replaceElements(inBlock: block.block, positions: 0..<0, with: [element])
    try store.commitTransaction()
    #expect(try store.blockSummaries().first?.count == block.count + 1)
    #expect(try store.inconsistentBlocks() == [])
  }
}
