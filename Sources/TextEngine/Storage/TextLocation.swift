/// A position in a document: a paragraph object and a character offset inside it.
///
/// A location names its paragraph by identity, so a location into a paragraph that an edit
/// replaced is *stale*: storage rejects it with ``TextEditError/staleLocation``.
/// Compare locations with ``TextContentManager/compare(_:_:)``.
public struct TextLocation: Hashable, CustomStringConvertible {
  /// The paragraph the location points into.
  public let paragraph: TextParagraph
  /// The offset in `Character`s from the paragraph's start; `paragraph.length` is its end.
  public let offset: Int

  public init(paragraph: TextParagraph, offset: Int) {
    self.paragraph = paragraph
    self.offset = offset
  }

  /// The same paragraph, `delta` characters further. The sum saturates instead of overflowing, so
  /// a location advanced too far is refused by storage (out of range) rather than trapping.
  public func advanced(by delta: Int) -> TextLocation {
    let (sum, overflow) = offset.addingReportingOverflow(delta)
    return TextLocation(paragraph: paragraph, offset: overflow ? (delta > 0 ? Int.max : Int.min) : sum)
  }

  public static func == (lhs: TextLocation, rhs: TextLocation) -> Bool {
    lhs.paragraph === rhs.paragraph && lhs.offset == rhs.offset
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(paragraph))
    hasher.combine(offset)
  }

  public var description: String { "TextLocation(paragraph #\(paragraph.serial), offset \(offset))" }
}

/// A half-open range between two locations.
public struct TextRange: Hashable, CustomStringConvertible {
  public let location: TextLocation
  public let endLocation: TextLocation

  /// Creates a range; storage validates order when the range is used.
  public init(location: TextLocation, end: TextLocation? = nil) {
    self.location = location
    self.endLocation = end ?? location
  }

  /// Whether the range is a caret (no characters).
  public var isEmpty: Bool { location == endLocation }

  public var description: String { "TextRange(\(location) ..< \(endLocation))" }
}
