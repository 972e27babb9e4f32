/// Unicode scalar counts, the unit AT-SPI's offsets count in.
extension AttributedText {
  /// The number of Unicode scalars (an attachment is one, U+FFFC; an emoji of three scalars is
  /// three).
  /// - Complexity: O(1) while every character is one UTF-8 byte, else O(length).
  public var scalarLength: Int {
    let bytes = string.utf8.count
    // Every character one byte: as many scalars as characters (`\r\n`, one character of two
    // bytes, makes the counts differ, so it never takes this path).
    return bytes == length ? length : string.unicodeScalars.count
  }
}
