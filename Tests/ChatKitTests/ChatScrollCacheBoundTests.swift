import ChatKit
import Foundation
import Instrumentation
import Testing
import TextEngine

/// The chat view's scroll cache bound: the chat window's 64 views / 32 MiB unless the view is made
/// with another (`scrollCache:`), set before the first pass and named in the HUD.
@Suite @MainActor struct ChatScrollCacheBoundTests {
  /// A transcript of 150 sticker messages, scrolled from the bottom to the top a viewport at a
  /// time and back, with the scroll policy.
  private func scrollThroughAndBack(_ scrollCache: ReuseCacheConfiguration?) throws -> (ChatTextView, Counters) {
    let fixture = try ChatFixture()
    let storage = fixture.stickerTranscript(count: 150)
    let view: ChatTextView
    if let scrollCache {
      view = try ChatTextView.offscreen(
        storage: storage, width: 360, height: 560, fonts: fixture.environment.fonts, clock: fixture.clock,
        instrumentation: Instrumentation(timeSource: { [clock = fixture.clock] in clock.now }),
        scrollCache: scrollCache)
    } else {
      view = try fixture.view(storage)
    }
    view.setStickerPolicy([.onScrollingOutOfViewport])
    try view.renderFrame()
    while view.scrollOffset > 0 {
      view.scroll(by: -500)
      try view.renderFrame()
    }
    view.scrollToBottom()
    try view.renderFrame()
    return (view, view.instrumentation.totals)
  }

  @Test func byDefaultTheViewKeepsTheChatBoundAndEvictsBeyondIt() throws {
    let (view, counters) = try scrollThroughAndBack(nil)
    #expect(view.reuseCacheConfiguration == .chatDemo)
    #expect(view.hudSnapshot.rows.contains { $0.label == "scroll cache" && $0.value.hasSuffix("of 64 views / 32 MiB") })
    #expect(counters.providersCreated == 150)
    #expect(counters.surfacesEvicted > 0)
    #expect(counters.viewsLoaded > 150, "the views evicted at the top are loaded again at the bottom")
  }

  @Test func unboundedTheViewLoadsEveryStickerOnce() throws {
    let (view, counters) = try scrollThroughAndBack(.unbounded)
    #expect(view.reuseCacheConfiguration == .unbounded)
    #expect(view.hudSnapshot.rows.contains { $0.label == "scroll cache" && $0.value.hasSuffix("of unbounded") })
    #expect(counters.providersCreated == 150)
    #expect(counters.surfacesEvicted == 0)
    #expect(counters.viewsLoaded == 150)
  }
}
