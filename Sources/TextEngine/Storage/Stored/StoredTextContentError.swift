/// Why a ``StoredTextContentManager`` could not open its source.
public enum StoredTextContentError: Error, Equatable, CustomStringConvertible {
  /// The source reported no block: there is nowhere to put the first paragraph.
  case noBlocks

  public var description: String {
    switch self {
    case .noBlocks: "the store has no block to hold paragraphs"
    }
  }
}
