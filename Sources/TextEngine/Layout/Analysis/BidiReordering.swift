/// Rules L1–L2 of the Unicode Bidirectional Algorithm on one line, and where its carets go.
enum BidiReordering {
  /// Rule L2: the logical indices of the characters in visual order, left to right. From the
  /// highest level down to the lowest odd one, every maximal sequence at that level or higher is reversed.
  /// - Complexity: O(characters × levels).
  static func visualOrder(_ levels: [UInt8]) -> [Int] {
    var order = Array(levels.indices)
    guard let highest = levels.max(), let lowestOdd = levels.map({ $0 | 1 }).min(), highest >= lowestOdd else {
      return order
    }
    var level = highest
    while level >= lowestOdd {
      var index = 0
      while index < order.count {
        guard levels[order[index]] >= level else {
          index += 1
          continue
        }
        var end = index
        while end < order.count, levels[order[end]] >= level { end += 1 }
        order[index..<end].reverse()
        index = end
      }
      level -= 1
    }
    return order
  }

  /// Each character's left x when the characters of `advances` are drawn in visual order from 0.
  static func lefts(advances: [Double], order: [Int]) -> [Double] {
    var lefts = [Double](repeating: 0, count: advances.count)
    var x = 0.0
    for logical in order {
      lefts[logical] = x
      x += advances[logical]
    }
    return lefts
  }

  /// The caret's x before each character and at the end (`count + 1` values).
  ///
  /// Between two characters of one level the caret sits where they meet. Where levels differ it
  /// sits at the edge of the character with the lower level (the one nearer the paragraph's
  /// direction); the line's start and end count as characters at the paragraph level, at the
  /// line's start and end edges. So no two offsets share an x, and hit testing a caret's x gives
  /// its offset back.
  static func caretPositions(
    levels: [UInt8], lefts: [Double], advances: [Double], baseLevel: UInt8
  ) -> [Double] {
    let count = levels.count
    guard count > 0 else { return [0] }
    var minX = Double.infinity
    var maxX = -Double.infinity
    for index in 0..<count {
      minX = min(minX, lefts[index])
      maxX = max(maxX, lefts[index] + advances[index])
    }
    let startEdge = baseLevel & 1 == 1 ? maxX : minX
    let endEdge = baseLevel & 1 == 1 ? minX : maxX
    func leading(_ index: Int) -> Double {
      levels[index] & 1 == 1 ? lefts[index] + advances[index] : lefts[index]
    }
    func trailing(_ index: Int) -> Double {
      levels[index] & 1 == 1 ? lefts[index] : lefts[index] + advances[index]
    }
    var positions: [Double] = []
    positions.reserveCapacity(count + 1)
    for offset in 0...count {
      if offset == 0 {
        positions.append(levels[0] > baseLevel ? startEdge : leading(0))
      } else if offset == count {
        positions.append(levels[count - 1] > baseLevel ? endEdge : trailing(count - 1))
      } else {
        positions.append(levels[offset] <= levels[offset - 1] ? leading(offset) : trailing(offset - 1))
      }
    }
    return positions
  }
}
