import AnimationRuntime
import Instrumentation
import Stickers
import Testing

@Suite struct StickerViewTests {
  @Test func loadingCreatesAStateAndReloadingCountsAReset() throws {
    let clock = ManualClock()
    let runtime = try StickerFixtures.runtime(clock: clock)
    let instrumentation = Instrumentation()
    let attachment = StickerAttachment(stickerName: "heart", runtime: runtime)
    let provider = StickerFixtures.provider(for: attachment)
    let firstLoad = instrumentation.measure { provider.load(recordingTo: instrumentation) }
    #expect(firstLoad.animationStatesCreated == 1)
    #expect(firstLoad.animationResets == 0)
    let first = try #require(provider.view as? StickerView)
    clock.advance(by: 0.25)
    #expect(first.animationState.frameIndex == 15)

    first.surfaceWillBeDiscarded()
    let reload = instrumentation.measure { provider.load(recordingTo: instrumentation) }
    let second = try #require(provider.view as? StickerView)
    #expect(second !== first)
    #expect(second.animationState.frameIndex == 0)
    #expect(reload.animationStatesCreated == 1)
    #expect(reload.animationResets == 1)
    #expect(instrumentation.perAttachment[attachment.id]?.animationResets == 1)
    let events = instrumentation.events.map(\.kind)
    #expect(events == [.animationStateCreated, .animationStateCreated, .animationReset])
  }

  @Test func restoredFromTheScrollCacheItResumesWhereItWas() throws {
    let clock = ManualClock()
    let runtime = try StickerFixtures.runtime(clock: clock)
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "fire", runtime: runtime))
    provider.load(recordingTo: nil)
    let view = try #require(provider.view as? StickerView)
    clock.advance(by: 0.5)
    #expect(view.animationState.frameIndex == 15)
    view.surfaceWillEnterReuseCache(keepsAdvancing: false)
    clock.advance(by: 3)
    view.surfaceDidLeaveReuseCache()
    #expect(view.animationState.frameIndex == 15)
    clock.advance(by: 0.1)
    #expect(view.animationState.frameIndex == 18)
  }

  @Test func keepsAdvancingWhileCachedWhenAsked() throws {
    let clock = ManualClock()
    let runtime = try StickerFixtures.runtime(clock: clock)
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "fire", runtime: runtime))
    provider.load(recordingTo: nil)
    let view = try #require(provider.view as? StickerView)
    view.surfaceWillEnterReuseCache(keepsAdvancing: true)
    clock.advance(by: 0.5)
    view.surfaceDidLeaveReuseCache()
    #expect(view.animationState.frameIndex == 15)
    runtime.keepsAdvancingWhileCached = true
    view.surfaceWillEnterReuseCache(keepsAdvancing: false)
    clock.advance(by: 0.5)
    #expect(!view.animationState.isPaused)
    #expect(view.animationState.frameIndex == 30)
  }

  @Test func aStickerPausedBeforeCachingStaysPaused() throws {
    let clock = ManualClock()
    let runtime = try StickerFixtures.runtime(clock: clock)
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "wave", runtime: runtime))
    provider.load(recordingTo: nil)
    let view = try #require(provider.view as? StickerView)
    view.animationState.pause()
    view.surfaceWillEnterReuseCache(keepsAdvancing: false)
    view.surfaceDidLeaveReuseCache()
    #expect(view.animationState.isPaused)
  }

  @Test func offScreenStickersDoNoRenderingWork() throws {
    let clock = ManualClock()
    let cache = FrameCache()
    let runtime = try StickerFixtures.runtime(clock: clock, cache: cache)
    let views = try ["party", "wave", "heart", "fire"].map { name in
      let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: name, runtime: runtime))
      provider.load(recordingTo: nil)
      return try #require(provider.view as? StickerView)
    }
    for _ in 0..<30 {
      clock.advance(by: 1.0 / 30)
      _ = views[0].currentFrame(pixelSize: 32)  // only the first is visible
    }
    #expect(views[0].framesProduced == 30)
    #expect(views.dropFirst().allSatisfy { $0.framesProduced == 0 && $0.reuseCacheCost == 0 })
    #expect(cache.decodes == 30)
    #expect(views[0].reuseCacheCost == 32 * 32 * 4)
  }

  @Test func viewsOfOneStickerShareDecodedFrames() throws {
    let clock = ManualClock()
    let cache = FrameCache()
    let runtime = try StickerFixtures.runtime(clock: clock, cache: cache)
    let views = try (0..<5).map { _ in
      let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "star", runtime: runtime))
      provider.load(recordingTo: nil)
      return try #require(provider.view as? StickerView)
    }
    for _ in 0..<120 {
      clock.advance(by: 1.0 / 30)
      for view in views { _ = view.currentFrame(pixelSize: 48) }
    }
    // 60 frames per loop, two loops, five views: each frame is rendered once.
    #expect(cache.decodes == 60)
    #expect(cache.hits == 5 * 120 - 60)
  }

  @Test func lastFrameKeyNamesTheFrameLastReturned() throws {
    let clock = ManualClock()
    let runtime = try StickerFixtures.runtime(clock: clock)
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "fire", runtime: runtime))
    provider.load(recordingTo: nil)
    let view = try #require(provider.view as? StickerView)
    #expect(view.lastFrameKey == nil)
    _ = try #require(view.currentFrame(pixelSize: 32))
    let first = try #require(view.lastFrameKey)
    #expect(first.pixelSize == 32 && first.frameIndex == 0 && !first.asset.isEmpty)
    _ = view.currentFrame(pixelSize: 32)
    #expect(view.lastFrameKey == first, "the same frame again has the same key")
    clock.advance(by: 0.5)
    _ = view.currentFrame(pixelSize: 32)
    #expect(view.lastFrameKey == FrameCacheKey(asset: first.asset, pixelSize: 32, frameIndex: 15))
    _ = view.currentFrame(pixelSize: 48)
    #expect(view.lastFrameKey?.pixelSize == 48)
    #expect(view.currentFrame(pixelSize: 0) == nil)
    #expect(view.lastFrameKey?.pixelSize == 48, "a refused size keeps the last frame's key")
    view.surfaceWillBeDiscarded()
    #expect(view.lastFrameKey == nil)
  }

  @Test func attachmentCopyIsANewObjectWithTheSameSticker() throws {
    let runtime = try StickerFixtures.runtime(clock: ManualClock())
    let attachment = StickerAttachment(stickerName: "party", runtime: runtime)
    let copy = try #require(attachment.copy() as? StickerAttachment)
    #expect(copy !== attachment)
    #expect(copy.id != attachment.id)
    #expect(copy.stickerName == "party")
    #expect(copy.runtime === runtime)
    #expect(copy.bounds == attachment.bounds)
    #expect(copy.viewProviderType == StickerViewProvider.self)
  }
}
