/// A layout manager's rendering attributes, outside the text storage: each paragraph's runs
/// (``RenderingAttributeRuns``) by the paragraph's identifier, which survives the release and
/// rebuilding of paragraph objects. A paragraph without rendering attributes has no entry, so
/// nothing is kept or done per untouched paragraph.
struct RenderingAttributeStore {
  private(set) var paragraphs: [Int64: RenderingAttributeRuns] = [:]

  /// The runs of the paragraph with `identifier`, or `nil` when it has none.
  /// - Complexity: O(1).
  func runs(ofParagraph identifier: Int64) -> RenderingAttributeRuns? { paragraphs[identifier] }

  /// Applies `change` to the characters `range` of the paragraph with `identifier`.
  /// - Returns: Whether any character's attributes changed.
  /// - Complexity: O(1) to find the paragraph, plus ``RenderingAttributeRuns/modify(_:_:)``.
  @discardableResult
  mutating func modify(
    paragraph identifier: Int64, _ range: Range<Int>, _ change: (inout RenderingAttributes) -> Void
  ) -> Bool {
    var runs = paragraphs[identifier] ?? RenderingAttributeRuns()
    let changed = runs.modify(range, change)
    paragraphs[identifier] = runs.isEmpty ? nil : runs
    return changed
  }

  /// Moves the attributes across an edit that replaced paragraphs `removed` with `inserted`, as
  /// TextKit 1 moved temporary attributes: the unchanged characters at the start of the first
  /// removed paragraph keep theirs in the first inserted one, the unchanged characters at the end of
  /// the last removed paragraph keep theirs at the end of the last inserted one; replaced and
  /// inserted characters have none, and a paragraph removed whole takes its attributes with it.
  /// Characters are compared, not their stored attributes: restyling text keeps its highlight.
  /// - Complexity: O(1) when no removed paragraph has rendering attributes, else O(characters of
  ///   the first and last paragraphs on both sides + runs moved).
  mutating func paragraphsReplaced(removed: [TextParagraph], inserted: [TextParagraph]) {
    guard !paragraphs.isEmpty, removed.contains(where: { paragraphs[$0.identifier] != nil }) else { return }
    let carried = carriedRuns(removed, inserted)
    for paragraph in removed { paragraphs[paragraph.identifier] = nil }
    for (identifier, runs) in carried where !runs.isEmpty { paragraphs[identifier] = runs }
  }

  private func carriedRuns(_ removed: [TextParagraph], _ inserted: [TextParagraph]) -> [(Int64, RenderingAttributeRuns)]
  {
    guard let oldFirst = removed.first, let oldLast = removed.last, let newFirst = inserted.first,
      let newLast = inserted.last
    else { return [] }
    let oldFirstCharacters = Array(oldFirst.attributedString.string)
    let newFirstCharacters = Array(newFirst.attributedString.string)
    var prefix = zip(oldFirstCharacters, newFirstCharacters).prefix { $0 == $1 }.count
    let oldLastCharacters = oldLast === oldFirst ? oldFirstCharacters : Array(oldLast.attributedString.string)
    let newLastCharacters = newLast === newFirst ? newFirstCharacters : Array(newLast.attributedString.string)
    var suffix = zip(oldLastCharacters.reversed(), newLastCharacters.reversed()).prefix { $0 == $1 }.count
    prefix = min(prefix, oldFirst.length, newFirst.length)
    // One character keeps its attributes once: where the prefix and the suffix would overlap, in
    // the old paragraph or the new one, the prefix wins.
    if oldLast === oldFirst { suffix = min(suffix, oldLast.length - prefix) }
    if newLast === newFirst { suffix = min(suffix, newLast.length - prefix) }
    suffix = max(0, min(suffix, oldLast.length, newLast.length))
    let firstRuns = paragraphs[oldFirst.identifier]
    let lastRuns = paragraphs[oldLast.identifier]
    if newFirst === newLast {
      return [
        (
          newFirst.identifier,
          .carried(
            prefix: firstRuns, prefixLength: prefix, suffix: lastRuns, suffixLength: suffix,
            suffixSourceLength: oldLast.length, newLength: newLast.length)
        )
      ]
    }
    return [
      (
        newFirst.identifier,
        .carried(
          prefix: firstRuns, prefixLength: prefix, suffix: nil, suffixLength: 0, suffixSourceLength: 0,
          newLength: newFirst.length)
      ),
      (
        newLast.identifier,
        .carried(
          prefix: nil, prefixLength: 0, suffix: lastRuns, suffixLength: suffix, suffixSourceLength: oldLast.length,
          newLength: newLast.length)
      ),
    ]
  }

  /// The store's invariants: every paragraph's runs are normal and not empty.
  /// - Complexity: O(runs).
  func checkInvariants() -> [String] {
    var violations: [String] = []
    for (identifier, runs) in paragraphs {
      if runs.isEmpty { violations.append("paragraph \(identifier) keeps an empty run list") }
      violations += runs.checkInvariants().map { "paragraph \(identifier): \($0)" }
    }
    return violations
  }
}
