import Foundation

/// Works out what a frame must redraw: the regions that changed since the last frame drawn, and,
/// when the view scrolled, how far the last frame's pixels can be moved instead of drawn again.
///
/// Pure geometry, no SDL: a view hands it the regions it would draw now (``DrawnRegion``), keyed by
/// what they belong to, and draws only the rectangles it answers.
struct DamageTracker {
  /// What one frame asks for.
  struct Plan: Equatable {
    /// Move the last frame's pixels up by this many pixels (down when negative) before drawing.
    var blit: Int?
    /// The rectangles to draw again (view pixels), disjoint after merging; empty: nothing changed.
    var rects: [CGRect]
    /// Whether the whole view is drawn.
    var isFull: Bool

    /// Nothing to draw.
    static let nothing = Plan(blit: nil, rects: [], isFull: false)
  }

  private var previous: [RegionID: DrawnRegion] = [:]
  private var previousOffset = 0.0
  private var previousBounds: CGRect?
  /// Objects whose identities name the previous regions, held so no new object can take an
  /// identity (an address) while it is still compared.
  private var anchors: [AnyObject] = []

  /// The plan for a frame of a view of `bounds` scrolled to `offset`, showing `regions`.
  /// - Parameters:
  ///   - regions: What the frame would draw, by identity.
  ///   - anchors: Objects whose identities appear in the keys of `regions`.
  ///   - offset: The view's scroll offset (whole pixels make a blit possible).
  ///   - bounds: The view's rectangle in view pixels.
  ///   - full: Draw everything (the first frame, a lost target, a change the regions do not name).
  ///   - allowsBlit: Whether the target keeps its pixels so a scroll can move them.
  ///   - pixelScale: The target's pixels per point: a move of whole points that is not whole
  ///     pixels (1 point at 1.5×) is drawn anew.
  ///   - extra: Rectangles (view pixels, as of this frame) that changed though no region did: the
  ///     line fragments whose rendering attributes changed.
  /// - Returns: What to draw.
  /// - Complexity: O(regions now and in the last frame + extra rectangles).
  mutating func plan(
    _ regions: [RegionID: DrawnRegion], anchors: [AnyObject], offset: Double, bounds: CGRect, full: Bool,
    allowsBlit: Bool, pixelScale: Double = 1, extra: [CGRect] = []
  ) -> Plan {
    defer {
      previous = regions
      previousOffset = offset
      previousBounds = bounds
      self.anchors = anchors
    }
    if full || previousBounds != bounds { return Plan(blit: nil, rects: [bounds], isFull: true) }
    let delta = offset - previousOffset
    var blit: Int?
    var damage: [CGRect] = []
    if delta != 0 {
      let pixels = Int(delta.rounded())
      // Only a whole-pixel move shorter than the view can reuse pixels; anything else is drawn anew.
      let moved = Double(pixels) * pixelScale
      guard allowsBlit, Double(pixels) == delta, abs(moved - moved.rounded()) < 1e-6, abs(pixels) < Int(bounds.height)
      else {
        return Plan(blit: nil, rects: [bounds], isFull: true)
      }
      blit = pixels
      damage.append(
        pixels > 0
          ? CGRect(x: bounds.minX, y: bounds.maxY - Double(pixels), width: bounds.width, height: Double(pixels))
          : CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: Double(-pixels)))
    }
    for (id, region) in regions {
      guard let old = previous[id] else {
        damage.append(region.rect)
        continue
      }
      // Where the old pixels are now: a scrolling region moved with the blit; a fixed one was moved
      // by it too (so both its old place and where the blit took it are stale).
      let moved = blit.map { old.rect.offsetBy(dx: 0, dy: -Double($0)) } ?? old.rect
      if old.scrollsWithContent == region.scrollsWithContent, old.key == region.key,
        region.scrollsWithContent ? moved == region.rect : (blit == nil && old.rect == region.rect)
      {
        continue
      }
      damage.append(region.rect)
      damage.append(moved)
      if !old.scrollsWithContent, blit != nil { damage.append(old.rect) }
    }
    for (id, old) in previous where regions[id] == nil {
      let moved = blit.map { old.rect.offsetBy(dx: 0, dy: -Double($0)) } ?? old.rect
      damage.append(moved)
      if !old.scrollsWithContent, blit != nil { damage.append(old.rect) }
    }
    damage += extra
    let rects = Self.merge(damage, within: bounds)
    if rects.isEmpty, blit == nil { return .nothing }
    return Plan(blit: blit, rects: rects, isFull: false)
  }

  /// `rects` clipped to `bounds`, rounded out to whole pixels, and merged until none overlap or touch.
  /// - Complexity: O(n²) in the number of rectangles, which is small (a frame's changes).
  static func merge(_ rects: [CGRect], within bounds: CGRect) -> [CGRect] {
    var result: [CGRect] = []
    for rect in rects {
      let clipped = rect.intersection(bounds)
      guard !clipped.isNull, clipped.width > 0, clipped.height > 0 else { continue }
      var merged = CGRect(
        x: clipped.minX.rounded(.down), y: clipped.minY.rounded(.down),
        width: clipped.maxX.rounded(.up) - clipped.minX.rounded(.down),
        height: clipped.maxY.rounded(.up) - clipped.minY.rounded(.down))
      var index = 0
      while index < result.count {
        if result[index].insetBy(dx: -1, dy: -1).intersects(merged) {
          merged = merged.union(result.remove(at: index))
          index = 0
        } else {
          index += 1
        }
      }
      result.append(merged)
    }
    return result.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
  }
}
