import ChatDemoCore
import ChatKit
import ChatModel
import Dispatch
import Foundation
import ReuseKitTestSupport
import Synchronization
import Testing
import TextEngine

@MainActor @Suite struct TranscriptSaverTests {
  /// A writer that waits for the test's go-ahead, recording what it wrote and on which thread.
  final class GatedWriter: Sendable {
    let gate = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    private let log = Mutex<[(messages: Int, onMainThread: Bool)]>([])

    var writes: [(messages: Int, onMainThread: Bool)] { log.withLock { $0 } }

    func write(_ snapshot: TranscriptSnapshot, _ destination: TranscriptSaver.Destination) throws(TranscriptError)
      -> URL
    {
      started.signal()
      gate.wait()
      log.withLock { $0.append((snapshot.messageCount, Thread.isMainThread)) }
      guard case .file(let url) = destination else { throw TranscriptError(reason: "unexpected destination") }
      try TranscriptFile.save(messages: snapshot.messages, to: url)
      return url
    }
  }

  private func transcript(_ count: Int) -> Transcript { TranscriptGenerator(messages: count).generate() }

  @Test func saveReturnsBeforeTheWriteAndTheWriteRunsOffTheMainThread() throws {
    let url = RepositoryAssets.temporaryDirectory().appendingPathComponent("chat.json")
    let writer = GatedWriter()
    let saver = TranscriptSaver(
      destination: .file(url),
      writer: { (transcript, destination) throws(TranscriptError) in
        try writer.write(transcript, destination)
      })
    saver.save(TranscriptSnapshot(transcript(50)))  // returns although the writer is blocked on its gate
    writer.started.wait()
    #expect(saver.isSaving)
    #expect(saver.poll().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: url.path))
    writer.gate.signal()
    let outcomes = saver.finish()
    #expect(outcomes.count == 1)
    #expect(try outcomes.first?.result.get() == url)
    #expect(writer.writes.map { $0.onMainThread } == [false])
    #expect(try TranscriptFile.load(url) == transcript(50))
    #expect(!saver.isSaving)
  }

  @Test func savesAskedForDuringASaveCollapseToTheNewestSnapshot() throws {
    let url = RepositoryAssets.temporaryDirectory().appendingPathComponent("chat.json")
    let writer = GatedWriter()
    let saver = TranscriptSaver(
      destination: .file(url),
      writer: { (transcript, destination) throws(TranscriptError) in
        try writer.write(transcript, destination)
      })
    saver.save(TranscriptSnapshot(transcript(10)))
    writer.started.wait()
    saver.save(TranscriptSnapshot(transcript(20)))
    saver.save(TranscriptSnapshot(transcript(30)))  // replaces the waiting 20
    writer.gate.signal()
    writer.gate.signal()
    let outcomes = saver.finish()  // what quitting does: nothing asked for is lost
    #expect(outcomes.map(\.messageCount) == [10, 30])
    #expect(writer.writes.map { $0.messages } == [10, 30])
    #expect(try TranscriptFile.load(url) == transcript(30))
  }

  @Test func pollReportsAFinishedSaveOnTheMainThread() throws {
    let url = RepositoryAssets.temporaryDirectory().appendingPathComponent("chat.json")
    let saver = TranscriptSaver(destination: .file(url))
    saver.save(TranscriptSnapshot(transcript(5)))
    var outcomes: [TranscriptSaver.Outcome] = []
    for _ in 0..<10_000 where outcomes.isEmpty {
      outcomes = saver.poll()
      if outcomes.isEmpty { usleep(1_000) }
    }
    #expect(outcomes.count == 1)
    #expect(try outcomes.first?.result.get() == url)
  }

  @Test func aFailedSaveIsReportedWithTheFile() throws {
    let url = RepositoryAssets.temporaryDirectory().appendingPathComponent("missing/chat.json")
    let saver = TranscriptSaver(destination: .file(url))
    saver.save(TranscriptSnapshot(transcript(5)))
    let outcome = try #require(saver.finish().first)
    guard case .failure(let error) = outcome.result else {
      Issue.record("the save into a missing folder succeeded")
      return
    }
    #expect(error.description.hasPrefix(url.path))
  }

  @Test func aSnapshotKeepsTheMessagesAsTheyWereWhenItWasTaken() throws {
    let url = RepositoryAssets.temporaryDirectory().appendingPathComponent("chat.json")
    let storage = TextContentStorage(paragraphs: ["one", "two", "three"].map { (AttributedText($0), [:]) })
    let snapshot = TranscriptSnapshot(storage: storage)
    try storage.replaceCharacters(in: 0..<3, with: "ONE\nnew")  // edits after the snapshot…
    try storage.replaceParagraphs(in: 3..<4, with: [])
    #expect(storage.paragraphCount == 3)
    let saver = TranscriptSaver(destination: .file(url))
    saver.save(snapshot)
    #expect(saver.finish().count == 1)
    let saved = try TranscriptFile.load(url)  // …are not in the save
    #expect(saved.messages.map(\.parts) == [[.text("one")], [.text("two")], [.text("three")]])
    #expect(snapshot.messageCount == 3)
  }
}
