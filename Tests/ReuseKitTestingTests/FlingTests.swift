import ReuseKitTesting
import ScenarioVocabulary
import Testing

/// The `fling` op: a motion that slows by friction, a frame at a time, through the host.
@Suite struct FlingTests {
  @Test func theMotionFollowsItsFormula() {
    let motion = FlingMotion(velocity: 5000, friction: 2, start: 10)
    #expect(motion.offset(at: 10) == 0)
    #expect(abs(motion.offset(at: 11) - 2500 * (1 - exp(-2))) < 1e-9)
    #expect(abs(motion.offset(at: 1_000) - 2500) < 1e-6)  // v₀ / k in all
    #expect(abs(motion.velocity(at: 11) - 5000 * exp(-2)) < 1e-9)
    #expect(!motion.hasEnded(at: 11) && motion.hasEnded(at: 14))
    let steady = FlingMotion(velocity: -2000, friction: 0, start: 0)
    #expect(steady.offset(at: 3) == -6000 && !steady.hasEnded(at: 100))
    #expect(FlingMotion(velocity: .nan, friction: -1, start: 0).offset(at: 1) == 0)
  }

  @Test func theHostFlingsByTheMotionsDistance() throws {
    let host = ReuseTestHost(messages: 2_000, attachmentEvery: 5, provider: TextAttachmentViewProvider.self, policy: [])
    let start = host.clock.now
    try host.fling(velocity: 3000, seconds: 1)
    let expected = FlingMotion(velocity: 3000, start: start).offset(at: start + 1)
    #expect(abs(host.textView.scrollOffset - expected) < 1e-6)
    #expect(abs(host.clock.now - start - 1) < 1e-9)
    try host.fling(velocity: -1e6, seconds: 1, friction: 0)
    #expect(host.textView.scrollOffset == 0)  // stopped by the top
  }

  @Test func badFlingsThrowAndMoveNothing() {
    let host = ReuseTestHost(messages: 100, attachmentEvery: 0, provider: TextAttachmentViewProvider.self, policy: [])
    for (velocity, seconds, friction) in [
      (Double.nan, 1.0, 2.0), (2e6, 1, 2), (100, 0, 2), (100, 601, 2), (100, 1, -1),
    ] {
      #expect(throws: ReuseTestHost.OperationError.self) {
        try host.fling(velocity: velocity, seconds: seconds, friction: friction)
      }
    }
    #expect(host.textView.scrollOffset == 0 && host.clock.now == 0)
  }
}
