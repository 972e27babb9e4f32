/// Rendering attributes: attributes drawn over the text that never change its layout (TextKit 2's
/// successor of TextKit 1's temporary attributes), kept outside the storage by paragraph identifier.
///
/// A change only redraws: it makes no fragment, provider, view or animation state, under every
/// reuse policy. See <doc:ReusePolicies#Rendering-attributes>.
extension TextLayoutManager {
  /// Sets the rendering attributes of the characters in `textRange`, replacing any they had.
  ///
  /// A range across paragraphs applies to each paragraph's characters (the separators between
  /// paragraphs are not characters). The text views on this manager redraw the line fragments on
  /// screen that the range covers; nothing is laid out again.
  /// - Parameters:
  ///   - renderingAttributes: The attributes; empty removes every rendering attribute.
  ///   - textRange: The characters to set them on.
  /// - Throws: ``TextEditError`` for a stale, out-of-range or inverted range; nothing changes.
  /// - Complexity: O(log n + k × (log r + r)) for k paragraphs in the range with r runs each;
  ///   nothing for paragraphs outside it. A store-backed manager builds (reads) the paragraphs of the
  ///   range that are not in memory, to learn their identifiers.
  public func setRenderingAttributes(_ renderingAttributes: RenderingAttributes, for textRange: TextRange)
    throws(TextEditError)
  {
    try changeRenderingAttributes(in: textRange) { $0 = renderingAttributes }
  }

  /// Sets one rendering attribute on the characters in `textRange`, keeping their others.
  /// - Parameters:
  ///   - renderingAttribute: The attribute's key.
  ///   - value: Its value; `nil` removes the attribute, as TextKit documents.
  ///   - textRange: The characters to set it on.
  /// - Throws: ``TextEditError`` for a stale, out-of-range or inverted range; nothing changes.
  /// - Complexity: As ``setRenderingAttributes(_:for:)``.
  public func addRenderingAttribute(
    _ renderingAttribute: RenderingAttributeKey, value: RenderingAttributeValue?, for textRange: TextRange
  ) throws(TextEditError) {
    try changeRenderingAttributes(in: textRange) { $0[renderingAttribute] = value }
  }

  /// Removes one rendering attribute from the characters in `textRange`.
  /// - Parameters:
  ///   - renderingAttribute: The attribute's key.
  ///   - textRange: The characters to remove it from.
  /// - Throws: ``TextEditError`` for a stale, out-of-range or inverted range; nothing changes.
  /// - Complexity: As ``setRenderingAttributes(_:for:)``.
  public func removeRenderingAttribute(_ renderingAttribute: RenderingAttributeKey, for textRange: TextRange)
    throws(TextEditError)
  {
    try changeRenderingAttributes(in: textRange) { $0[renderingAttribute] = nil }
  }

  /// Marks the rendering attributes of the paragraphs in `textRange` for validation: each of their
  /// fragments is passed to ``renderingAttributesValidator`` again when a viewport pass next shows
  /// it, and the text views redraw the range's line fragments on screen. The attributes stay as
  /// they are until the validator changes them; no layout is invalidated.
  /// - Parameter textRange: The range whose rendering attributes are no longer valid.
  /// - Throws: ``TextEditError`` for a stale, out-of-range or inverted range; nothing changes.
  /// - Complexity: O(log n + k) for k paragraphs in the range.
  public func invalidateRenderingAttributes(for textRange: TextRange) throws(TextEditError) {
    let pieces = try paragraphPieces(of: textRange)
    for piece in pieces {
      // A gap holds no fragment: only measured entries can hold one to mark.
      guard let node = entries.node(at: piece.index), !node.element.isGap else { continue }
      node.element.fragment?.renderingAttributesAreValid = false
    }
    renderingAttributeObserver?.textLayoutManager(
      self, didChangeRenderingAttributesIn: pieces.map { ($0.identifier, $0.range) })
  }

  /// Calls `block` with each run of characters that has rendering attributes, from `location`
  /// towards the end (or, with `reverse`, towards the start), until `block` returns `false`.
  ///
  /// Runs are reported paragraph by paragraph: a range never spans two paragraphs. Forwards, a run
  /// holding `location` is reported from `location` on; in reverse, up to `location`.
  /// - Parameters:
  ///   - location: Where the enumeration starts.
  ///   - reverse: Whether it goes towards the start of the document.
  ///   - block: Gets the manager, a run's attributes and its range; returns whether to go on.
  /// - Throws: ``TextEditError`` when `location` is stale or out of its paragraph.
  /// - Complexity: O(m log m + m log n) for m paragraphs with rendering attributes, plus the runs
  ///   reported; nothing for paragraphs without.
  public func enumerateRenderingAttributes(
    from location: TextLocation, reverse: Bool,
    using block: (TextLayoutManager, RenderingAttributes, TextRange) -> Bool
  ) throws(TextEditError) {
    guard let manager = textContentManager else { return }
    _ = try manager.offset(of: location)  // validates it
    guard let start = manager.index(of: location) else { throw .staleLocation }
    var found: [(index: Int, identifier: Int64)] = []
    for identifier in renderingAttributeStore.paragraphs.keys {
      guard let index = manager.index(of: TextLocation(elementIdentifier: identifier, offset: 0)) else { continue }
      if reverse ? index <= start : index >= start { found.append((index, identifier)) }
    }
    found.sort { reverse ? $0.index > $1.index : $0.index < $1.index }
    for (index, identifier) in found {
      guard let runs = renderingAttributeStore.runs(ofParagraph: identifier) else { continue }
      let paragraph = manager.paragraph(at: index)
      var pieces = runs.runs(in: 0..<Int.max)
      if index == start {
        pieces = reverse ? runs.runs(in: 0..<location.offset) : runs.runs(in: location.offset..<Int.max)
      }
      if reverse { pieces.reverse() }
      for run in pieces {
        let range = TextRange(
          location: paragraph.map { TextLocation(paragraph: $0, offset: run.range.lowerBound) }
            ?? TextLocation(elementIdentifier: identifier, offset: run.range.lowerBound),
          end: paragraph.map { TextLocation(paragraph: $0, offset: run.range.upperBound) }
            ?? TextLocation(elementIdentifier: identifier, offset: run.range.upperBound))
        if !block(self, run.attributes, range) { return }
      }
    }
  }

