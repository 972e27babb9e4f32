extension TextLayoutManager {
  /// The layout of an edited paragraph's previous version, kept in the new version's entry until
  /// it is laid out, so that layout re-breaks only the lines the edit can change.
  struct ReplacedLayout {
    let layout: ParagraphLayout
    /// The previous version's text, to find what the edit changed.
    let text: AttributedText
    /// The layout generation (container width) the layout was made for.
    let generation: Int

    /// The reusable layout of `entry`'s fragment, or `nil` when it has none or a stale one.
    init?(of entry: Entry) {
      guard let fragment = entry.fragment, !entry.isInvalidated else {
        guard let replaced = entry.replacedLayout else { return nil }
        self = replaced  // edited again before it was laid out
        return
      }
      layout = fragment.layout
      text = fragment.textParagraph.attributedString
      generation = fragment.generation
    }
  }
}
