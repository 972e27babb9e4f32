import CSDL2

/// The parts of a window drawn since the last present, as a few rectangles in window pixels: what
/// a software-rendered window pushes to the screen.
///
/// A rectangle inside one already held adds nothing, and one that holds others replaces them, so
/// the many small copies a frame makes (glyphs, sticker frames) inside a view's damaged band cost
/// nothing. Past ``limit`` rectangles, a new one is merged with the one whose union grows least:
/// the rectangles may then cover pixels nobody drew (pushed again unchanged), never miss one.
package struct PresentDamage: Sendable {
  /// The most rectangles kept.
  package let limit: Int
  /// The rectangles, none empty and none inside another.
  package private(set) var rects: [SDL_Rect] = []

  /// Creates an empty damage list.
  /// - Parameter limit: The most rectangles kept (at least 1).
  package init(limit: Int = 16) {
    self.limit = max(1, limit)
  }

  /// Whether nothing was drawn.
  package var isEmpty: Bool { rects.isEmpty }

  /// Adds `rect`; an empty one adds nothing.
  /// - Parameter rect: Pixels that were drawn.
  /// - Complexity: O(``limit``).
  package mutating func add(_ rect: SDL_Rect) {
    guard rect.w > 0, rect.h > 0 else { return }
    var rect = rect
    while true {
      if rects.contains(where: { $0.contains(rect) }) { return }
      rects.removeAll { rect.contains($0) }
      if rects.count < limit {
        rects.append(rect)
        return
      }
      var best = 0
      var bestGrowth = Int.max
      for (index, held) in rects.enumerated() {
        let growth = held.union(rect).area - held.area
        if growth < bestGrowth { (best, bestGrowth) = (index, growth) }
      }
      rect = rect.union(rects.remove(at: best))
    }
  }

  /// The rectangles cut to `bounds`, the empty ones dropped.
  /// - Parameter bounds: The window's pixels.
  /// - Returns: What to push to the screen.
  package func rects(within bounds: SDL_Rect) -> [SDL_Rect] {
    rects.map { $0.intersection(bounds) }.filter { $0.w > 0 && $0.h > 0 }
  }

  /// Checks that no rectangle is empty or inside another and that there are at most ``limit``.
  package func checkInvariants() {
    precondition(rects.count <= limit, "\(rects.count) rectangles, limit \(limit)")
    for (index, rect) in rects.enumerated() {
      precondition(rect.w > 0 && rect.h > 0, "empty rectangle \(rect)")
      for (other, held) in rects.enumerated() where other != index {
        precondition(!held.contains(rect), "\(rect) lies inside \(held)")
      }
    }
  }
}