  /// The rendering attributes of the paragraph with `identifier` that meet `range` (character
  /// offsets), clipped to it, in order: what a view draws.
  /// - Parameters:
  ///   - identifier: The paragraph's ``TextParagraph/identifier``.
  ///   - range: The characters asked about.
  /// - Returns: Each run's characters and attributes.
  /// - Complexity: O(1) for a paragraph without rendering attributes, else O(log r + runs returned).
  public func renderingAttributeRuns(ofParagraph identifier: Int64, in range: Range<Int>)
    -> [(range: Range<Int>, attributes: RenderingAttributes)]
  {
    renderingAttributeStore.runs(ofParagraph: identifier)?.runs(in: range).map { ($0.range, $0.attributes) } ?? []
  }

  /// Whether any character of the paragraph with `identifier` has rendering attributes.
  /// - Parameter identifier: The paragraph's ``TextParagraph/identifier``.
  /// - Returns: `true` when it has at least one run.
  /// - Complexity: O(1).
  public func hasRenderingAttributes(ofParagraph identifier: Int64) -> Bool {
    renderingAttributeStore.runs(ofParagraph: identifier) != nil
  }

  /// Calls ``renderingAttributesValidator`` for `fragment` if its rendering attributes are not
  /// valid (a new fragment, or one whose range was invalidated), then marks them valid. Without a
  /// validator nothing is marked, so a validator set later sees every fragment a pass shows.
  /// - Complexity: O(1) plus the validator.
  func validateRenderingAttributes(of fragment: TextLayoutFragment) {
    guard let validator = renderingAttributesValidator, !fragment.renderingAttributesAreValid else { return }
    fragment.renderingAttributesAreValid = true
    validator(self, fragment)
  }

  /// The invariants of the rendering attributes: every paragraph's run list is normal.
  /// - Returns: One line per violation.
  /// - Complexity: O(runs).
  func checkRenderingAttributeInvariants() -> [String] { renderingAttributeStore.checkInvariants() }

  /// Applies `change` to the attributes of every character in `textRange` and tells the observer
  /// about the paragraphs whose attributes changed.
  private func changeRenderingAttributes(
    in textRange: TextRange, _ change: (inout RenderingAttributes) -> Void
  ) throws(TextEditError) {
    var changed: [(identifier: Int64, range: Range<Int>)] = []
    for piece in try paragraphPieces(of: textRange)
    where renderingAttributeStore.modify(paragraph: piece.identifier, piece.range, change) {
      changed.append((piece.identifier, piece.range))
    }
    guard !changed.isEmpty else { return }
    renderingAttributeObserver?.textLayoutManager(self, didChangeRenderingAttributesIn: changed)
  }

  /// The paragraphs `textRange` covers, each with its index, identifier and the characters of it
  /// the range covers. Walks the storage's tree from the first paragraph to the last.
  /// - Throws: ``TextEditError`` for a stale, out-of-range or inverted range.
  /// - Complexity: O(log n + k) for k paragraphs, plus building those not in memory.
  private func paragraphPieces(of textRange: TextRange) throws(TextEditError)
    -> [(index: Int, identifier: Int64, range: Range<Int>)]
  {
    guard let manager = textContentManager else { return [] }
    let startOffset = try manager.offset(of: textRange.location)
    let endOffset = try manager.offset(of: textRange.endLocation)
    guard startOffset <= endOffset else { throw .invertedRange }
    guard let first = manager.index(of: textRange.location), let last = manager.index(of: textRange.endLocation)
    else { throw .staleLocation }
    var pieces: [(index: Int, identifier: Int64, range: Range<Int>)] = []
    var node = manager.builtNode(at: first)
    var index = first
    while index <= last, let current = node {
      guard let paragraph = current.element else {
        // A run of paragraphs not built: build this one (with a window of neighbours).
        guard let built = manager.builtNode(at: index), built.element != nil else {
          throw .storeFailed(message: "the store could not build paragraph \(index)")
        }
        node = built
        continue
      }
      let lower = index == first ? textRange.location.offset : 0
      let upper = index == last ? textRange.endLocation.offset : paragraph.length
      pieces.append((index, paragraph.identifier, lower..<upper))
      index += 1
      node = index <= last ? manager.paragraphs.successor(of: current) : nil
    }
    return pieces
  }
}

/// What a text view hears from its layout manager about rendering attributes.
protocol RenderingAttributeObserver: AnyObject {
  /// The rendering attributes of these characters changed or were invalidated: each paragraph's
  /// identifier, with the characters of it (paragraph offsets).
  func textLayoutManager(
    _ textLayoutManager: TextLayoutManager,
    didChangeRenderingAttributesIn changes: [(identifier: Int64, range: Range<Int>)])
}
