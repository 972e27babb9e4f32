import TextEngine

/// A storage delegate that hides paragraphs whose text is in ``hidden`` (collapsed sections).
public final class Hider: TextContentManagerDelegate {
  public var hidden: Set<String>
  public init(hidden: Set<String>) { self.hidden = hidden }
  public func textContentManager(
    _ textContentManager: TextContentManager, shouldEnumerate textElement: TextElement,
    options: TextContentManagerEnumerationOptions
  ) -> Bool {
    !hidden.contains((textElement as? TextParagraph)?.attributedString.string ?? "")
  }
}
