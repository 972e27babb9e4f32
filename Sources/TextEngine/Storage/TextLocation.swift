/// A position in a document: an element's identifier and a character offset inside it.
///
/// A location names its paragraph by ``TextParagraph/identifier``, which survives the release
/// and rebuilding of the paragraph object by a store-backed manager; it does not keep the
/// paragraph alive. A location into a paragraph that an edit replaced is *stale*: storage rejects
/// it with ``TextEditError/staleLocation``. Resolve one with
/// ``TextContentManager/paragraph(for:)``; compare locations with ``TextContentManager/compare(_:_:)``.
/// See <doc:StorageIdentity>.
public struct TextLocation: Hashable, CustomStringConvertible {
  /// The identifier of the paragraph the location points into.
  public let elementIdentifier: Int64
  /// The offset in `Character`s from the paragraph's start; the paragraph's length is its end.
  public let offset: Int
  /// The paragraph object the location was made from, while it lives: resolves in O(1).
  weak var cachedParagraph: TextParagraph?

  /// A location `offset` characters into `paragraph`; it keeps a weak reference to the paragraph, so
  /// it resolves in O(1) while the object lives. The offset is checked when storage uses it.
  /// - Parameters:
  ///   - paragraph: The paragraph the location points into.
  ///   - offset: The offset in `Character`s from the paragraph's start.
  public init(paragraph: TextParagraph, offset: Int) {
    self.elementIdentifier = paragraph.identifier
    self.offset = offset
    self.cachedParagraph = paragraph
  }

  /// A location in the paragraph with `elementIdentifier`, resolved by its content manager.
  public init(elementIdentifier: Int64, offset: Int) {
    self.elementIdentifier = elementIdentifier
    self.offset = offset
  }

  /// The same paragraph, `delta` characters further. The sum saturates instead of overflowing, so
  /// a location advanced too far is refused by storage (out of range) rather than trapping.
  public func advanced(by delta: Int) -> TextLocation {
    let (sum, overflow) = offset.addingReportingOverflow(delta)
    var result = TextLocation(
      elementIdentifier: elementIdentifier, offset: overflow ? (delta > 0 ? Int.max : Int.min) : sum)
    result.cachedParagraph = cachedParagraph
    return result
  }

  public static func == (lhs: TextLocation, rhs: TextLocation) -> Bool {
    lhs.elementIdentifier == rhs.elementIdentifier && lhs.offset == rhs.offset
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(elementIdentifier)
    hasher.combine(offset)
  }

  public var description: String { "TextLocation(element \(elementIdentifier), offset \(offset))" }
}

/// A half-open range between two locations.
public struct TextRange: Hashable, CustomStringConvertible {
  /// The range's start, as `NSTextRange.location`.
  public let location: TextLocation
  /// The range's end, just past its last character (equal to ``location`` for an empty range), as
  /// `NSTextRange.endLocation`.
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
