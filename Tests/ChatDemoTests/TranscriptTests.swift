import ChatDemoCore
import Foundation
import ReuseKitTestSupport
import Testing

@Suite struct TranscriptTests {
  @Test func jsonRoundTripsMessagesAndParts() throws {
    let transcript = Transcript(messages: [
      ChatMessage(from: "ana", time: "09:00", parts: [.text("Happy birthday "), .sticker("party"), .text(" see you")]),
      ChatMessage(from: "ben", text: "two\nlines"),
      ChatMessage(from: "me", parts: [.sticker("heart")]),
    ])
    let decoded = try Transcript(jsonData: try transcript.jsonData())
    #expect(decoded == transcript)
    #expect(decoded.stickerCount == 2 && decoded.messages[2].isStickerOnly)
  }

  @Test func corruptTranscriptsGiveClearErrors() {
    let cases: [(String, String)] = [
      ("{\"messages\": [", "malformed JSON"),
      ("[1, 2]", "expected an object with a \"messages\" array"),
      ("{\"messages\": [{\"text\": \"hi\"}]}", "message 0 has no \"from\" string"),
      ("{\"messages\": [{\"from\": \"a\", \"text\": \"ok\"}, {\"from\": \"b\", \"parts\": [3]}]}", "message 1, part 0"),
      ("{\"messages\": [{\"from\": \"a\"}]}", "message 0 needs \"text\" or a \"parts\" array"),
    ]
    for (json, expected) in cases {
      let error = #expect(throws: TranscriptError.self) { try Transcript(jsonData: Data(json.utf8)) }
      #expect(error?.reason.contains(expected) == true, "\(error?.reason ?? "no error") should mention \(expected)")
    }
  }

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

  @Test func theGeneratorIsDeterministicForASeed() {
    let a = TranscriptGenerator(messages: 300, seed: 9).generate()
    let b = TranscriptGenerator(messages: 300, seed: 9).generate()
    let c = TranscriptGenerator(messages: 300, seed: 10).generate()
    #expect(a == b && a != c)
    #expect(a.stickerCount == 100)
    let lengths = a.messages.map(\.length)
    #expect(Double(lengths.reduce(0, +)) / Double(lengths.count) > 65)
  }

  @Test func theSampleTranscriptHasTwoHundredMessagesAndSixtyStickers() throws {
    let sample = try TranscriptFile.load(RepositoryAssets.transcripts.appendingPathComponent("sample.json"))
    #expect(sample.messages.count >= 200)
    #expect(sample.stickerCount >= 60)
  }
}
