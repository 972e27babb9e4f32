/// The in-memory content manager: every paragraph is an object in memory, split from attributed
/// text at `\n` or given one per message.
///
/// An edit replaces exactly the paragraphs it touches with new objects; every other paragraph
/// keeps its identity (object and ``TextParagraph/identifier``). Bad input throws
/// ``TextEditError`` and changes nothing. The editing API is ``TextContentManager``'s.
public final class TextContentStorage: TextContentManager {
  /// Creates storage holding `text`, split into paragraphs at `\n`.
  public init(_ text: AttributedText = AttributedText(), paragraphAttributes: [String: String] = [:]) {
    super.init()
    if text.length > 0 {
      _ = try? replaceParagraphs(0..<1, with: text.splitIntoParagraphs().map { ($0, paragraphAttributes) })
    }
  }

  /// Creates storage from ready-made paragraphs (one per message, for example).
  /// - Complexity: O(n).
  public init(paragraphs contents: [(AttributedText, [String: String])]) {
    super.init()
    _ = try? replaceParagraphs(0..<1, with: contents)
  }
}
