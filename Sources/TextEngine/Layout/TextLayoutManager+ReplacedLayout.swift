extension TextLayoutManager {
  /// The layout of an edited paragraph's previous version, kept in the new version's entry until
  /// it is laid out, so that layout re-breaks only the lines the edit can change.
  /// A class, so that an index entry holds one reference rather than the layout inline: every
  /// paragraph's entry carries the field, and most never use it.
  final class ReplacedLayout {
    let layout: ParagraphLayout
    /// The previous version's text, to find what the edit changed.
    let text: AttributedText
    /// The layout generation (container width) the layout was made for.
    let generation: Int

    private init(layout: ParagraphLayout, text: AttributedText, generation: Int) {
      self.layout = layout
      self.text = text
      self.generation = generation
    }

    /// The reusable layout of `entry`'s fragment (or the one it kept when edited again before it
    /// was laid out), or `nil` when it has none or a stale one.
    static func of(_ entry: Entry) -> ReplacedLayout? {
      guard let fragment = entry.fragment, !entry.isInvalidated else { return entry.replacedLayout }
      return ReplacedLayout(
        layout: fragment.layout, text: fragment.textParagraph.attributedString, generation: fragment.generation)
    }
  }
}
