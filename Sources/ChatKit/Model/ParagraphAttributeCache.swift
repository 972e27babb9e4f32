/// Shares one paragraph-attribute dictionary among messages with the same sender, time and date,
/// so that a long transcript holds one dictionary per distinct header instead of one per message
/// (about 200 bytes each; a generated transcript has a few thousand distinct headers).
///
/// Dictionaries are values: sharing their storage changes no behaviour, and a paragraph whose
/// attributes are later changed copies them as any value would.
///
/// Not yet used by ``Transcript/storage(stickers:)`` or the benchmarks: at 1M messages it cut peak
/// memory from 945 to 748 MiB, but the open (P3) then took about twice as long, for a reason not
/// yet found (see BENCHMARKS.md, "In-memory open at 1M").
public struct ParagraphAttributeCache {
  private struct Key: Hashable {
    let from: String
    let time: String?
    let date: String?
  }

  /// The most dictionaries kept; headers past it get their own dictionary, so memory stays bounded
  /// however many distinct headers a transcript has.
  public static let capacity = 16_384

  private var shared: [Key: [String: String]] = [:]

  /// The dictionaries kept for sharing.
  public var count: Int { shared.count }

  public init() {}

  /// The paragraph attributes of `message`: the shared dictionary for its header when there is one.
  /// - Complexity: O(1) expected.
  public mutating func attributes(of message: ChatMessage) -> [String: String] {
    let key = Key(from: message.from, time: message.time, date: message.date)
    if let found = shared[key] { return found }
    let made = message.paragraphAttributes
    if shared.count < Self.capacity { shared[key] = made }
    return made
  }
}
