extension WritingDirection {
  /// LEFT-TO-RIGHT ISOLATE, which opens an isolate again at the start of a chunk read after one
  /// that left it open.
  static let leftToRightIsolate: Unicode.Scalar = "\u{2066}"
  /// The most open isolates carried from one chunk into the next (UAX #9 nests at most 125).
  static let isolateCarryLimit = 125

  /// The isolates open after `scalars`, `depth` being open before them: LRI, RLI and FSI open
  /// one, PDI closes one if any is open (as rule P2 and FriBidi count them). A search for the
  /// first strong character (which skips isolates) that reads a paragraph in chunks carries this
  /// into the next chunk.
  /// - Complexity: O(scalars).
  static func isolateDepth(after scalars: some Sequence<UInt32>, from depth: Int) -> Int {
    var depth = depth
    for scalar in scalars {
      if (0x2066...0x2068).contains(scalar) {
        depth += 1
      } else if scalar == 0x2069, depth > 0 {
        depth -= 1
      }
    }
    return depth
  }
}
