import TextEngine

/// Chat-bubble geometry, as the demo's chat view lays messages out: a name line above each
/// bubble, padding around the text, the sender's own messages floated to the trailing edge.
final class ChatLayoutDelegate: TextLayoutManagerDelegate {
  private let incoming = ParagraphStyle(
    headIndent: 22, tailIndent: 70, spacingBefore: 28, spacingAfter: 14, maximumLineWidth: 340)
  private let outgoing = ParagraphStyle(
    headIndent: 70, tailIndent: 22, spacingBefore: 10, spacingAfter: 14, maximumLineWidth: 340,
    blockAlignment: .trailing)

  func textLayoutManager(_ textLayoutManager: TextLayoutManager, paragraphStyleFor paragraph: TextParagraph)
    -> ParagraphStyle
  {
    paragraph.paragraphAttributes["from"] == "me" ? outgoing : incoming
  }
}
