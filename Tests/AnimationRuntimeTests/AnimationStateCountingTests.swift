import AnimationRuntime
import Foundation
import Testing

@Suite struct AnimationStateCountingTests {
  @Test func countingSeesEveryStateMadeInItsBody() {
    let clock = ManualClock()
    let count = AnimationState.counting {
      _ = AnimationState(clock: clock, frameCount: 4, frameRate: 8)
      _ = AnimationState(clock: clock, frameDurations: [0.1, 0.2])
    }
    #expect(count == 2)
    #expect(AnimationState.counting {} == 0)
  }

  @Test func aStillStateIsNotCountedAndIsPaused() {
    let clock = ManualClock()
    var still: AnimationState?
    let count = AnimationState.counting { still = AnimationState.still(clock: clock) }
    #expect(count == 0)
    clock.advance(by: 5)
    #expect(still?.isPaused == true)
    #expect(still?.frameIndex == 0)
  }

  @Test func statesMadeOutsideOrOnAnotherThreadAreNotCounted() {
    let clock = ManualClock()
    _ = AnimationState(clock: clock, frameCount: 2, frameRate: 2)  // outside: nothing watches
    let count = AnimationState.counting {
      let done = DispatchSemaphore(value: 0)
      let thread = Thread {
        _ = AnimationState(clock: ManualClock(), frameCount: 2, frameRate: 2)
        done.signal()
      }
      thread.start()
      done.wait()
      _ = AnimationState(clock: clock, frameCount: 2, frameRate: 2)
    }
    #expect(count == 1)
  }

  @Test func nestedCountsAreTheirOwn() {
    let clock = ManualClock()
    var inner = 0
    let outer = AnimationState.counting {
      _ = AnimationState(clock: clock, frameCount: 2, frameRate: 2)
      inner = AnimationState.counting { _ = AnimationState(clock: clock, frameCount: 2, frameRate: 2) }
    }
    #expect(inner == 1)
    #expect(outer == 1)
  }
}
