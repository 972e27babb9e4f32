/// One paragraph's rendering attributes: a sorted list of runs, each a character range with the
/// attributes its characters share.
///
/// The list is kept normal: runs are non-empty, in order, do not overlap, carry at least one
/// attribute, and two runs that touch carry different attributes (equal ones are merged). A
/// character outside every run has no rendering attribute. See ``checkInvariants()``.
struct RenderingAttributeRuns: Equatable {
  /// A range of characters (paragraph offsets) and their rendering attributes.
  struct Run: Equatable {
    var range: Range<Int>
    var attributes: RenderingAttributes
  }

  /// The runs, in order.
  private(set) var runs: [Run] = []

  /// Whether no character has an attribute.
  var isEmpty: Bool { runs.isEmpty }

  /// The index of the first run ending after `offset`.
  /// - Complexity: O(log runs).
  func firstIndex(endingAfter offset: Int) -> Int {
    var low = 0
    var high = runs.count
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].range.upperBound <= offset { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The attributes of the character at `offset` (empty when it has none).
  /// - Complexity: O(log runs).
  func attributes(at offset: Int) -> RenderingAttributes {
    let index = firstIndex(endingAfter: offset)
    guard index < runs.count, runs[index].range.lowerBound <= offset else { return [:] }
    return runs[index].attributes
  }

  /// The runs meeting `range`, clipped to it.
  /// - Complexity: O(log runs + runs returned).
  func runs(in range: Range<Int>) -> [Run] {
    var result: [Run] = []
    var index = firstIndex(endingAfter: range.lowerBound)
    while index < runs.count, runs[index].range.lowerBound < range.upperBound {
      let run = runs[index]
      result.append(Run(range: run.range.clamped(to: range), attributes: run.attributes))
      index += 1
    }
    return result
  }

  /// Applies `change` to the attributes of every character in `range` (characters without
  /// attributes start from an empty set), keeping the list normal.
  /// - Returns: Whether any character's attributes changed.
  /// - Complexity: O(log runs + runs in `range`), plus moving the runs after it.
  @discardableResult
  mutating func modify(_ range: Range<Int>, _ change: (inout RenderingAttributes) -> Void) -> Bool {
    guard !range.isEmpty else { return false }
    let first = firstIndex(endingAfter: range.lowerBound)
    var last = first
    while last < runs.count, runs[last].range.lowerBound < range.upperBound { last += 1 }
    var pieces: [Run] = []
    if first < last, runs[first].range.lowerBound < range.lowerBound {
      pieces.append(Run(range: runs[first].range.lowerBound..<range.lowerBound, attributes: runs[first].attributes))
    }
    var cursor = range.lowerBound
    for run in runs[first..<last] {
      let start = max(run.range.lowerBound, range.lowerBound)
      if cursor < start { pieces.append(changed(cursor..<start, [:], change)) }
      let end = min(run.range.upperBound, range.upperBound)
      pieces.append(changed(start..<end, run.attributes, change))
      cursor = end
    }
    if cursor < range.upperBound { pieces.append(changed(cursor..<range.upperBound, [:], change)) }
    if first < last, runs[last - 1].range.upperBound > range.upperBound {
      pieces.append(
        Run(range: range.upperBound..<runs[last - 1].range.upperBound, attributes: runs[last - 1].attributes))
    }
    let before = runs(in: range)
    // Take the neighbours in, so that pieces equal to them merge.
    let lower = first > 0 && runs[first - 1].range.upperBound == range.lowerBound ? first - 1 : first
    let upper = last < runs.count && runs[last].range.lowerBound == range.upperBound ? last + 1 : last
    if lower < first { pieces.insert(runs[lower], at: 0) }
    if upper > last { pieces.append(runs[last]) }
    runs.replaceSubrange(lower..<upper, with: Self.normalized(pieces))
    return runs(in: range) != before
  }

  private func changed(
    _ range: Range<Int>, _ attributes: RenderingAttributes, _ change: (inout RenderingAttributes) -> Void
  )
    -> Run
  {
    var attributes = attributes
    change(&attributes)
    return Run(range: range, attributes: attributes)
  }

  /// `runs` (in order, not overlapping) without empty ones, touching equal ones merged.
  private static func normalized(_ runs: [Run]) -> [Run] {
    var result: [Run] = []
    for run in runs where !run.range.isEmpty && !run.attributes.isEmpty {
      if let last = result.last, last.range.upperBound == run.range.lowerBound, last.attributes == run.attributes {
        result[result.count - 1].range = last.range.lowerBound..<run.range.upperBound
      } else {
        result.append(run)
      }
    }
    return result
  }

  /// The runs an edited paragraph keeps: those of `prefix` (its first `prefixLength` characters,
  /// unchanged) and of `suffix` (the last `suffixLength` characters of a paragraph `suffixSourceLength`
  /// long, moved to the end of a paragraph `newLength` long). Characters between get none.
  /// - Complexity: O(runs kept).
  static func carried(
    prefix: RenderingAttributeRuns?, prefixLength: Int, suffix: RenderingAttributeRuns?, suffixLength: Int,
    suffixSourceLength: Int, newLength: Int
  ) -> RenderingAttributeRuns {
    var pieces: [Run] = []
    if let prefix, prefixLength > 0 { pieces += prefix.runs(in: 0..<prefixLength) }
    if let suffix, suffixLength > 0 {
      let shift = newLength - suffixSourceLength
      for run in suffix.runs(in: (suffixSourceLength - suffixLength)..<suffixSourceLength) {
        pieces.append(
          Run(range: (run.range.lowerBound + shift)..<(run.range.upperBound + shift), attributes: run.attributes))
      }
    }
    var result = RenderingAttributeRuns()
    result.runs = normalized(pieces)
    return result
  }

  /// The list's invariants, one line per violation: runs non-empty, with attributes, in order, not
  /// overlapping, and no two touching runs with equal attributes.
  /// - Complexity: O(runs).
  func checkInvariants() -> [String] {
    var violations: [String] = []
    for (index, run) in runs.enumerated() {
      if run.range.isEmpty { violations.append("run \(index) is empty") }
      if run.attributes.isEmpty { violations.append("run \(index) has no attributes") }
      if run.range.lowerBound < 0 { violations.append("run \(index) starts before the paragraph") }
      guard index > 0 else { continue }
      let previous = runs[index - 1]
      if previous.range.upperBound > run.range.lowerBound {
        violations.append("runs \(index - 1) and \(index) overlap")
      }
      if previous.range.upperBound == run.range.lowerBound, previous.attributes == run.attributes {
        violations.append("runs \(index - 1) and \(index) touch with equal attributes")
      }
    }
    return violations
  }
}
