import ChatModel
import TextEngine

extension ChatStore {
  /// The stored messages in order, read a block at a time (day separators skipped): what an
  /// export writes. Memory stays bounded by one block.
  /// - Throws: ``ChatStoreError`` when the block table cannot be read; a failure while reading a
  ///   block ends the sequence early and is kept in ``Messages/error``.
  public func messages() throws(ChatStoreError) -> Messages {
    let blocks: [TextContentBlockSummary]
    do {
      blocks = try blockSummaries()
    } catch let error as ChatStoreError {
      throw error
    } catch {
      throw ChatStoreError(.database, file: path, reason: "\(error)")
    }
    return Messages(store: self, blocks: blocks.map(\.block))
  }

  /// The messages of a ``ChatStore``, read a block at a time.
  public final class Messages: Sequence, IteratorProtocol {
    private let store: ChatStore
    private var blocks: IndexingIterator<[Int64]>
    private var pending: IndexingIterator<[ChatMessage]> = [].makeIterator()
    /// The error that ended the sequence early, if any: check it after reading.
    public private(set) var error: ChatStoreError?

    init(store: ChatStore, blocks: [Int64]) {
      self.store = store
      self.blocks = blocks.makeIterator()
    }

    /// The next message, or `nil` at the end (or after an error).
    public func next() -> ChatMessage? {
      while error == nil {
        if let message = pending.next() { return message }
        guard let block = blocks.next() else { return nil }
        do {
          let rows = try store.rows(inBlock: block, positions: 0..<Int(Int32.max))
          pending = rows.compactMap(\.row.message).makeIterator()
        } catch {
          self.error = error
        }
      }
      return nil
    }
  }
}
