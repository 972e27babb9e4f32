import ChatKit
import ChatModel
import Dispatch
import Foundation
import Synchronization

/// Saves transcripts off the main thread, so that a save never blocks the window.
///
/// The caller takes an immutable ``TranscriptSnapshot`` on the main thread (paragraph references
/// only) and hands it to ``save(_:)``, which returns at once; the messages are made, encoded and
/// written on a background queue, a piece at a time.
/// ``poll()`` (called once a frame) reports finished saves on the main thread. A save asked for while
/// one runs waits, and only the newest waiting snapshot is written. At quit, ``finish()`` waits for
/// the save in flight and any waiting one, so nothing asked for is lost.
@MainActor
package final class TranscriptSaver {
  /// Where saves go.
  package enum Destination: Equatable, Sendable {
    /// Replace this file (atomically, following a symbolic link).
    case file(URL)
    /// A new `NAME.recovered-N.json` beside this file, which failed to load; once one is written,
    /// later saves replace it (``destination`` becomes `.file` of it).
    case recovery(of: URL)
  }

  /// How one save ended.
  package struct Outcome: Sendable {
    /// The messages saved.
    package var messageCount: Int
    /// The file written, or why the save failed.
    package var result: Result<URL, TranscriptError>
  }

  /// Writes a snapshot; the default writes with ``TranscriptFile``. Runs on a background queue.
  package typealias Writer = @Sendable (TranscriptSnapshot, Destination) throws(TranscriptError) -> URL

  /// Where the next save goes.
  package private(set) var destination: Destination
  private let writer: Writer
  private var inFlight: Job?
  private var waiting: TranscriptSnapshot?

  /// Creates a saver writing to `destination`.
  package init(destination: Destination, writer: @escaping Writer = TranscriptSaver.write) {
    self.destination = destination
    self.writer = writer
  }

  /// Whether a save is running or waiting.
  package var isSaving: Bool { inFlight != nil || waiting != nil }

  /// Starts saving `snapshot` in the background, or queues it behind the save in flight (replacing
  /// any snapshot already waiting). Returns at once.
  package func save(_ snapshot: TranscriptSnapshot) {
    if inFlight != nil {
      waiting = snapshot
    } else {
      start(snapshot)
    }
  }

  /// The saves that finished since the last call; starts the waiting snapshot, if any. Call it on
  /// the main thread, once a frame.
  package func poll() -> [Outcome] {
    guard let job = inFlight, let outcome = job.outcome else { return [] }
    return [complete(outcome)]
  }

  /// Waits for the save in flight and the waiting one (at quit), and reports them.
  package func finish() -> [Outcome] {
    var outcomes: [Outcome] = []
    while let job = inFlight {
      job.done.wait()
      job.done.signal()  // keep it signalled for `outcome`
      if let outcome = job.outcome { outcomes.append(complete(outcome)) }
    }
    return outcomes
  }

  /// The default writer: ``TranscriptFile/save(_:to:)`` or ``TranscriptFile/saveRecovery(_:for:)``.
  package nonisolated static func write(_ snapshot: TranscriptSnapshot, to destination: Destination)
    throws(TranscriptError) -> URL
  {
    switch destination {
    case .file(let url):
      try TranscriptFile.save(messages: snapshot.messages, to: url)
      return url
    case .recovery(let url):
      return try TranscriptFile.saveRecovery(messages: snapshot.messages, for: url)
    }
  }

  // MARK: Private

  private func start(_ snapshot: TranscriptSnapshot) {
    let job = Job(messageCount: snapshot.messageCount)
    inFlight = job
    let writer = writer
    let destination = destination
    DispatchQueue.global(qos: .utility).async {
      let result: Result<URL, TranscriptError>
      do throws(TranscriptError) {
        result = .success(try writer(snapshot, destination))
      } catch {
        result = .failure(error)
      }
      job.finish(result)
    }
  }

  private func complete(_ outcome: Outcome) -> Outcome {
    inFlight = nil
    if case .success(let url) = outcome.result, case .recovery = destination { destination = .file(url) }
    if let next = waiting {
      waiting = nil
      start(next)
    }
    return outcome
  }

  /// One background save: its result, set once by the background queue.
  private final class Job: Sendable {
    let messageCount: Int
    let done = DispatchSemaphore(value: 0)
    private let result = Mutex<Result<URL, TranscriptError>?>(nil)

    init(messageCount: Int) { self.messageCount = messageCount }

    func finish(_ value: Result<URL, TranscriptError>) {
      result.withLock { $0 = value }
      done.signal()
    }

    var outcome: Outcome? {
      result.withLock { $0 }.map { Outcome(messageCount: messageCount, result: $0) }
    }
  }
}
