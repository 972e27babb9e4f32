import ChatModel
import Dispatch
import Synchronization

extension ChatStoreWriter {
  /// Rows handed from the producing thread to the writing thread at a time.
  private static let rowsPerBatch = 4_096

  /// Appends every message of `messages`, in order, making the messages and their rows on a
  /// second thread while this one writes them: on two cores, a generated store is written in
  /// about the time SQLite alone takes.
  /// - Parameters:
  ///   - messages: The messages, iterated once, on another thread.
  ///   - progress: Called on this thread after each batch, with ``messageCount``.
  /// - Throws: ``ChatStoreError``; the store is then abandoned (and the other thread stopped).
  public func append<Messages: Sequence<ChatMessage> & Sendable>(
    concurrently messages: Messages, progress: (Int) -> Void = { _ in }
  ) throws(ChatStoreError) {
    let channel = RowChannel(capacity: 4)
    let start = separators
    DispatchQueue.global().async {
      var placement = start
      var rows: [StoredRow] = []
      var count = 0
      for message in messages {
        if channel.isCancelled { break }
        if let day = placement.separator(before: message) {
          rows.append(StoredRow(separator: day))
        }
        rows.append(StoredRow(message: message))
        count += 1
        if rows.count >= Self.rowsPerBatch {
          channel.send(RowBatch(rows: rows, messages: count, placement: placement))
          rows = []
          count = 0
        }
      }
      channel.send(RowBatch(rows: rows, messages: count, placement: placement))
      channel.finish()
    }
    do throws(ChatStoreError) {
      while let batch = channel.receive() {
        try append(batch.rows, messages: batch.messages)
        separators = batch.placement
        progress(messageCount)
      }
    } catch {
      channel.cancel()
      while channel.receive() != nil {}
      throw error
    }
  }
}

/// Rows made from consecutive messages, and the separator placement after them.
private struct RowBatch: Sendable {
  var rows: [StoredRow]
  var messages: Int
  var placement: ChatDay.SeparatorPlacement
}

/// A bounded queue of row batches from one producing thread to one consuming thread.
private final class RowChannel: Sendable {
  private let queue = Mutex<(batches: [RowBatch?], cancelled: Bool)>(([], false))
  private let slots: DispatchSemaphore
  private let items = DispatchSemaphore(value: 0)

  init(capacity: Int) { slots = DispatchSemaphore(value: capacity) }

  var isCancelled: Bool { queue.withLock { $0.cancelled } }

  /// Queues `batch`, waiting while the queue is full.
  func send(_ batch: RowBatch) { put(batch) }

  /// Marks the end of the batches.
  func finish() { put(nil) }

  /// Asks the producer to stop early.
  func cancel() { queue.withLock { $0.cancelled = true } }

  /// The next batch, waiting for it, or `nil` after the last.
  func receive() -> RowBatch? {
    items.wait()
    let batch = queue.withLock { $0.batches.removeFirst() }
    slots.signal()
    return batch
  }

  private func put(_ batch: RowBatch?) {
    slots.wait()
    queue.withLock { $0.batches.append(batch) }
    items.signal()
  }
}
