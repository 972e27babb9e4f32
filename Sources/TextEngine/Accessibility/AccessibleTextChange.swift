/// What changed between two versions of a text, as AT-SPI's `text-changed` events tell it: at a
/// scalar offset, the scalars removed and the scalars inserted (the common prefix and suffix kept).
public struct AccessibleTextChange: Equatable, Sendable {
  /// The scalar offset where the change starts.
  public var offset: Int
  /// The text removed there (`text-changed::delete`), possibly empty.
  public var removed: String
  /// The text inserted there (`text-changed::insert`), possibly empty.
  public var inserted: String

  /// The change from `old` to `new`, or `nil` when they are equal.
  /// - Complexity: O(length of both).
  public init?(from old: String, to new: String) {
    let before = Array(old.unicodeScalars)
    let after = Array(new.unicodeScalars)
    var prefix = 0
    while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < before.count - prefix, suffix < after.count - prefix,
      before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
    {
      suffix += 1
    }
    guard prefix != before.count || prefix != after.count else { return nil }
    offset = prefix
    var removed = String.UnicodeScalarView()
    removed.append(contentsOf: before[prefix..<(before.count - suffix)])
    var inserted = String.UnicodeScalarView()
    inserted.append(contentsOf: after[prefix..<(after.count - suffix)])
    self.removed = String(removed)
    self.inserted = String(inserted)
  }
}
