/// Shares one paragraph-attributes dictionary among the messages that have the same sender, time
/// and date, as a transcript's messages mostly do (a time is a minute of the day).
///
/// A dictionary of three short strings costs about 200 bytes; a million messages opened in memory
/// share a few thousand of them instead. Sharing is safe: dictionaries are values (copy on write),
/// so a paragraph whose attributes change gets its own. The table forgets everything once it holds
/// ``capacity`` entries, so its memory stays bounded over a transcript spanning years (dates only
/// move forward in a transcript, so the current day's entries come back at once).
public struct ParagraphAttributeTable {
  private struct Key: Hashable {
    var from: String
    var time: String?
    var date: String?
  }

  /// The most entries kept before the table starts over.
  public static let capacity = 16_384
  private var entries: [Key: [String: String]] = [:]

  /// Creates an empty table.
  public init() {}

  /// The attributes of `message` (``ChatMessage/paragraphAttributes``), shared with every earlier
  /// message with the same sender, time and date.
  /// - Complexity: O(1) expected: one hash of three short strings.
  public mutating func attributes(of message: ChatMessage) -> [String: String] {
    let key = Key(from: message.from, time: message.time, date: message.date)
    if let shared = entries[key] { return shared }
    if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
    let attributes = message.paragraphAttributes
    entries[key] = attributes
    return attributes
  }
}
