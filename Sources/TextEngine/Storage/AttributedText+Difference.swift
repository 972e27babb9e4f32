import Foundation

extension AttributedText {
  /// What changed between two texts: the characters before `range` and the last
  /// `unchangedSuffix` characters are the same (with the same attributes) in both.
  package struct Difference: Equatable {
    /// The changed characters in the old text.
    package var oldRange: Range<Int>
    /// The characters that took their place in the new text.
    package var newRange: Range<Int>
  }

  /// The smallest change that turns `old` into this text, found by comparing bytes from both ends
  /// (`memcmp` speed) and attribute runs, then rounding to whole characters in both texts.
  /// - Complexity: O(bytes in common + runs + log length).
  package func difference(from old: AttributedText) -> Difference {
    let prefix = min(commonPrefixLength(with: old), old.commonPrefixLength(with: self))
    let suffix = min(
      commonSuffixLength(with: old), old.commonSuffixLength(with: self), length - prefix, old.length - prefix)
    return Difference(oldRange: prefix..<(old.length - suffix), newRange: prefix..<(length - suffix))
  }

  /// The number of leading characters of this text whose bytes and attributes `other` shares.
  private func commonPrefixLength(with other: AttributedText) -> Int {
    let bytes = Self.commonBytes(string, other.string, fromEnd: false)
    let byCharacters = character(containingUTF8: bytes).offset
    return min(byCharacters, Self.commonRunPrefix(runs, other.runs))
  }

  /// The number of trailing characters of this text whose bytes and attributes `other` shares.
  private func commonSuffixLength(with other: AttributedText) -> Int {
    let bytes = Self.commonBytes(string, other.string, fromEnd: true)
    let firstShared = string.utf8.count - bytes
    let holder = character(containingUTF8: firstShared)
    let firstWhole = holder.utf8Start == firstShared ? holder.offset : holder.offset + 1
    let byRuns = Self.commonRunPrefix(runs.reversed(), other.runs.reversed())
    return min(length - firstWhole, byRuns)
  }

  private static func commonBytes(_ a: String, _ b: String, fromEnd: Bool) -> Int {
    var a = a
    var b = b
    return a.withUTF8 { x in
      b.withUTF8 { y in
        let count = min(x.count, y.count)
        guard let xBase = x.baseAddress, let yBase = y.baseAddress, count > 0 else { return 0 }
        // Compare in blocks with memcmp, then byte by byte inside the first differing block.
        let block = 4096
        var done = 0
        while done < count {
          let size = min(block, count - done)
          let xStart = fromEnd ? xBase + (x.count - done - size) : xBase + done
          let yStart = fromEnd ? yBase + (y.count - done - size) : yBase + done
          if memcmp(xStart, yStart, size) == 0 {
            done += size
            continue
          }
          for step in 0..<size {
            let at = fromEnd ? size - 1 - step : step
            if xStart[at] != yStart[at] { return done + step }
          }
          return done + size
        }
        return count
      }
    }
  }

  /// The number of leading characters two run sequences give the same attributes.
  private static func commonRunPrefix<S: Sequence<Run>>(_ a: S, _ b: S) -> Int {
    var total = 0
    var x = a.makeIterator()
    var y = b.makeIterator()
    while let left = x.next(), let right = y.next() {
      guard left.attributes == right.attributes else { return total }
      guard left.length == right.length else { return total + min(left.length, right.length) }
      total += left.length
    }
    return total
  }
}
