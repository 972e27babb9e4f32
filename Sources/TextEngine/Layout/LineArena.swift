/// The line storage shared by the successive layouts of one paragraph: append-only, so a
/// layout names its lines by number and copying a layout copies integers, never touching (or
/// reference-counting) the line objects themselves.
///
/// Lines an edit replaced stay until the arena holds more dead lines than live ones; the next
/// relayout then starts a fresh arena with the live lines only (older layouts keep the old one).
final class LineArena {
  /// Every line stored, live or not.
  private(set) var lines: [LineLayout] = []

  init(capacity: Int = 0) { lines.reserveCapacity(capacity) }

  /// Stores `line` and returns its number.
  func add(_ line: LineLayout) -> Int32 {
    lines.append(line)
    return Int32(truncatingIfNeeded: lines.count - 1)
  }

  subscript(id: Int32) -> LineLayout { lines[Int(id)] }
}
