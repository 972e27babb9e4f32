/// A content manager over a store: ``TextContentManager`` under the name the app and the
/// benchmarks use for a document opened from a ``TextContentSource`` such as the chat's SQLite
/// store. It adds nothing to the engine; ``TextContentManager/init(source:)`` opens any source.
public final class StoredTextContentManager: TextContentManager {
  /// Opens `source`: reads its block summaries and builds no paragraph.
  /// - Throws: The source's error, or ``StoredTextContentError/noBlocks``.
  /// - Complexity: O(blocks).
  public override init(source: any TextContentSource) throws {
    try super.init(source: source)
  }
}
