/// Edits: the layout manager observes its storage and replaces the index entries of the paragraphs
/// an edit replaced, handing their fragments to the reuse controller.
extension TextLayoutManager: TextContentObserver {
  func textContentManager(
    _ manager: TextContentManager, didReplaceParagraphsIn range: Range<Int>, removed: [TextParagraph],
    inserted: [TextParagraph]
  ) {
    // Providers whose fragments are gone (released, or an index awaiting its rebuild) still follow
    // the edit rule: the reuse controller hears of every replaced paragraph.
    reuseController?.paragraphsReplaced(removed)
    // Rendering attributes follow the unchanged characters; they are kept even while the index
    // awaits its rebuild, since they live by paragraph identifier, not in the index.
    renderingAttributeStore.paragraphsReplaced(removed: removed, inserted: inserted)
    guard !needsEstimates else { return }  // the rebuild will read the storage as it is then
    let estimator = HeightEstimator(self)
    // The range's ends must fall between nodes: split the gaps they fall in.
    if range.lowerBound < index.count { _ = entryNode(at: range.lowerBound) }
    if range.upperBound > range.lowerBound { _ = entryNode(at: range.upperBound - 1) }
    // An edited paragraph (one replaced by one, as on every keystroke) starts from its old measured
    // height, which is nearer the truth than a length estimate: a bottom-anchored view then needs
    // no second pass to settle.
    let edited = range.count == 1 && inserted.count == 1 ? index.node(at: range.lowerBound)?.element : nil
    let measured = edited?.fragment?.height
    let (removedEntries, _) = index.replace(
      range,
      with: inserted.map {
        var entry = Entry()
        entry.replacedLayout = edited.flatMap(ReplacedLayout.of)
        return (element: entry, length: $0.length, height: measured ?? estimator.height(of: $0))
      })
    for entry in removedEntries {
      guard let fragment = entry.fragment else { continue }
      retainedNodes[ObjectIdentifier(fragment)] = nil
      reuseController?.fragmentDiscarded(fragment)
    }
  }
}
