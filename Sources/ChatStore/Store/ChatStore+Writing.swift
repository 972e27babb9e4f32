import TextEngine

extension ChatStore {
  /// Throws unless the store was opened for writing.
  func writable() throws(ChatStoreError) {
    guard access == .readWrite else {
      throw ChatStoreError(.readOnly, file: path, reason: "the store was opened read-only")
    }
  }

  /// ``replaceElements(inBlock:positions:with:)``'s work, in a savepoint so a failure changes nothing.
  func replace(
    inBlock block: Int64, positions: Range<Int>, identifiers: [Int64], with elements: [StoredTextElement]
  ) throws(ChatStoreError) -> [Int64] {
    try writable()
    let count = try count(ofBlock: block)
    guard positions.lowerBound >= 0, positions.upperBound <= count else {
      throw ChatStoreError(
        .invalidRequest, file: path,
        reason: "positions \(positions.lowerBound)..<\(positions.upperBound) are outside block \(block) of \(count)")
    }
    let rows = elements.map(StoredRow.init(element:))
    let assignedBefore = assignedIdentifiers.count
    return try database { () throws(SQLiteError) in
      try statements.savepoint.run()
      do throws(SQLiteError) {
        let inserted = try replaceRows(
          inBlock: block, positions: positions, known: identifiers, with: rows, elements: elements)
        try statements.release.run()
        // Outside a transaction the savepoint was the transaction: it is durable now.
        if !connection.isInTransaction { assignedIdentifiers.removeAll() }
        return inserted
      } catch {
        try? connection.execute("ROLLBACK TO replace; RELEASE replace")
        // SQLite may have rolled the whole transaction back itself (a full disk, an I/O error):
        // then every id the transaction gave goes.
        restoreIdentifiers(downTo: connection.isInTransaction ? assignedBefore : 0)
        throw error
      }
    }
  }

  private func replaceRows(
    inBlock block: Int64, positions: Range<Int>, known: [Int64], with rows: [StoredRow], elements: [StoredTextElement]
  ) throws(SQLiteError) -> [Int64] {
    // The removed rows, and the seq values of their neighbours: by key for one named message,
    // else by walking the block to the positions.
    let before: Int64?
    let after: Int64?
    let removed: [Row]
    if positions.count == 1, known.count == 1, let row = try self.row(known[0], inBlock: block) {
      removed = [row]
      before = try neighbourSeq(statements.seqBefore, inBlock: block, of: row.seq)
      after = try neighbourSeq(statements.seqAfter, inBlock: block, of: row.seq)
    } else {
      let first = max(0, positions.lowerBound - 1)
      let window = try neighbourhood(inBlock: block, from: first, count: positions.upperBound + 1 - first)
      before = positions.lowerBound > 0 ? window.first?.seq : nil
      removed = Array(window.dropFirst(positions.lowerBound - first).prefix(positions.count))
      after = window.count > positions.upperBound - first ? window[positions.upperBound - first].seq : nil
    }
    for row in removed {
      try unindex(row.id)
      try statements.deleteStickers.run(row.id)
      try statements.deleteMessage.run(row.id)
    }
    var seqs = Self.seqs(count: rows.count, after: before, before: after)
    if seqs == nil {
      try renumber(block: block, leavingRoomFor: rows.count, at: positions.lowerBound)
      seqs = (0..<rows.count).map { Int64(positions.lowerBound + $0) * ChatStoreSchema.seqSpacing }
    }
    var identifiers: [Int64] = []
    identifiers.reserveCapacity(rows.count)
    var lastStickerRow: Int64?
    for (index, row) in rows.enumerated() {
      let wanted = elements[index].identifier
      var keptIdentifier: Int64?
      if wanted > 0, try !exists(statements.messageExists, wanted) { keptIdentifier = wanted }
      let inserted = try insert(row, id: keptIdentifier, block: block, seq: seqs?[index] ?? 0)
      try self.index(row, id: inserted)
      identifiers.append(inserted)
      for (sticker, attachment) in zip(row.stickers, elements[index].attributedString.attachments) {
        // Read as the attachment is now: an object inserted twice carries, the second time, the
        // stable id its first occurrence was given a moment ago.
        let last: Int64
        if let lastStickerRow { last = lastStickerRow } else { last = try highestStickerRow() }
        let rowID = last + 1
        lastStickerRow = rowID
        let stableID = Self.stableStickerID(of: attachment, highestRow: last) ?? rowID
        try insertSticker(sticker, row: rowID, stableID: stableID, message: inserted)
        if attachment.persistentIdentifier != String(stableID) {
          assignedIdentifiers.append((attachment, attachment.persistentIdentifier))
          attachment.persistentIdentifier = String(stableID)
        }
      }
    }
    let lengthChange = rows.reduce(0) { $0 + $1.length } - removed.reduce(0) { $0 + $1.length }
    let scalarChange = rows.reduce(0) { $0 + $1.scalars } - removed.reduce(0) { $0 + $1.scalars }
    try statements.updateBlock.run(
      block, Int64(rows.count - removed.count), Int64(lengthChange), Int64(scalarChange))
    return identifiers
  }

