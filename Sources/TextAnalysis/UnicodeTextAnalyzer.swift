import TextEngine

/// Unicode analysis for layout over ICU and FriBidi: line-break opportunities by UAX #14
/// (ICU's break iterator, whose dictionaries break Thai and CJK text without spaces) and
/// embedding levels by the Unicode Bidirectional Algorithm (FriBidi).
///
/// Results count `Character`s (grapheme clusters): ICU's UTF-16 boundaries and FriBidi's
/// per-code-point levels are mapped to the clusters that hold them, so an emoji ZWJ sequence, a
/// flag or a skin-toned emoji is one character, never split by a break. A boundary ICU reports
/// inside a cluster is dropped.
///
/// One analyzer serves one thread at a time (it owns one ICU iterator), as a layout manager does.
public final class UnicodeTextAnalyzer: TextAnalyzing {
  private let lineBreaks: LineBreakIterator
  /// Calls whose library failed; those calls answered as `SimpleTextAnalyzer` does.
  public private(set) var failures = 0
  /// The last library error, if any.
  public private(set) var lastError: TextAnalysisError?
  private let fallback = SimpleTextAnalyzer()

  /// Opens ICU's line break iterator.
  /// - Throws: ``TextAnalysisError`` with ICU's message when it cannot be opened.
  public init() throws(TextAnalysisError) {
    lineBreaks = try LineBreakIterator()
  }

  /// 32 characters: UAX #14's rules look a few characters around a break, and ICU's dictionaries
  /// a word (Thai words are seldom longer).
  public var lineBreakContext: Int { 32 }

  /// The offsets before which a line may break, by UAX #14.
  /// - Complexity: O(characters of `text`).
  public func lineBreakOpportunities(in text: Substring) -> [Int] {
    let units = Array(text.utf16)
    let boundaries: [Int]
    do {
      boundaries = try lineBreaks.boundaries(in: units)
    } catch {
      record(error)
      return fallback.lineBreakOpportunities(in: text)
    }
    // ASCII without a CR LF pair: one code unit per character, the boundaries are the offsets.
    if !units.contains(where: { $0 >= 0x80 }) && !zip(units, units.dropFirst()).contains(where: { $0 == (13, 10) }) {
      return boundaries
    }
    // Walk the clusters and the boundaries together, both ascending.
    var result: [Int] = []
    result.reserveCapacity(boundaries.count)
    var next = boundaries.makeIterator()
    var boundary = next.next()
    var unit = 0
    var offset = 0
    for character in text {
      while let current = boundary, current < unit { boundary = next.next() }
      if let current = boundary, current == unit, offset > 0 { result.append(offset) }
      unit += character.utf16.count
      offset += 1
    }
    return result
  }

  /// The direction of the first strong character (rule P2, which skips isolates), or `nil`.
  /// - Complexity: O(characters up to the first strong one), read in short chunks; the isolates
  ///   still open at a chunk's end are carried into the next.
  public func firstStrongDirection(of text: Substring) -> WritingDirection? {
    var chunk: [UInt32] = []
    chunk.reserveCapacity(64)
    var depth = 0
    for scalar in text.unicodeScalars {
      chunk.append(scalar.value)
      if chunk.count == 64 {
        if let direction = BidiResolver.firstStrongDirection(of: chunk, isolateDepth: &depth) { return direction }
        chunk.removeAll(keepingCapacity: true)
      }
    }
    return BidiResolver.firstStrongDirection(of: chunk, isolateDepth: &depth)
  }

  /// The resolved level of every character (its first code point's).
  /// - Complexity: O(characters of `text`).
  public func embeddingLevels(of text: Substring, baseDirection: WritingDirection) -> [UInt8] {
    let scalars = text.unicodeScalars.map(\.value)
    let levels: [UInt8]
    do {
      levels = try BidiResolver.levels(of: scalars, baseDirection: baseDirection)
    } catch {
      record(error)
      return fallback.embeddingLevels(of: text, baseDirection: baseDirection)
    }
    var result: [UInt8] = []
    result.reserveCapacity(levels.count)
    var scalar = 0
    for character in text {
      result.append(levels[scalar])
      scalar += character.unicodeScalars.count
    }
    return result
  }

  private func record(_ error: TextAnalysisError) {
    failures += 1
    lastError = error
  }
}
