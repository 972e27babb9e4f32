/// Why storage rejected an edit or a location. The document is unchanged when one is thrown.
public enum TextEditError: Error, Equatable, CustomStringConvertible {
  /// A character offset outside `0...length`.
  case offsetOutOfRange(offset: Int, length: Int)
  /// A paragraph index outside the document.
  case paragraphIndexOutOfRange(index: Int, count: Int)
  /// The location's paragraph is no longer in this document (an edit replaced or removed it).
  case staleLocation
  /// The range's end comes before its start.
  case invertedRange
  /// An editing call was made while the storage was notifying observers of an earlier edit.
  case reentrantEdit
  /// The text view refused to change these characters (``TextView/shouldChangeText(in:)``).
  case refused(range: Range<Int>)
  /// The backing store failed to read or write (a store-backed manager); the message is the store's.
  case storeFailed(message: String)
  /// The backing store's disk is full: the edit was not written, and the document is as the store
  /// has it. Editing works again once there is space.
  case storeFull(message: String)

  /// Whether the backing store failed (a read or a write), as opposed to a bad request.
  public var isStoreFailure: Bool {
    switch self {
    case .storeFailed, .storeFull: true
    default: false
    }
  }

  public var description: String {
    switch self {
    case .offsetOutOfRange(let offset, let length): "offset \(offset) is outside 0...\(length)"
    case .paragraphIndexOutOfRange(let index, let count): "paragraph \(index) is outside 0..<\(count)"
    case .staleLocation: "the location points into a paragraph that is no longer in the document"
    case .invertedRange: "the range ends before it starts"
    case .reentrantEdit: "an edit was made while observers were being told about another edit"
    case .refused(let range): "the view does not let the characters in \(range.lowerBound)..<\(range.upperBound) change"
    case .storeFailed(let message): "the backing store failed: \(message)"
    case .storeFull(let message): "disk full: the edit was not saved (\(message))"
    }
  }
}
