import CSQLite
import Dispatch
import Synchronization

/// Moves a WAL-mode database's write-ahead log back into the file on a background thread, so that
/// no commit pays for it: SQLite's automatic checkpoint runs inside the commit that crosses its
/// threshold, which made about one keystroke in a hundred take milliseconds.
///
/// It replaces the connection's automatic checkpoint with a commit hook (`sqlite3_wal_hook`)
/// that, once the log holds ``threshold`` pages, asks a second connection on a serial queue for a
/// `PASSIVE` checkpoint (which never blocks the writer); past ``limit`` pages the commit checkpoints
/// in line, as SQLite would. The log is still checkpointed when the last connection closes.
///
/// The log starts again from its beginning only at a write that finds it wholly checkpointed. While
/// commits come back to back (a script, a benchmark typing as fast as it can) a background
/// checkpoint never quite catches up, so the log keeps its length; the hook then asks for the next
/// checkpoint only once the log has grown by another ``threshold`` pages, not after every commit.
/// (Asking after every commit kept checkpoints, and their `fsync`s, running back to back, and
/// commits waiting on the file system's journal behind them: keystrokes of several milliseconds.)
final class SQLiteCheckpointer: Sendable {
  /// Log pages that trigger a background checkpoint (SQLite's automatic default).
  static let threshold: Int32 = 1_000
  /// Log pages at which the commit checkpoints in line after all: commits back to back (a benchmark,
  /// a script) can keep the background checkpoint from ever finishing, and the log from restarting.
  static let limit: Int32 = 10_000

  private let queue = DispatchQueue(label: "ChatStore.checkpoint")
  /// The checkpointing connection; used only on ``queue``.
  private let connection: Mutex<SQLiteConnection?>
  private let isCheckpointing = Atomic<Bool>(false)
  /// The log's size in pages when the last background checkpoint was asked for (0 after the log
  /// started again). Read and written by the writer's commits only.
  private let pagesAtLastRequest = Atomic<Int32>(0)
  /// Background checkpoints run so far.
  let checkpoints = Atomic<Int>(0)

  /// Opens the second connection on `path`.
  /// - Throws: ``SQLiteError`` naming the file.
  init(path: String) throws(SQLiteError) {
    connection = Mutex(try SQLiteConnection(path: path, mode: .readWrite))
  }

  /// Hooks `writer`'s commits. Keep the checkpointer alive as long as `writer`.
  func attach(to writer: SQLiteConnection) {
    let context = Unmanaged.passUnretained(self).toOpaque()
    sqlite3_wal_hook(
      writer.rawHandle,
      { context, database, _, pages in
        if pages >= SQLiteCheckpointer.limit {
          sqlite3_wal_checkpoint_v2(database, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        } else if let context {
          Unmanaged<SQLiteCheckpointer>.fromOpaque(context).takeUnretainedValue().logGrew(to: pages)
        }
        return SQLITE_OK
      }, context)
  }

  /// Removes the hook from `writer` (before either goes away).
  func detach(from writer: SQLiteConnection) {
    sqlite3_wal_hook(writer.rawHandle, nil, nil)
  }

  /// Called after each commit with the log's size in pages.
  private func logGrew(to pages: Int32) {
    var last = pagesAtLastRequest.load(ordering: .relaxed)
    if pages < last {
      last = 0  // the log started again
      pagesAtLastRequest.store(0, ordering: .relaxed)
    }
    guard pages >= last + Self.threshold,
      isCheckpointing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    else { return }
    pagesAtLastRequest.store(pages, ordering: .relaxed)
    queue.async { [self] in
      connection.withLock { connection in
        try? connection?.execute("PRAGMA wal_checkpoint(PASSIVE)")
      }
      checkpoints.add(1, ordering: .relaxed)
      isCheckpointing.store(false, ordering: .releasing)
    }
  }

  /// Waits for a checkpoint in flight, then closes the second connection.
  func close() {
    queue.sync { connection.withLock { $0 = nil } }
  }
}
