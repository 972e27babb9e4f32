/// The table of records: one chain per attachment identity, one record per occurrence that has a
/// provider (almost always one). TextKit lets one attachment object sit in several ranges, and
/// `viewProvider(for:location:textContainer:)` makes a provider per location.
extension TextAttachmentReuseController {
  /// The records of `identity`'s occurrences, in serial order.
  /// - Complexity: O(occurrences with a provider).
  func occurrenceRecords(of identity: AttachmentIdentity) -> [ProviderRecord] {
    var result: [ProviderRecord] = []
    var next = records[identity]
    while let record = next {
      result.append(record)
      next = record.nextOccurrence
    }
    return result
  }

  /// The first record of `identity`'s chain, in serial order, that `predicate` accepts; the chain
  /// is walked, not collected.
  /// - Complexity: O(occurrences with a provider), almost always one.
  func firstRecord(of identity: AttachmentIdentity, where predicate: (ProviderRecord) -> Bool) -> ProviderRecord? {
    var next = records[identity]
    while let record = next {
      if predicate(record) { return record }
      next = record.nextOccurrence
    }
    return nil
  }

  /// The record with `key`, if alive.
  func record(for key: ProviderKey) -> ProviderRecord? {
    firstRecord(of: key.identity) { $0.key == key }
  }

  /// Every record, in no particular order.
  func forEachRecord(_ body: (ProviderRecord) -> Void) {
    for head in records.values {
      var next: ProviderRecord? = head
      while let record = next {
        body(record)
        next = record.nextOccurrence
      }
    }
  }

  /// The number of live records (providers).
  var recordCount: Int {
    var count = 0
    forEachRecord { _ in count += 1 }
    return count
  }

  /// A serial for a new record of `identity`: 0 for its first, then ever larger.
  func nextSerial(for identity: AttachmentIdentity) -> Int {
    guard records[identity] != nil else { return 0 }
    serialCounter &+= 1
    return serialCounter
  }

  /// Adds `record` at the end of its attachment's chain.
  func insert(_ record: ProviderRecord) {
    guard var last = records[record.id] else {
      records[record.id] = record
      return
    }
    while let next = last.nextOccurrence { last = next }
    last.nextOccurrence = record
  }

  /// Removes `record` from its attachment's chain.
  func unlink(_ record: ProviderRecord) {
    guard let head = records[record.id] else { return }
    if head === record {
      records[record.id] = record.nextOccurrence
    } else {
      var previous = head
      while let next = previous.nextOccurrence, next !== record { previous = next }
      previous.nextOccurrence = record.nextOccurrence
    }
    record.nextOccurrence = nil
  }

  /// Discards records of `identity` beyond its occurrences in the document (an edit deleted some
  /// of them): the ones no fragment holds, those waiting for a pass first, the newest first.
  func discardSurplusRecords(of identity: AttachmentIdentity) {
    // One record of an attachment still in the document, the common case, is never surplus.
    guard let head = records[identity] else { return }
    if head.nextOccurrence == nil, storage.containsAttachment(with: identity) { return }
    let all = occurrenceRecords(of: identity)
    var surplus = all.count - storage.occurrenceCount(of: identity)
    guard surplus > 0 else { return }
    let unheld = all.filter { $0.state.fragment == nil }
    let order = unheld.filter(\.state.isPending).reversed() + unheld.filter { !$0.state.isPending }.reversed()
    for record in order where surplus > 0 {
      apply(.discard(because: "its attachment has fewer places in the document now"), to: record)
      surplus -= 1
    }
  }
}
