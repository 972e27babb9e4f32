import Foundation

extension AttributedText {
  /// What changed between two texts: the characters before `range` and the last
  /// `unchangedSuffix` characters are the same (with the same attributes) in both.
  struct Difference: Equatable {
    /// The changed characters in the old text.
    var oldRange: Range<Int>
    /// The characters that took their place in the new text.
    var newRange: Range<Int>
  }

  /// The smallest change that turns `old` into this text, found by comparing bytes from both ends
  /// (`memcmp` speed) and attribute runs, then rounding to whole characters in both texts.
  /// - Complexity: O(bytes in common + runs + log length).
  func difference(from old: AttributedText) -> Difference {
    let prefixBytes = Self.commonBytes(string, old.string, fromEnd: false)
    let prefix = min(
      character(containingUTF8: prefixBytes).offset, old.character(containingUTF8: prefixBytes).offset,
      Self.commonRunPrefix(runs, old.runs))
    let suffixBytes = Self.commonBytes(string, old.string, fromEnd: true)
    let suffix = min(
      wholeCharacters(inLast: suffixBytes), old.wholeCharacters(inLast: suffixBytes),
      Self.commonRunPrefix(runs.reversed(), old.runs.reversed()), length - prefix, old.length - prefix)
    return Difference(oldRange: prefix..<(old.length - suffix), newRange: prefix..<(length - suffix))
  }

  /// The number of whole characters in the last `bytes` bytes.
  private func wholeCharacters(inLast bytes: Int) -> Int {
    let firstShared = string.utf8.count - bytes
    let holder = character(containingUTF8: firstShared)
    return length - (holder.utf8Start == firstShared ? holder.offset : holder.offset + 1)
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
