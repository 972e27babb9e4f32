import AnimationRuntime
import ReuseKitSupport
import Testing

@testable import Stickers

/// How frames reach sticker views: waited for, one frame late, or decoded ahead; what a view shows
/// meanwhile; no decoding while nobody sees; the first frame only under reduced motion.
@Suite struct FrameDeliveryTests {
  /// A loaded view of sticker `name` in `runtime`, and its provider (which keeps it alive).
  static func view(_ name: String, _ runtime: StickerRuntime) throws -> (StickerView, HeldProvider) {
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: name, runtime: runtime))
    provider.load(recordingTo: nil)
    return (try #require(provider.provider.view as? StickerView), provider)
  }

  @Test func waitingEveryFrameShowsAtOnce() throws {
    let runtime = try StickerFixtures.runtime(clock: ManualClock())
    let (view, _) = try Self.view("heart", runtime)
    _ = view.currentFrame(pixelSize: 32)
    #expect(view.lastFrameOrigin == .decoded)
    _ = view.currentFrame(pixelSize: 32)
    #expect(view.lastFrameOrigin == .cached)
  }

  @Test func nextFrameShowsTheSkeletonThenTheFrameAFrameLater() throws {
    let clock = ManualClock()
    let runtime = try StickerFixtures.runtime(clock: clock)
    runtime.frameDelivery = .nextFrame
    let (view, _) = try Self.view("heart", runtime)
    runtime.beginFrame()
    _ = view.currentFrame(pixelSize: 32)
    #expect(view.lastFrameOrigin == .pending)
    #expect(view.lastFrameOrigin.isLate)
    #expect(view.nextFrameTime != nil)  // it asks to be drawn again when its frame may be there
    _ = view.currentFrame(pixelSize: 32)  // the same frame: still not delivered
    #expect(view.lastFrameOrigin == .pending)
    runtime.beginFrame()
    _ = view.currentFrame(pixelSize: 32)
    #expect(view.lastFrameOrigin == .decoded || view.lastFrameOrigin == .cached)
    #expect(view.lastFrameKey?.frameIndex == 0)
    // The animation moves on: its next frame is late, and the last one stands in (stale, not blank).
    clock.advance(by: 0.1)
    _ = view.currentFrame(pixelSize: 32)
    #expect(view.lastFrameOrigin == .stale)
    #expect(view.lastFrameKey?.frameIndex == 0)
  }

  @Test func aPrefetchedFrameIsShownAtOnceAndToldAsPrefetchedOnce() throws {
    let runtime = try StickerFixtures.runtime(clock: ManualClock())
    runtime.frameDelivery = .nextFrame
    #expect(runtime.prefetch(named: "heart", pixelSize: 32) == .requested)
    #expect(runtime.prefetch(named: "heart", pixelSize: 32) == .available)  // asked already
    #expect(runtime.prefetch(named: "no-such-sticker", pixelSize: 32) == .unavailable)
    #expect(runtime.prefetchesOutstanding == 1)
    runtime.beginFrame()
    #expect(runtime.frameWork.prefetched == 1)
    #expect(runtime.prefetchesOutstanding == 0)
    let (first, _) = try Self.view("heart", runtime)
    let (second, _) = try Self.view("heart", runtime)
    _ = first.currentFrame(pixelSize: 32)
    #expect(first.lastFrameOrigin == .prefetched(firstUse: true))
    _ = second.currentFrame(pixelSize: 32)
    #expect(second.lastFrameOrigin == .cached)
    #expect(runtime.frameCache.prefetchedFramesWasted == 0)
  }

  @Test func aPrefetchedFrameEvictedUnshownIsWasted() throws {
    let frame = RGBAImage(width: 32, height: 32)
    let cache = FrameCache(capacityBytes: frame.byteCount * 2)
    let keys = (0..<3).map { FrameCacheKey(asset: "a", pixelSize: 32, frameIndex: $0) }
    cache.insert(frame, for: keys[0], prefetched: true)
    cache.insert(frame, for: keys[1], prefetched: true)
    #expect(cache.takePrefetchedMark(for: keys[1]))
    #expect(!cache.takePrefetchedMark(for: keys[1]))  // told once
    cache.insert(frame, for: keys[2], prefetched: false)  // evicts keys[0], never shown
    #expect(cache.prefetchedFramesWasted == 1)
    #expect(cache.unshownPrefetchedFrames == 0)
  }

  @Test func unseenNothingIsDecodedAndTheShownFrameStays() throws {
    let clock = ManualClock()
    let runtime = try StickerFixtures.runtime(clock: clock)
    let (view, _) = try Self.view("fire", runtime)
    _ = view.currentFrame(pixelSize: 32)
    let shown = view.lastFrameKey
    let decodes = runtime.frameCache.decodes
    runtime.isUnseen = true
    for _ in 0..<30 {
      clock.advance(by: 1.0 / 60)
      _ = view.currentFrame(pixelSize: 32)
      #expect(view.lastFrameKey == shown)
    }
    #expect(runtime.prefetch(named: "heart", pixelSize: 32) == .unavailable)
    #expect(runtime.frameCache.decodes == decodes)
    #expect(runtime.frameWork.decodedWhileUnseen == 0)
    runtime.isUnseen = false
    _ = view.currentFrame(pixelSize: 32)
    #expect(view.lastFrameKey != shown)  // seen again, it shows the frame its time is at
  }

  @Test func framesAskedForAreNotDeliveredUnseenAndADecodeThenIsCounted() throws {
    let runtime = StickerRuntime(clock: ManualClock(), library: try StickerFixtures.library(), decoding: .inProcess)
    runtime.frameDelivery = .nextFrame
    let (view, _) = try Self.view("heart", runtime)
    _ = view.currentFrame(pixelSize: 32)  // asked for while seen
    runtime.isUnseen = true
    runtime.beginFrame()  // unseen: it waits
    #expect(runtime.frameCache.decodes == 0)
    // The counter counts what the runtime decodes meanwhile (here the decoder called directly).
    let player = try runtime.player(named: "heart")
    _ = runtime.render(player, named: "heart", frame: 3, pixelSize: 32)
    #expect(runtime.frameWork.decodedWhileUnseen == 1)
    runtime.isUnseen = false
    runtime.beginFrame()
    #expect(runtime.frameCache.decodes == 1)
    #expect(runtime.frameWork.decodedWhileUnseen == 1)
  }

  @Test func reducedMotionShowsTheFirstFrameAndResetsNothing() throws {
    let clock = ManualClock()
    let runtime = try StickerFixtures.runtime(clock: clock)
    runtime.reducesMotion = true
    let (view, _) = try Self.view("fire", runtime)
    #expect(view.nextFrameTime == nil)
    for _ in 0..<20 {
      clock.advance(by: 0.05)
      _ = view.currentFrame(pixelSize: 32)
      #expect(view.lastFrameKey?.frameIndex == 0)
    }
    #expect(view.animationState.frameIndex > 0)  // its own time went on
    runtime.reducesMotion = false
    _ = view.currentFrame(pixelSize: 32)
    #expect(view.lastFrameKey?.frameIndex == view.animationState.frameIndex)
  }
}
