import ChatModel
import Dispatch
import Synchronization

/// Writes the `message_search` rows of a store's messages in id order, a chunk at a time: each
/// chunk's indexed forms (`MessageSearchQuery.fullTextDocument(_:)`) are made on a second thread
/// while the chunk before is written, so that on two cores the index is built in about the time
/// SQLite alone takes. The version 3 → 4 upgrade commits each chunk with its progress; the writer
/// of a new store indexes its messages after writing them, in its one transaction.
struct SearchIndexBuild {
  /// What one chunk holds, for the caller that writes it.
  struct Chunk {
    /// The messages in the chunk.
    let count: Int
    /// The highest message id in it; `nil` for an empty chunk.
    let lastID: Int64?
    /// Whether no message follows this chunk.
    let isLast: Bool
  }

  private let chunkSize: Int
  private let select: SQLiteStatement
  private let insert: SQLiteStatement

  /// Prepares the reads and inserts on `connection`.
  /// - Parameters:
  ///   - connection: A writable connection to a store with the `message_search` table.
  ///   - chunkSize: The messages in a chunk (at least 1).
  /// - Throws: ``SQLiteError``.
  init(_ connection: SQLiteConnection, chunkSize: Int) throws(SQLiteError) {
    self.chunkSize = max(1, chunkSize)
    select = try connection.prepare(
      "SELECT id, body FROM messages WHERE id > ?1 AND separator IS NULL ORDER BY id LIMIT ?2")
    insert = try connection.prepare("INSERT INTO message_search (rowid, text) VALUES (?1, ?2)")
  }

  /// Indexes every message after id `last`, chunk by chunk.
  /// - Parameters:
  ///   - last: The highest message id already indexed (0 for none).
  ///   - write: Called for each chunk in order, the last one included (empty when the messages
  ///     filled the chunk before): it must call `insert` once, in whatever transaction it keeps.
  /// - Throws: ``SQLiteError`` from a read or insert, or what `write` throws; nothing is written
  ///   after it.
  /// - Complexity: O(n · message length) for n messages after `last`; O(chunk) memory.
  func run(
    after last: Int64,
    _ write: (_ chunk: Chunk, _ insert: () throws(SQLiteError) -> Void) throws(SQLiteError) -> Void
  ) throws(SQLiteError) {
    var current = try rows(after: last)
    var documents = IndexedForms(current.bodies).wait()
    var finished = false
    while !finished {
      finished = current.ids.count < chunkSize
      let next: (ids: [Int64], bodies: [String]) =
        finished ? ([], []) : try rows(after: current.ids[current.ids.count - 1])
      let making = IndexedForms(next.bodies)
      do throws(SQLiteError) {
        let chunk = Chunk(count: current.ids.count, lastID: current.ids.last, isLast: finished)
        try write(chunk) { () throws(SQLiteError) in
          for (id, document) in zip(current.ids, documents) where !document.isEmpty {
            try insert.run(id, text: document)
          }
        }
      } catch {
        _ = making.wait()
        throw error
      }
      current = next
      documents = making.wait()
    }
  }

  /// The next `chunkSize` messages after id `last`: ids and bodies.
  private func rows(after last: Int64) throws(SQLiteError) -> (ids: [Int64], bodies: [String]) {
    try select.bind(last, at: 1)
    try select.bind(chunkSize, at: 2)
    defer { select.reset() }
    var ids: [Int64] = []
    var bodies: [String] = []
    while try select.step() {
      ids.append(select.int64(0))
      bodies.append(select.string(1) ?? "")
    }
    return (ids, bodies)
  }
}

/// The indexed forms of some message bodies, made on another thread.
private final class IndexedForms: Sendable {
  private let forms = Mutex<[String]>([])
  private let made = DispatchSemaphore(value: 0)

  /// Starts making the indexed forms of `bodies`.
  init(_ bodies: [String]) {
    DispatchQueue.global().async { [self] in
      let documents = bodies.map(MessageSearchQuery.fullTextDocument)
      forms.withLock { $0 = documents }
      made.signal()
    }
  }

  /// The indexed forms, in the bodies' order, once made (waits for them; call once).
  func wait() -> [String] {
    made.wait()
    return forms.withLock { $0 }
  }
}
