import TextEngine

/// The two sources a suite can run the one content manager over: the in-memory document
/// (``TextContentStorage``) and the counting ``MemoryTextContentSource``, a source written outside
/// the package (small blocks, so runs, splits and edits across blocks all happen).
public enum Backend: String, CaseIterable, Sendable, CustomStringConvertible {
  case memory
  case stored

  public var description: String { rawValue }

  /// A content manager holding `contents`, one paragraph each.
  public func manager(_ contents: [(AttributedText, [String: String])]) -> TextContentManager {
    switch self {
    case .memory:
      return TextContentStorage(paragraphs: contents)
    case .stored:
      let source = MemoryTextContentSource(count: contents.count, blockSize: 16) { contents[$0] }
      // The test source never fails to open.
      return try! StoredTextContentManager(source: source)
    }
  }
}
