import AnimationRuntime
import ChatKit
import ChatModel
import Foundation
import Instrumentation
import ReuseKitSDL
import ScenarioVocabulary
import Stickers
import Testing
import TextEngine

/// The blank-sticker counters against the pixels: a fling drawn offscreen, each frame's screenshot
/// searched for the pending-sticker skeleton's colour, independently of the counters.
@MainActor
@Suite struct BlankStickerPixelTests {
  /// A transcript where every third message is a sticker alone (drawn large) and the others hold
  /// an inline sticker or text only.
  static func transcript(_ fixture: ChatFixture, count: Int) -> TextContentStorage {
    let names = fixture.runtime.library.names
    return TextContentStorage(
      paragraphs: (0..<count).map { index in
        let name = names[index % names.count]
        let parts: [ChatMessage.Part] =
          switch index % 3 {
          case 0: [.sticker(name)]
          case 1: [.text("message \(index) "), .sticker(name), .text(" end")]
          default: [.text("message \(index) with words enough to wrap onto a second line of the bubble")]
          }
        return fixture.message(index % 2 == 0 ? "ana" : "me", "10:\(10 + index % 50)", parts)
      })
  }

  /// What a fling showed: each drawn frame's skeleton pixels counted in its screenshot, and the
  /// counters' growth over the fling.
  struct Run {
    var skeletonPixels: [Int] = []
    var counters = Counters()
  }

  /// Flings `view` at `velocity` for `frames` frames, a frame at a time as the app does: the
  /// frames due, the fling's step, the frame drawn, then the prefetcher's turn.
  static func fling(
    _ view: ChatTextView, _ fixture: ChatFixture, velocity: Double, frames: Int, prefetcher: StickerPrefetcher?
  ) throws -> Run {
    var run = Run()
    let skeleton = view.colors.pendingSticker
    let colour = 0xFF00_0000 | UInt32(skeleton.red) << 16 | UInt32(skeleton.green) << 8 | UInt32(skeleton.blue)
    let motion = FlingMotion(velocity: velocity, friction: 0, start: fixture.clock.now)
    var scrolled = 0.0
    run.counters = try view.instrumentation.measure {
      for _ in 0..<frames {
        fixture.clock.advance(by: 1.0 / 60)
        fixture.runtime.beginFrame()
        let target = motion.offset(at: fixture.clock.now)
        view.scroll(by: target - scrolled)
        scrolled = target
        let drawn = view.framesRendered
        let before = view.instrumentation.totals.blankStickerPixelFrames
        try view.renderFrame()
        if view.framesRendered > drawn {
          let image = try view.screenshot()
          // What is drawn over the content (the jump-to-latest button) hides the stickers under it.
          let covers = view.overlayRegions().map(\.rect)
          var count = 0
          for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] == colour {
              let point = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
              if !covers.contains(where: { $0.contains(point) }) { count += 1 }
            }
          }
          run.skeletonPixels.append(count)
          // Frame by frame, so a failure names the frame.
          let counted = view.instrumentation.totals.blankStickerPixelFrames - before
          #expect(counted == count, "frame \(run.skeletonPixels.count): counted \(counted), screenshot \(count)")
        }
        prefetcher?.prefetch(for: view, now: fixture.clock.now, deadline: fixture.clock.now + 1.0 / 60)
      }
    }
    return run
  }

  @Test func theBlankCountersAreTheSkeletonsPixelsInEachFrameDrawn() throws {
    let fixture = try ChatFixture()
    fixture.runtime.frameDelivery = .nextFrame
    let view = try fixture.view(Self.transcript(fixture, count: 400))
    view.showsScrollBar = false  // its translucent thumb tints the skeleton it passes over
    let run = try Self.fling(view, fixture, velocity: 6000, frames: 90, prefetcher: nil)
    #expect(view.scrollOffset > 5000)  // it flung
    #expect(run.counters.blankStickerPixelFrames > 0)  // the fling met stickers not decoded yet
    #expect(run.counters.blankStickerPixelFrames == run.skeletonPixels.reduce(0, +))
    #expect(run.counters.blankFrames == run.skeletonPixels.count { $0 > 0 })
    #expect(run.counters.maxBlankStickerPixels == run.skeletonPixels.max())
    #expect(run.counters.stickerFramesLate >= run.counters.blankFrames)
  }

  @Test func prefetchingAheadLeavesFewerBlanksAndTouchesNoProviderOrView() throws {
    var runs: [Run] = []
    for prefetches in [false, true] {
      let fixture = try ChatFixture()
      fixture.runtime.frameDelivery = .nextFrame
      let view = try fixture.view(Self.transcript(fixture, count: 400))
      let prefetcher = prefetches ? StickerPrefetcher(runtime: fixture.runtime) : nil
      runs.append(try Self.fling(view, fixture, velocity: 2000, frames: 120, prefetcher: prefetcher))
      prefetcher?.record(into: view.instrumentation)
    }
    let (without, with) = (runs[0], runs[1])
    #expect(without.counters.framesPrefetched == 0)
    #expect(with.counters.framesPrefetched > 0)
    #expect(with.counters.prefetchedFramesUsed > 0)
    #expect(with.counters.blankStickerPixelFrames < without.counters.blankStickerPixelFrames)
    #expect(with.counters.blankStickerPixelFrames == with.skeletonPixels.reduce(0, +))
    // Frames only: every provider, view, animation state and fragment is made as without it.
    #expect(with.counters.reuse == without.counters.reuse)
    #expect(with.counters.layoutFragmentsCreated == without.counters.layoutFragmentsCreated)
  }
}
