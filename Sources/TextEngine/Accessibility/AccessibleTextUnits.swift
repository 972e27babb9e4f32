/// Finds AT-SPI's text units (character, word, sentence, line, paragraph) in a string, in scalar
/// offsets; what ``AccessibleTextContent/range(of:at:)`` answers.
public enum AccessibleTextUnits {
  /// The unit of `granularity` holding scalar `offset` of `string`: from its start to the next
  /// unit's start (an empty range at the end of the string).
  /// - Parameters:
  ///   - granularity: The unit.
  ///   - offset: A scalar offset into `string`.
  ///   - string: The text.
  ///   - lineStarts: The scalar offsets where laid-out lines start; none makes a paragraph one line.
  /// - Complexity: O(string length).
  public static func range(
    of granularity: AccessibleTextGranularity, at offset: Int, in string: String, lineStarts: [Int] = []
  ) -> Range<Int> {
    let segments = AccessibleTextSegments(string)
    if granularity == .line, lineStarts.isEmpty {
      return segments.range(of: .paragraph, at: offset, lines: [])
    }
    return segments.range(of: granularity, at: offset, lines: lineStarts)
  }
}
