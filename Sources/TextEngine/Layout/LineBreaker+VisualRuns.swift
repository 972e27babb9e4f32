extension LineBreaker {
  /// `runs` (logical, one per attribute run) split where the level changes, placed at their
  /// characters' visual x and sorted left to right.
  static func visualRuns(
    _ runs: [LineLayout.Run], levels: [UInt8], lefts: [Double], advances: [Double], order: [Int]
  ) -> [LineLayout.Run] {
    var visualIndex = [Int](repeating: 0, count: order.count)
    for (position, logical) in order.enumerated() { visualIndex[logical] = position }
    var pieces: [(run: LineLayout.Run, visualStart: Int)] = []
    for run in runs {
      var start = run.start
      while start < run.start + run.length {
        var end = start + 1
        while end < run.start + run.length, levels[end] == levels[start] { end += 1 }
        var x = Double.infinity
        var first = Int.max
        var width = 0.0
        for index in start..<end {
          x = min(x, lefts[index])
          first = min(first, visualIndex[index])
          width += advances[index]
        }
        var piece = LineLayout.Run(start: start, length: end - start, attributes: run.attributes, x: x, width: width)
        piece.isRightToLeft = levels[start] & 1 == 1
        pieces.append((piece, first))
        start = end
      }
    }
    return pieces.sorted { $0.visualStart < $1.visualStart }.map(\.run)
  }
}
