import ChatStore
import Foundation
import Testing

@Suite struct ChatStoreWriterTests {
  @Test func writingOnTwoThreadsGivesTheSameStoreAsWritingOnOne() throws {
    let fixture = try StoreFixture()
    let transcript = StoreFixture.transcript(messages: 10_000, days: 40)
    let serial = try fixture.store(transcript, name: "serial.sqlite", blockCapacity: 100)
    let url = fixture.directory.appendingPathComponent("concurrent.sqlite")
    let writer = try ChatStoreWriter(creating: url, blockCapacity: 100)
    var reports: [Int] = []
    try writer.append(concurrently: transcript.messages) { reports.append($0) }
    try writer.finish()
    let concurrent = try ChatStore(contentsOf: url, stickers: fixture.stickers)
    #expect(try concurrent.blockSummaries() == serial.blockSummaries())
    #expect(try Array(concurrent.messages()) == transcript.messages)
    #expect(writer.messageCount == 10_000 && writer.stickerCount == transcript.stickerCount)
    #expect(reports.last == 10_000 && reports == reports.sorted())
    #expect(try concurrent.integrityCheck() == ["ok"] && concurrent.inconsistentBlocks() == [])
  }
}
