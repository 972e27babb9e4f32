import ChatDemoCore
import ChatKit
import Foundation
import ReuseKitTestSupport
import Testing

@Suite struct TranscriptFileTests {
  @Test func savesAtomicallyAndLeavesNoTemporaryFiles() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let url = directory.appendingPathComponent("chat.json")
    let first = TranscriptGenerator(messages: 20, seed: 4).generate()
    try TranscriptFile.save(first, to: url)
    let second = TranscriptGenerator(messages: 30, seed: 5).generate()
    try TranscriptFile.save(second, to: url)
    #expect(try TranscriptFile.load(url) == second)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["chat.json"])
  }

  @Test func loadingACorruptFileNamesTheFileAndLeavesItAlone() throws {
    let url = RepositoryAssets.temporaryDirectory().appendingPathComponent("broken.json")
    let bytes = Data("{\"messages\": [{\"from\": \"a\", \"text\": \"unterminated".utf8)
    try bytes.write(to: url)
    let error = #expect(throws: TranscriptError.self) { try TranscriptFile.load(url) }
    #expect(error?.description.hasPrefix(url.path) == true)
    #expect(try Data(contentsOf: url) == bytes)
  }

  @Test func aCorruptFileIsNeverTheSaveTarget() throws {
    let url = RepositoryAssets.temporaryDirectory().appendingPathComponent("chat.json")
    let bytes = Data("not json".utf8)
    try bytes.write(to: url)
    let loadFailed = (try? TranscriptFile.load(url)) == nil
    let target = TranscriptFile.saveTarget(for: url, loadFailed: loadFailed)
    #expect(target.lastPathComponent == "chat.recovered.json")
    try TranscriptFile.save(Transcript(messages: [ChatMessage(from: "me", text: "saved")]), to: target)
    #expect(try Data(contentsOf: url) == bytes)
    #expect(try TranscriptFile.load(target).messages.count == 1)
    #expect(TranscriptFile.saveTarget(for: url, loadFailed: false) == url)
  }

  @Test func theSampleTranscriptHasTwoHundredMessagesAndSixtyStickers() throws {
    let sample = try TranscriptFile.load(RepositoryAssets.transcripts.appendingPathComponent("sample.json"))
    #expect(sample.messages.count >= 200)
    #expect(sample.stickerCount >= 60)
  }
}
