import ChatDemoCore
import ChatKit
import ChatModel
import Foundation
import ReuseKitTestSupport
import Testing

@testable import ChatDemo

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

  @Test func recoveryFilesNeverOverwriteEachOtherOrTheCorruptFile() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let url = directory.appendingPathComponent("chat.json")
    let bytes = Data("not json".utf8)
    try bytes.write(to: url)
    #expect(throws: TranscriptError.self) { try TranscriptFile.load(url) }
    // Two sessions on the same corrupt file, each saving its own copy.
    let first = Transcript(messages: [ChatMessage(from: "me", text: "first session")])
    let second = Transcript(messages: [ChatMessage(from: "me", text: "second session")])
    let firstURL = try TranscriptFile.saveRecovery(first, for: url)
    let secondURL = try TranscriptFile.saveRecovery(second, for: url)
    #expect(firstURL.lastPathComponent == "chat.recovered-1.json")
    #expect(secondURL.lastPathComponent == "chat.recovered-2.json")
    #expect(try TranscriptFile.load(firstURL) == first)
    #expect(try TranscriptFile.load(secondURL) == second)
    #expect(try Data(contentsOf: url) == bytes)
    #expect(
      try Set(FileManager.default.contentsOfDirectory(atPath: directory.path))
        == ["chat.json", "chat.recovered-1.json", "chat.recovered-2.json"])
  }

  @Test @MainActor func theSaverSendsLaterSavesOfASessionToItsOwnRecoveryFile() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let url = directory.appendingPathComponent("chat.json")
    try Data("{".utf8).write(to: url)
    try Data("taken".utf8).write(to: TranscriptFile.recoveryURL(for: url, number: 1))
    let saver = TranscriptSaver(destination: .recovery(of: url))
    saver.save(TranscriptSnapshot(Transcript(messages: [ChatMessage(from: "me", text: "one")])))
    var outcomes = saver.finish()
    #expect(saver.destination == .file(TranscriptFile.recoveryURL(for: url, number: 2)))
    saver.save(TranscriptSnapshot(Transcript(messages: [ChatMessage(from: "me", text: "two")])))
    outcomes += saver.finish()
    #expect(
      outcomes.map { try? $0.result.get().lastPathComponent } == ["chat.recovered-2.json", "chat.recovered-2.json"])
    #expect(try Data(contentsOf: TranscriptFile.recoveryURL(for: url, number: 1)) == Data("taken".utf8))
    let saved = try TranscriptFile.load(TranscriptFile.recoveryURL(for: url, number: 2))
    #expect(saved.messages.map(\.parts) == [[.text("two")]])
  }

  @Test func savingThroughASymbolicLinkReplacesItsTargetAndKeepsTheLink() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let realDirectory = directory.appendingPathComponent("real")
    try FileManager.default.createDirectory(at: realDirectory, withIntermediateDirectories: true)
    let target = realDirectory.appendingPathComponent("chat.json")
    try TranscriptFile.save(TranscriptGenerator(messages: 3, seed: 1).generate(), to: target)
    let link = directory.appendingPathComponent("link.json")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/chat.json")
    let next = TranscriptGenerator(messages: 5, seed: 2).generate()
    try TranscriptFile.save(next, to: link)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real/chat.json")
    #expect(try TranscriptFile.load(target) == next)
    #expect(try FileManager.default.contentsOfDirectory(atPath: realDirectory.path) == ["chat.json"])
    #expect(try Set(FileManager.default.contentsOfDirectory(atPath: directory.path)) == ["real", "link.json"])
  }

  @Test func aSaveKeepsTheReplacedFilesPermissions() throws {
    let url = RepositoryAssets.temporaryDirectory().appendingPathComponent("chat.json")
    try TranscriptFile.save(TranscriptGenerator(messages: 2).generate(), to: url)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    try TranscriptFile.save(TranscriptGenerator(messages: 3).generate(), to: url)
    let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test @MainActor func onlyRegularFilesAreReplaced() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let fifo = directory.appendingPathComponent("pipe")
    #expect(mkfifo(fifo.path, 0o644) == 0)
    let folder = directory.appendingPathComponent("folder")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let transcript = TranscriptGenerator(messages: 2).generate()
    for (url, kind) in [
      (fifo, "a FIFO"), (folder, "a directory"), (URL(fileURLWithPath: "/dev/null"), "a character device"),
    ] {
      let error = #expect(throws: TranscriptError.self) { try TranscriptFile.save(transcript, to: url) }
      #expect(
        error?.description
          == "\(url.path): refusing to write the transcript over \(kind): only regular files are replaced")
      let status = DemoMain.run(.generate(messages: 2, seed: 1, stickerEvery: 3, stickerOnlyEvery: 0, output: url))
      #expect(status == 2)
    }
    var info = stat()
    #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    #expect(throws: TranscriptError.self) { try TranscriptFile.load(fifo) }  // refused, not read (it would block)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["folder", "pipe"])
  }

  @Test func writeErrorsNameTheFileAndWhatWasWritten() throws {
    let missing = RepositoryAssets.temporaryDirectory().appendingPathComponent("no/such/folder/chat.json")
    let error = #expect(throws: TranscriptError.self) {
      try TranscriptFile.save(TranscriptGenerator(messages: 2).generate(), to: missing)
    }
    let text = error?.description ?? ""
    #expect(text.hasPrefix(missing.path + ": cannot create the temporary file"), "\(text)")
    #expect(text.contains("to write the transcript: No such file or directory"), "\(text)")
  }

  @Test func leftoverTemporaryFilesOfDeadProcessesAreRemovedAtStart() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let url = directory.appendingPathComponent("chat.json")
    try TranscriptFile.save(TranscriptGenerator(messages: 2).generate(), to: url)
    let dead = directory.appendingPathComponent(".chat.json.2147483646.tmp")  // no such process
    let own = directory.appendingPathComponent(".chat.json.\(getpid()).tmp")
    let alive = directory.appendingPathComponent(".chat.json.1.tmp")  // init is running
    let other = directory.appendingPathComponent(".other.json.2147483646.tmp")
    for file in [dead, own, alive, other] { try Data("partial".utf8).write(to: file) }
    let removed = TranscriptFile.removeLeftoverTemporaryFiles(for: url)
    #expect(Set(removed) == [dead.path, own.path])
    #expect(
      try Set(FileManager.default.contentsOfDirectory(atPath: directory.path))
        == ["chat.json", ".chat.json.1.tmp", ".other.json.2147483646.tmp"])
  }

  @Test func theSampleTranscriptHasTwoHundredMessagesAndSixtyStickers() throws {
    let sample = try TranscriptFile.load(RepositoryAssets.transcripts.appendingPathComponent("sample.json"))
    #expect(sample.messages.count >= 200)
    #expect(sample.stickerCount >= 60)
  }
}
