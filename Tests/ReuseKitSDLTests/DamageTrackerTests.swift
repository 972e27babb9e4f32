import Foundation
import ReuseKitSupport
import Testing

@testable import ReuseKitSDL

/// The damage plan's geometry: merged rectangles are whole pixels, inside the view, cover every
/// change and neither overlap nor touch; a plan names exactly what moved, appeared or went.
@Suite struct DamageTrackerTests {
  private let bounds = CGRect(x: 0, y: 0, width: 320, height: 480)

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func mergedRectanglesCoverEveryChangeAndNeitherOverlapNorTouch(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let rects = (0..<random.next(below: 12)).map { _ in
        CGRect(
          x: Double(random.next(below: 400)) - 40 + 0.25, y: Double(random.next(below: 560)) - 40,
          width: Double(random.next(below: 120)) + 0.5, height: Double(random.next(below: 90)) + 0.5)
      }
      let merged = DamageTracker.merge(rects, within: bounds)
      for rect in merged {
        #expect(bounds.contains(rect))
        #expect(rect.minX == rect.minX.rounded() && rect.maxY == rect.maxY.rounded())
      }
      for (index, rect) in merged.enumerated() {
        for other in merged[(index + 1)...] { #expect(!rect.insetBy(dx: -1, dy: -1).intersects(other)) }
      }
      for rect in rects {
        let visible = rect.intersection(bounds)
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { continue }
        #expect(merged.contains { $0.contains(visible) }, "\(rect) is covered")
      }
    }
  }

  @Test func aPlanNamesWhatMovedAppearedOrWent() {
    var tracker = DamageTracker()
    let a = DrawnRegion(rect: CGRect(x: 0, y: 10, width: 320, height: 40), key: 1, scrollsWithContent: true)
    let b = DrawnRegion(rect: CGRect(x: 0, y: 60, width: 320, height: 40), key: 2, scrollsWithContent: true)
    let first = tracker.plan(
      [.overlay(0): a, .overlay(1): b], anchors: [], offset: 0, bounds: bounds, full: false, allowsBlit: true)
    #expect(first.isFull, "the first frame draws everything")
    let same = tracker.plan(
      [.overlay(0): a, .overlay(1): b], anchors: [], offset: 0, bounds: bounds, full: false, allowsBlit: true)
    #expect(same == .nothing)
    var changed = b
    changed.key = 3
    let edit = tracker.plan(
      [.overlay(0): a, .overlay(1): changed], anchors: [], offset: 0, bounds: bounds, full: false, allowsBlit: true)
    #expect(edit.rects == [b.rect] && edit.blit == nil)
    // A scroll by 10 px: both moved with the content; only the strip that came into view is new.
    let moved = ["a": a.rect, "b": changed.rect].mapValues { $0.offsetBy(dx: 0, dy: -10) }
    let scroll = tracker.plan(
      [
        .overlay(0): DrawnRegion(rect: moved["a"]!, key: 1, scrollsWithContent: true),
        .overlay(1): DrawnRegion(rect: moved["b"]!, key: 3, scrollsWithContent: true),
      ], anchors: [], offset: 10, bounds: bounds, full: false, allowsBlit: true)
    #expect(scroll.blit == 10 && scroll.rects == [CGRect(x: 0, y: 470, width: 320, height: 10)])
    // A fractional scroll cannot reuse pixels.
    let fractional = tracker.plan(
      [:], anchors: [], offset: 10.5, bounds: bounds, full: false, allowsBlit: true)
    #expect(fractional.isFull)
  }

  /// Extra rectangles (line fragments whose rendering attributes changed) are drawn though no
  /// region changed, merged like any damage and clipped to the view; a frame without them draws nothing.
  @Test func extraRectanglesAreDrawnThoughNoRegionChanged() {
    var tracker = DamageTracker()
    let region = DrawnRegion(rect: CGRect(x: 0, y: 10, width: 320, height: 80), key: 1, scrollsWithContent: true)
    _ = tracker.plan([.caret: region], anchors: [], offset: 0, bounds: bounds, full: true, allowsBlit: true)
    let lines = [
      CGRect(x: 0, y: 20, width: 320, height: 18), CGRect(x: 0, y: 38, width: 320, height: 18),
      CGRect(x: 0, y: 470, width: 320, height: 18),
    ]
    let plan = tracker.plan(
      [.caret: region], anchors: [], offset: 0, bounds: bounds, full: false, allowsBlit: true, extra: lines)
    #expect(plan.rects == [CGRect(x: 0, y: 20, width: 320, height: 36), CGRect(x: 0, y: 470, width: 320, height: 10)])
    #expect(plan.blit == nil && !plan.isFull)
    let next = tracker.plan([.caret: region], anchors: [], offset: 0, bounds: bounds, full: false, allowsBlit: true)
    #expect(next == .nothing)
  }
}
