import AnimationRuntime
import Testing

@Suite struct AnimationStateTests {
  @Test func startsAtFrameZero() {
    let clock = ManualClock(now: 123.25)
    let state = AnimationState(clock: clock, frameCount: 60, frameRate: 30)
    #expect(state.time == 0)
    #expect(state.frameIndex == 0)
    #expect(state.loopCount == 0)
    #expect(!state.isPaused)
  }

  @Test func advancingTimeSelectsTheMatchingFrame() {
    let clock = ManualClock()
    let state = AnimationState(clock: clock, frameCount: 60, frameRate: 30)
    clock.advance(by: 0.5)
    #expect(state.frameIndex == 15)
    for _ in 0..<7 { clock.advance(by: 1.0 / 30) }
    #expect(state.frameIndex == 22)
    clock.advance(by: 0.01)
    #expect(state.frameIndex == 22)
  }

  @Test func stepsOfOneFrameLandOnEveryFrame() {
    let clock = ManualClock()
    let state = AnimationState(clock: clock, frameCount: 60, frameRate: 60)
    var seen: [Int] = []
    for _ in 0..<60 {
      seen.append(state.frameIndex)
      clock.advance(by: 1.0 / 60)
    }
    #expect(seen == Array(0..<60))
  }

  @Test func loopsAndCountsLoops() {
    let clock = ManualClock()
    let state = AnimationState(clock: clock, frameCount: 30, frameRate: 30)
    clock.advance(by: 2.5)
    #expect(state.frameIndex == 15)
    #expect(state.loopCount == 2)
    clock.advance(by: 0.5)
    #expect(state.frameIndex == 0)
    #expect(state.loopCount == 3)
  }

  @Test func pauseStopsOwnTimeAndResumeContinuesFromThere() {
    let clock = ManualClock()
    let state = AnimationState(clock: clock, frameCount: 60, frameRate: 30)
    clock.advance(by: 0.4)
    state.pause()
    #expect(state.isPaused)
    clock.advance(by: 10)
    #expect(state.frameIndex == 12)
    #expect(state.time == 0.4)
    state.resume()
    clock.advance(by: 0.2)
    #expect(state.frameIndex == 18)
    #expect(!state.isPaused)
  }

  @Test func pauseAndResumeAreIdempotent() {
    let clock = ManualClock()
    let state = AnimationState(clock: clock, frameCount: 10, frameRate: 10)
    clock.advance(by: 0.3)
    state.pause()
    clock.advance(by: 1)
    state.pause()
    state.resume()
    clock.advance(by: 0.2)
    state.resume()
    #expect(state.frameIndex == 5)
  }

  @Test func perFrameDurationsAreHonoured() {
    let clock = ManualClock()
    let state = AnimationState(clock: clock, frameDurations: [0.03, 0.03, 0.04, 0.5])
    #expect(state.frameCount == 4)
    #expect(abs(state.loopDuration - 0.6) < 1e-9)
    clock.advance(by: 0.03)
    #expect(state.frameIndex == 1)
    clock.advance(by: 0.035)
    #expect(state.frameIndex == 2)
    clock.advance(by: 0.035)
    #expect(state.frameIndex == 3)
    clock.advance(by: 0.499)
    #expect(state.frameIndex == 3)
    clock.advance(by: 0.002)
    #expect(state.frameIndex == 0)
    #expect(state.loopCount == 1)
  }

  @Test func invalidTimingFallsBackToSafeValues() {
    let clock = ManualClock()
    let state = AnimationState(clock: clock, frameCount: 0, frameRate: .nan)
    clock.advance(by: 5)
    #expect(state.frameCount == 1)
    #expect(state.frameRate == 30)
    #expect(state.frameIndex == 0)
  }

  @Test func manualClockIgnoresBackwardSteps() {
    let clock = ManualClock(now: 2)
    clock.advance(by: -1)
    clock.advance(by: .infinity)
    #expect(clock.now == 2)
  }
}
