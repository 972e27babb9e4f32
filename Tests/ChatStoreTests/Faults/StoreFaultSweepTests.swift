import CSQLite
import Foundation
import Testing

/// Issue 23: the fault-injection sweep, as SQLite tests itself. One edit session through a text
/// view over a chat store; for every call N of the session's writes (failed with `SQLITE_FULL`),
/// syncs (`SQLITE_IOERR`) and locks (`SQLITE_BUSY`), the Nth call fails once and the session goes
/// on. Each time the store must open afterwards, pass `integrity_check`, and hold exactly the
/// session's successful edits: it equals the same session replayed, without faults, with the
/// failed actions left out (none lost, none phantom). A failed action leaves the view's document
/// as it was. `make test` sweeps a spread of N for each kind; `make fuzz` (`FUZZ_FULL=1`) every N.
@Suite struct StoreFaultSweepTests {
  static let full = ProcessInfo.processInfo.environment["FUZZ_FULL"] == "1"
  /// The N values swept per kind in `make test`.
  static let boundedSweep = 12

  /// A copy of `original` in a new folder of `fixture`'s (the store file alone: it was closed).
  private func copy(_ original: URL, in fixture: StoreFixture, as name: String) throws -> URL {
    let url = fixture.directory.appendingPathComponent(name)
    try FileManager.default.copyItem(at: original, to: url)
    return url
  }

  @Test(arguments: [
    (FaultVFS.Kinds.write, SQLITE_FULL, "write"), (FaultVFS.Kinds.sync, SQLITE_IOERR, "sync"),
    (FaultVFS.Kinds.lock, SQLITE_BUSY, "lock"),
  ])
  func everyFailedCallLosesNoEditAndAddsNone(kind: FaultVFS.Kinds, error: Int32, name: String) throws {
    let fixture = try StoreFixture()
    let original = fixture.directory.appendingPathComponent("original.sqlite")
    do {
      _ = try fixture.store(StoreFixture.transcript(messages: 60, days: 2), name: "original.sqlite", blockCapacity: 16)
    }
    let vfs = try FaultVFS()
    // A clean run counts the session's calls of this kind.
    let counted = try copy(original, in: fixture, as: "counted.sqlite")
    vfs.count(kind)
    let clean = try EditSession.run(counted, stickers: fixture.stickers, vfs: vfs.name)
    let total = vfs.calls(kind)
    #expect(clean.failed.isEmpty)
    #expect(total > 0, "the session makes \(name) calls")
    let sweep =
      Self.full || total <= Self.boundedSweep
      ? Array(1...max(1, total))
      : (0..<Self.boundedSweep).map { 1 + $0 * (total - 1) / (Self.boundedSweep - 1) }
    var failedRuns = 0
    for n in sweep {
      let faulted = try copy(original, in: fixture, as: "\(name)-\(n).sqlite")
      vfs.arm(kind, at: n, error: error)
      let outcome: EditSession.Outcome
      do {
        outcome = try EditSession.run(faulted, stickers: fixture.stickers, vfs: vfs.name)
      } catch {
        // Failing while opening is allowed (the user sees the error); the file must be untouched.
        vfs.disarm()
        let untouched = try EditSession.contents(of: faulted, stickers: fixture.stickers).paragraphs
        let before = try EditSession.contents(of: original, stickers: fixture.stickers).paragraphs
        #expect(untouched == before, "\(name) \(n): a store that failed to open changed: \(error)")
        continue
      }
      vfs.disarm()
      if !outcome.failed.isEmpty { failedRuns += 1 }
      #expect(outcome.unchangedOnFailure, "\(name) \(n): a failed edit changed the document")
      let notStore = outcome.failures.filter { !$0.isStoreFailure }
      #expect(notStore.isEmpty, "\(name) \(n): \(notStore)")
      let replayed = try copy(original, in: fixture, as: "\(name)-\(n)-replay.sqlite")
      _ = try EditSession.run(replayed, stickers: fixture.stickers, vfs: nil, skipping: outcome.failed)
      let got = try EditSession.contents(of: faulted, stickers: fixture.stickers)
      let expected = try EditSession.contents(of: replayed, stickers: fixture.stickers)
      #expect(got.integrity == ["ok"], "\(name) \(n)")
      let differs = zip(got.paragraphs, expected.paragraphs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      #expect(
        got.paragraphs == expected.paragraphs,
        "\(name) \(n): failed \(outcome.failed.sorted()): lost or phantom edits: \(got.paragraphs.count) vs \(expected.paragraphs.count) paragraphs, first difference at \(differs.map(String.init) ?? "the end")"
      )
      try? FileManager.default.removeItem(at: faulted)
      try? FileManager.default.removeItem(at: replayed)
    }
    // A write or sync that fails fails its edit; a lock that is busy once is retried by SQLite's
    // busy handler, so no edit fails (and none may be lost).
    if kind != .lock { #expect(failedRuns > 0, "some injected \(name) failure reached the session as a failed edit") }
    print(
      "fault sweep (\(name)): \(sweep.count) of \(total) calls failed in turn, \(failedRuns) runs refused an edit, 0 lost or phantom edits"
    )
  }
}
