extension Counter {
  /// The counters that say what happened to providers, views and animations: the ones a reuse test
  /// asserts exactly (``Counters/reuse`` keeps these). The others count layout work, cache-hook
  /// traffic and font lookups, which depend on fonts and viewport sizes.
  public static let reuseCounters: [Counter] = [
    .providersCreated, .providersReusedOnEdit, .providersDiscarded, .viewsLoaded, .viewsDiscarded,
    .surfacesCachedOnScrollOut, .surfacesRestoredOnScrollIn, .surfacesEvicted, .animationStatesCreated,
    .animationResets,
  ]

  /// The counters that say what a person saw of sticker frames during scrolling: blanks, late frames,
  /// prefetching, decoding nobody saw and the frame cache. They depend on when frames arrive, so a
  /// reuse test leaves them out (``Counters/reuse`` does).
  public static let frameCounters: [Counter] = [
    .blankStickerPixelFrames, .blankFrames, .maxBlankStickerPixels, .stickerFramesLate, .framesPrefetched,
    .prefetchedFramesUsed, .prefetchedFramesWasted, .framesDecodedWhileUnseen, .frameCacheHits, .frameCacheMisses,
  ]

  /// Whether the counter is a maximum over frames rather than a sum (``maxBlankStickerPixels``).
  public var isMaximum: Bool { self == .maxBlankStickerPixels }
}

extension Counters: CustomStringConvertible {
  /// The counters that are not zero, by name, in declaration order: `Counters(providersCreated: 3,
  /// animationResets: 1)`, or `Counters()` when all are zero. This is what a failed `#expect` shows.
  public var description: String {
    let fields = Counter.allCases.filter { self[$0] != 0 }.map { "\($0.rawValue): \(self[$0])" }
    return "Counters(" + fields.joined(separator: ", ") + ")"
  }

  /// Only the ``Counter/reuseCounters`` (providers, views, scroll cache, animation states and
  /// resets); the layout, cache-hook and font counters read zero.
  ///
  /// Compare this in a reuse test, so the test does not depend on how many fragments or passes a
  /// viewport size makes.
  public var reuse: Counters {
    var result = Counters()
    for counter in Counter.reuseCounters { result[counter] = self[counter] }
    return result
  }

  /// Whether every counter is zero.
  public var isZero: Bool { Counter.allCases.allSatisfy { self[$0] == 0 } }

  /// One line per counter whose value differs from `expected`'s: `"animationResets: expected 0,
  /// got 3"`, in declaration order; empty when the two are equal.
  /// - Parameter expected: The counters the caller expected.
  /// - Returns: The differences, readable in a test failure.
  public func differences(from expected: Counters) -> [String] {
    Counter.allCases.compactMap { counter in
      self[counter] == expected[counter]
        ? nil : "\(counter.rawValue): expected \(expected[counter]), got \(self[counter])"
    }
  }

  /// The counter-by-counter sum; a maximum (``Counter/isMaximum``) keeps the larger value.
  public static func + (lhs: Counters, rhs: Counters) -> Counters {
    var result = Counters()
    for counter in Counter.allCases {
      result[counter] = counter.isMaximum ? max(lhs[counter], rhs[counter]) : lhs[counter] + rhs[counter]
    }
    return result
  }
}