  /// Puts back the sticker ids written into attachments after the first `count` assignments, last
  /// first (an attachment assigned twice gets its first value back).
  func restoreIdentifiers(downTo count: Int) {
    while assignedIdentifiers.count > count {
      let (attachment, previous) = assignedIdentifiers.removeLast()
      attachment.persistentIdentifier = previous
    }
  }

  /// A stored message's place and size, as an edit needs them.
  private typealias Row = (id: Int64, seq: Int64, length: Int, scalars: Int)

  /// Message `id` (its id, seq, length and scalars) when it is in `block`, by key.
  /// - Complexity: O(log n).
  private func row(_ id: Int64, inBlock block: Int64) throws(SQLiteError) -> Row? {
    let statement = statements.rowByID
    defer { statement.reset() }
    try statement.bind(id, at: 1)
    guard try statement.step(), statement.int64(0) == block else { return nil }
    return (id, statement.int64(1), statement.int(2), statement.int(3))
  }

  /// The seq next to `seq` in `block` that `statement` (``ChatStoreStatements/seqBefore`` or
  /// ``ChatStoreStatements/seqAfter``) asks for, or `nil` at the block's end.
  /// - Complexity: O(log n), from the index.
  private func neighbourSeq(_ statement: SQLiteStatement, inBlock block: Int64, of seq: Int64) throws(SQLiteError)
    -> Int64?
  {
    defer { statement.reset() }
    try statement.bind(block, at: 1)
    try statement.bind(seq, at: 2)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// `count` rows from position `first` of `block`: id, seq, length and scalars.
  private func neighbourhood(inBlock block: Int64, from first: Int, count: Int) throws(SQLiteError) -> [Row] {
    let statement = statements.positions
    defer { statement.reset() }
    try statement.bind(block, at: 1)
    try statement.bind(count, at: 2)
    try statement.bind(first, at: 3)
    var rows: [Row] = []
    while try statement.step() {
      rows.append((statement.int64(0), statement.int64(1), statement.int(2), statement.int(3)))
    }
    return rows
  }

  /// `count` increasing seq values strictly between `after` and `before` (either may be open), or
  /// `nil` when there is no room.
  /// The seq values come from the file: any step that would overflow (a damaged store's seq near
  /// the ends of `Int64`) gives `nil` too, and the block is renumbered.
  static func seqs(count: Int, after: Int64?, before: Int64?) -> [Int64]? {
    let spacing = ChatStoreSchema.seqSpacing
    /// `base + step · k` for k in 1...count (`step` may be negative), or `nil` on overflow.
    func stepped(from base: Int64, by step: Int64) -> [Int64]? {
      var values: [Int64] = []
      values.reserveCapacity(count)
      for k in 1...max(1, count) where k <= count {
        let (offset, overflowed) = step.multipliedReportingOverflow(by: Int64(k))
        let (value, overflowedAgain) = base.addingReportingOverflow(offset)
        guard !overflowed, !overflowedAgain else { return nil }
        values.append(value)
      }
      return values
    }
    switch (after, before) {
    case (nil, nil): return (0..<count).map { Int64($0) * spacing }
    case (let after?, nil): return stepped(from: after, by: spacing)
    case (nil, let before?): return stepped(from: before, by: -spacing).map { $0.reversed() }
    case (let after?, let before?):
      let (gap, overflowed) = before.subtractingReportingOverflow(after)
      guard !overflowed, gap > Int64(count) else { return nil }
      // gap / (count + 1) ≥ 1 steps, exact up to rounding: after + gap·k/(count+1) without overflow.
      let parts = Int64(count + 1)
      return (0..<count).map { after + (gap / parts) * Int64($0 + 1) + (gap % parts) * Int64($0 + 1) / parts }
    }
  }

  /// Spaces the seq values of `block` evenly again, leaving the slots from `position` to
  /// `position + count` free.
  /// - Complexity: O(block size).
  private func renumber(block: Int64, leavingRoomFor count: Int, at position: Int) throws(SQLiteError) {
    let all = try neighbourhood(inBlock: block, from: 0, count: Int(Int32.max))
    let spacing = ChatStoreSchema.seqSpacing
    for (index, row) in all.enumerated() {
      let slot = Int64(index + (index >= position ? count + 1 : 0))
      try statements.setSeq.run(row.id, slot * spacing)
    }
  }

  private func exists(_ statement: SQLiteStatement, _ id: Int64) throws(SQLiteError) -> Bool {
    defer { statement.reset() }
    try statement.bind(id, at: 1)
    return try statement.step()
  }

  /// Inserts `row`, with `id` or a new one.
  /// - Returns: The row's id.
  private func insert(_ row: StoredRow, id: Int64?, block: Int64, seq: Int64) throws(SQLiteError) -> Int64 {
    let statement = statements.insertMessage
    defer { statement.reset() }
    if let id { try statement.bind(id, at: 1) } else { try statement.bindNull(at: 1) }
    try statement.bind(block, at: 2)
    try statement.bind(seq, at: 3)
    try statement.bind(row.length, at: 4)
    try statement.bind(row.sender, at: 5)
    try statement.bind(row.time, at: 6)
    try statement.bind(row.date, at: 7)
    try statement.bind(row.separator, at: 8)
    try statement.bind(row.body, at: 9)
    try statement.bind(row.extra, at: 10)
    try statement.bind(row.scalars, at: 11)
    try statement.step()
    return id ?? connection.lastInsertRowID
  }

  /// The stable id `attachment` keeps: the one its `persistentIdentifier` names when this store
  /// gave it (a row id up to `highestRow`), so that the attachment is stored as another occurrence
  /// of itself, or comes back with its id (undo); `nil` for a new attachment (no id, or one this
  /// store never gave: another store's, or not a row id at all), which gets a new one.
  static func stableStickerID(of attachment: TextAttachment, highestRow: Int64) -> Int64? {
    guard let id = attachment.persistentIdentifier.flatMap({ Int64($0) }), id > 0, id <= highestRow else { return nil }
    return id
  }

  /// The highest sticker row id the store ever gave: a new row takes the next one.
  /// - Complexity: O(log n).
  private func highestStickerRow() throws(SQLiteError) -> Int64 {
    let statement = statements.stickerSequence
    defer { statement.reset() }
    return try statement.step() ? statement.int64(0) : 0
  }

  /// Inserts one occurrence of a sticker: row `row` of message `message`, of the attachment with
  /// stable id `stableID`.
  private func insertSticker(_ sticker: StoredSticker, row: Int64, stableID: Int64, message: Int64)
    throws(SQLiteError)
  {
    let statement = statements.insertSticker
    defer { statement.reset() }
    try statement.bind(row, at: 1)
    try statement.bind(message, at: 2)
    try statement.bind(sticker.offset, at: 3)
    try statement.bind(sticker.name, at: 4)
    try statement.bind(stableID, at: 5)
    try statement.step()
  }
}
