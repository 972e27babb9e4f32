import ReuseKit

/// The storage delegate of a ``ReuseTestHost`` that has collapsed messages: it hides paragraphs
/// by element identifier, which an edit elsewhere does not change.
final class ParagraphHider: TextContentManagerDelegate {
  /// The identifiers of the hidden paragraphs.
  var hidden: Set<Int64> = []

  func textContentManager(
    _ textContentManager: TextContentManager, shouldEnumerate textElement: TextElement,
    options: TextContentManagerEnumerationOptions
  ) -> Bool {
    guard !hidden.isEmpty, let paragraph = textElement as? TextParagraph else { return true }
    return !hidden.contains(paragraph.identifier)
  }
}
